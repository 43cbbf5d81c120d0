package main

import "os"

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
