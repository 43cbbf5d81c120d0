// Package klog is a stand-in for k8s.io/klog/v2: its Fatal functions end
// the process with 255 after a stack dump, its Exit functions with 1, both
// through a function variable that only exitlint's list of library fatals
// knows.
package klog

import "os"

// OsExit is how the package ends the process.
var OsExit = os.Exit

// Fatal logs and ends the process with 255.
func Fatal(args ...any) { OsExit(255) }

// Fatalf logs and ends the process with 255.
func Fatalf(format string, args ...any) { OsExit(255) }

// Exitf logs and ends the process with 1.
func Exitf(format string, args ...any) { OsExit(1) }

// Info logs.
func Info(args ...any) {}
