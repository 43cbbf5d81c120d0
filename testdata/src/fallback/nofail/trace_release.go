//go:build !debug

package main

// startTrace does nothing in the build a release ships; a debug build
// (trace_debug.go, a tag the developer opts into) writes a trace file.
func startTrace() (func(), error) { return func() {}, nil }
