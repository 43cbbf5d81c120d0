package main

import "os"

type updater struct{}

// selfUpdate exits when the binary cannot be moved aside: on Unix the
// move is a no-op, but the program built for Windows can fail there, and
// the exit is reported.
func selfUpdate(u *updater) {
	restore, err := u.prepare()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	restore()
}

// traced exits when tracing cannot start, which only a debug build can
// fail at: the build a release ships never exits here.
func traced() {
	stop, err := startTrace()
	if err != nil {
		os.Exit(1)
	}
	stop()
}
