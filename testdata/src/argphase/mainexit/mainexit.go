// Package mainexit: main ends the process with the code of what run
// returned, after a side effect of its own.
package main

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func run(args []string) error {
	if len(args) == 0 {
		return exitcode.New(exitcode.ArgError, "NO_ARGS", "give a file")
	}
	return nil
}

func main() {
	if err := os.WriteFile("run.lock", nil, 0o644); err != nil {
		os.Exit(1)
	}
	exitcode.Exit(exitcode.FromError(run(os.Args[1:]))) // want `ARG_ERROR emitted by exitcode.Exit \(exitcode.FromError of main.run\) after a side effect: os.WriteFile writes a file`
}

// clean validates before locking.
func clean() {
	err := run(os.Args[1:])
	if err != nil {
		exitcode.Exit(exitcode.FromError(err))
	}
	if err := os.WriteFile("run.lock", nil, 0o644); err != nil {
		os.Exit(1)
	}
}

func plainRun() error { return nil }

// plainCode: what run returns carries no ARG_ERROR.
func plainCode() {
	if err := os.WriteFile("run.lock", nil, 0o644); err != nil {
		os.Exit(1)
	}
	exitcode.Exit(exitcode.FromError(plainRun()))
}
