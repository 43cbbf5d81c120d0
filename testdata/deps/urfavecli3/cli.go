// Package cli is a stand-in for github.com/urfave/cli/v3: a command is
// what an action is given, its flags are one generic type under aliases,
// and its help-and-exit function is held in a variable.
package cli

import (
	"context"
	"os"
)

// ActionFunc is what a command runs.
type ActionFunc func(context.Context, *Command) error

// Command is a command of the command line.
type Command struct {
	Name     string
	Hidden   bool
	Action   ActionFunc
	Flags    []Flag
	Commands []*Command
}

// Bool returns the value of the bool flag name.
func (c *Command) Bool(name string) bool { return false }

// Flag is a command-line flag.
type Flag interface{ Names() []string }

// FlagBase is every kind of flag, by the type of its value.
type FlagBase[T any] struct {
	Name        string
	Aliases     []string
	Hidden      bool
	Destination *T
}

// Names returns the flag's names.
func (f *FlagBase[T]) Names() []string { return append([]string{f.Name}, f.Aliases...) }

// BoolFlag is a bool flag.
type BoolFlag = FlagBase[bool]

// StringFlag is a string flag.
type StringFlag = FlagBase[string]

// ShowRootCommandHelpAndExit prints the help and ends the process.
func ShowRootCommandHelpAndExit(cmd *Command, exitCode int) { os.Exit(exitCode) }

// ShowAppHelpAndExit is ShowRootCommandHelpAndExit's earlier name.
var ShowAppHelpAndExit = ShowRootCommandHelpAndExit
