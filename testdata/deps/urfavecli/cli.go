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
	Hidden bool // left out of the help
	Action ActionFunc
	Flags  []Flag
}

// Flag is a command-line flag.
type Flag interface{ Names() []string }

// BoolFlag is a bool flag.
type BoolFlag struct {
	Name        string
	Aliases     []string
	Hidden      bool
	Destination *bool
}

// Names returns the flag's names.
func (f *BoolFlag) Names() []string { return append([]string{f.Name}, f.Aliases...) }

// StringFlag is a string flag.
type StringFlag struct {
	Name        string
	Aliases     []string
	Hidden      bool
	Destination *string
}

// Names returns the flag's names.
func (f *StringFlag) Names() []string { return append([]string{f.Name}, f.Aliases...) }

// Bool returns the value of the bool flag name.
func (c *Context) Bool(name string) bool { return false }

// String returns the value of the string flag name.
func (c *Context) String(name string) string { return "" }

// IsSet reports whether the flag name was set.
func (c *Context) IsSet(name string) bool { return false }

// ShowAppHelpAndExit prints the help and ends the process with exitCode.
func ShowAppHelpAndExit(c *Context, exitCode int) { os.Exit(exitCode) }

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
