// Package main keeps an exit table whose usage member is 1: each use of
// ExitUsage picks the code that fits the case, and the fault is the
// member's value, which barecode reports at the declaration. Members named
// for failure in general, or for nothing the contract names, are
// catch-alls at each use.
package main

import (
	"errors"
	"os"
)

const (
	ExitOK       = 0
	ExitUsage    = 1
	ExitError    = 1
	ExitAPI      = 1
	ExitNotFound = 5
)

var errBusy = errors.New("busy")

func call(args []string) error {
	if len(args) > 3 {
		return errBusy
	}
	return nil
}

func run(args []string) int {
	if len(args) < 2 {
		return ExitUsage
	}
	if args[1] == "" {
		os.Exit(ExitUsage)
	}
	if args[1] == "-" {
		os.Exit(int(ExitUsage))
	}
	if _, err := os.Stat(args[1]); err != nil {
		return ExitError // want `exit code ExitError \(1\) is GENERAL_ERROR`
	}
	if err := call(args); err != nil {
		return ExitAPI // want `exit code ExitAPI \(1\) is GENERAL_ERROR`
	}
	if len(args) > 2 {
		os.Exit(ExitAPI) // want `os.Exit\(ExitAPI\) ends the process with GENERAL_ERROR`
	}
	if len(args) > 4 {
		return ExitNotFound
	}
	return ExitOK
}

func main() { os.Exit(run(os.Args)) }
