package main

import (
	"errors"

	"cases/crosspkg/cmderr"
	"cases/crosspkg/srcbatch"
)

// command is a command of this program: its Action, a function literal
// in a package-level variable, fails with codes cmderr.ExitCode stores.
type command struct {
	name   string
	action func(args []string) error
}

var getCommand = &command{
	name: "get",
	action: func(args []string) error {
		if len(args) == 0 {
			return cmderr.ExitCode(2, errors.New("repository not found")) // want barecode:`exit code 2 written as a bare integer.*it becomes the exit code: exitCode → cmderr.ExitCodeError.Code's result → run's result → os.Exit`
		}
		if args[0] == "login" {
			return cmderr.ExitCode1
		}
		if args[0] == "slow" {
			return cmderr.NewProgress(4, errors.New("still running")) // no exit code: main only prints a Progress's Code
		}
		return nil
	},
}

var errTaken = cmderr.ExitCode(7, errors.New("name taken")) // want barecode:`exit code 7 written as a bare integer.*it becomes the exit code: exitCode → cmderr.ExitCodeError.Code's result`

var apiCommand = &command{
	name: "api",
	action: func(args []string) error {
		if len(args) > 2 {
			// Judged at its declaration, where srcbatch's use makes it a
			// member of an exit table; not again here.
			return cmderr.ExitCode(cmderr.QueryErrorsExitCode, nil)
		}
		return srcbatch.Apply(args)
	},
}

var createCommand = &command{
	name: "create",
	action: func(args []string) error {
		if len(args) > 1 {
			return errTaken
		}
		return nil
	},
}
