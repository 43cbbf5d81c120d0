// Package mitchellh's commands return their exit status to the command
// framework, which the program exits with: a command's Run returns exit
// codes, whatever package main does with CLI.Run (here it exits with it).
// A Run method of a type that is no framework command returns a count.
package mitchellh

import (
	"os"

	"github.com/mitchellh/cli"
)

const (
	flagParseError = 16 // want `exit code flagParseError \(16\) is in the framework-reserved range 14–63`
	configError    = 17 // want `exit code configError \(17\) is in the framework-reserved range 14–63`
)

// RunCommand is a framework command.
type RunCommand struct{}

func (c *RunCommand) Help() string     { return "run" }
func (c *RunCommand) Synopsis() string { return "run" }

func (c *RunCommand) Run(args []string) int {
	if len(args) > 3 {
		return flagParseError
	}
	if _, err := os.Stat("hcdiag.hcl"); err != nil {
		return configError
	}
	if len(args) == 1 {
		return 4 // want `exit code 4 written as a bare integer`
	}
	return 0
}

// Batch is no framework command: its Run counts what it did.
type Batch struct{}

func (b Batch) Run(items []string) int {
	if len(items) > 9 {
		return 9 // no finding: a count
	}
	return len(items)
}

var _ cli.Command = (*RunCommand)(nil)
