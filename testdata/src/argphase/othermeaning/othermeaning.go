// Package othermeaning keeps an exit table whose 3 means an outcome of its
// own, a failed update, not a bad argument. Exiting with that member after
// a write is one fault, the member's value, which barecode reports at the
// declaration; argphase leaves it. A bare 3 after the same write, or the
// member named for a bad argument in inttable, is ARG_ERROR and reported.
package main

import (
	"os"
	"strconv"
)

const (
	exitOK           = 0
	exitFailure      = 1
	exitUpdateFailed = 3
)

// exitWith ends the process with the code it is given.
func exitWith(code int) { os.Exit(code) }

func update(args []string) int {
	if err := os.WriteFile("state.json", nil, 0o644); err != nil {
		return exitFailure
	}
	if _, err := strconv.Atoi(args[0]); err != nil {
		return exitUpdateFailed
	}
	return exitOK
}

func apply(args []string) {
	if err := os.WriteFile("state.json", nil, 0o644); err != nil {
		exitWith(exitFailure)
	}
	if len(args) > 2 {
		exitWith(int(exitUpdateFailed))
	}
	if len(args) > 1 {
		exitWith(3) // want `ARG_ERROR emitted by main.exitWith .*after a side effect: os.WriteFile writes a file`
	}
}

func main() {
	apply(os.Args[1:])
	os.Exit(update(os.Args[1:]))
}
