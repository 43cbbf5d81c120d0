// Package glog is a stand-in for github.com/golang/glog from v1.1.0 on:
// its Fatal functions send the process SIGABRT, which the Go runtime turns
// into a stack dump and exit status 2. FatalDepthf is the function of the
// API that says which version this is.
package glog

import "os"

// Fatal logs and aborts the process.
func Fatal(args ...any) { os.Exit(2) }

// FatalDepthf logs and aborts the process.
func FatalDepthf(depth int, format string, args ...any) { os.Exit(2) }

// Exit logs and ends the process with 1.
func Exit(args ...any) { os.Exit(1) }
