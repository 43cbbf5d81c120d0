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

// ActionFunc is what a command runs.
type ActionFunc func(*Context) error

// App is a command line application.
type App struct {
	Name     string
	Action   ActionFunc
	Before   func(*Context) error
	Commands []*Command
}

// Command is a subcommand.
type Command struct {
	Name   string
	Action ActionFunc
}

// Run runs the action the command line names.
func (a *App) Run(args []string) error {
	c := &Context{Args: args}
	for _, cmd := range a.Commands {
		if len(args) > 1 && cmd.Name == args[1] {
			return cmd.Action(c)
		}
	}
	if a.Action != nil {
		return a.Action(c)
	}
	return nil
}
