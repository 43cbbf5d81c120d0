// Package main keeps its exit table as untyped constants and returns them
// from run, whose result main passes to os.Exit.
package main

import (
	"fmt"
	"os"
)

const (
	ExitOK         = 0
	ExitNotFound   = 3 // want `exit code ExitNotFound is 3, which the contract calls ARG_ERROR; NOT_FOUND is 5 \(ExitNotFound reaches run's result → os.Exit\): an agent acts on the number, not the name`
	ExitLimited    = 4 // want `exit code ExitLimited is 4, which an agent reads as PRECONDITION \(.*\), and its name does not say so`
	ExitConflict   = 6 // agrees with the contract: no finding
	ExitNotFoundOK = 0 // says two codes: no finding
	ExitLimitedOld = 7 // no finding: nothing uses it, and nothing outside package main can
)

func run(p string) int {
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		return 2 // want `exit code 2 written as a bare integer: spell it as a member of an exit-code enum .* \(it becomes the exit code: run's result → os.Exit\)`
	}
	if _, err := os.Stat(p + ".cfg"); err != nil {
		return ExitNotFound // reported at the declaration
	}
	if p == "limited" {
		return ExitLimited
	}
	if p == "taken" {
		return ExitConflict
	}
	code := ExitOK
	if p == "x" {
		code = 9 // want `exit code 9 written as a bare integer.*\(it becomes the exit code: run's result → os.Exit\)`
	}
	return code
}

// die ends the process with the code it is given.
func die(msg string, c int) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(c)
}

// count returns an int that is no exit code.
func count(items []string) int {
	if len(items) > 7 {
		return 7
	}
	return len(items)
}

func main() {
	if len(os.Args) < 2 {
		die("usage", 3) // want `exit code 3 written as a bare integer.*\(it becomes the exit code: die exits with it\)`
	}
	_ = count(os.Args)
	os.Exit(run(os.Args[1]))
}
