// Package cli is a stand-in for github.com/urfave/cli/v2: the error type
// whose constructor takes the exit code the framework ends the process
// with.
package cli

import "os"

// ExitCoder is an error with an exit code.
type ExitCoder interface {
	error
	ExitCode() int
}

type exitError struct {
	message  any
	exitCode int
}

func (e *exitError) Error() string { return "exit" }
func (e *exitError) ExitCode() int { return e.exitCode }

// Exit returns an error the framework ends the process with exitCode for.
func Exit(message any, exitCode int) ExitCoder { return &exitError{message, exitCode} }

// NewExitError is Exit's older name.
func NewExitError(message any, exitCode int) ExitCoder { return Exit(message, exitCode) }

// Context is what an action is given.
type Context struct{ Args []string }

// NArg is the number of arguments.
func (c *Context) NArg() int { return len(c.Args) }

// HandleExitCoder ends the process with the error's code.
func HandleExitCoder(err error) {
	if ec, ok := err.(ExitCoder); ok {
		os.Exit(ec.ExitCode())
	}
}
