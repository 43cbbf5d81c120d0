// Package subcommands is a stand-in for github.com/google/subcommands in
// exitlint's tests: the API its commands and main use.
package subcommands

import (
	"context"
	"flag"
)

// ExitStatus is the status a command's Execute returns, which Execute
// returns to main.
type ExitStatus int

const (
	ExitSuccess ExitStatus = iota
	ExitFailure
	ExitUsageError
)

// Command is a subcommand.
type Command interface {
	Name() string
	Synopsis() string
	Usage() string
	SetFlags(*flag.FlagSet)
	Execute(ctx context.Context, f *flag.FlagSet, args ...interface{}) ExitStatus
}

var commands []Command

// Register adds a command.
func Register(cmd Command, group string) { commands = append(commands, cmd) }

// Execute runs the command the arguments name and returns its status.
func Execute(ctx context.Context, args ...interface{}) ExitStatus {
	if flag.NArg() < 1 {
		return ExitUsageError
	}
	for _, c := range commands {
		if c.Name() == flag.Arg(0) {
			return c.Execute(ctx, flag.CommandLine, args...)
		}
	}
	return ExitUsageError
}
