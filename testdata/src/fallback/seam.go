package main

import (
	"os"
	"testing"
)

// osExit is the common test seam: a call of it is a call of os.Exit.
var osExit = os.Exit

func seam() {
	osExit(1) // want `osExit\(1\) ends the process with GENERAL_ERROR \(1\)`
}

// swapped is reassigned by the program itself: no longer known to exit.
var swapped = os.Exit

func init() {
	if len(os.Args) > 5 {
		swapped = func(int) {}
	}
}

func notSeam() {
	swapped(1)
}

// stub swaps the seam for a test from a file that is no _test.go file: it
// takes a *testing.T, so the seam stays the exit function.
func stub(t *testing.T) {
	osExit = func(int) { t.Log("exit") }
}
