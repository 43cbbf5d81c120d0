// Package cobra is a stand-in for the library of that name, with the one
// function the fallback check knows by name.
package cobra

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/pflag"
)

// CheckErr prints err and ends the process with 1 when err is not nil.
func CheckErr(msg any) {
	if msg != nil {
		fmt.Fprintln(os.Stderr, "Error:", msg)
		os.Exit(1)
	}
}

// Command is a command of a command line: cobra calls its run functions
// when the command line names it.
type Command struct {
	Use        string
	Hidden     bool   // left out of the help
	Deprecated string // printed when the command is used

	PersistentPreRun  func(cmd *Command, args []string)
	PersistentPreRunE func(cmd *Command, args []string) error
	PreRun            func(cmd *Command, args []string)
	PreRunE           func(cmd *Command, args []string) error
	Run               func(cmd *Command, args []string)
	RunE              func(cmd *Command, args []string) error
	PostRun           func(cmd *Command, args []string)
	PostRunE          func(cmd *Command, args []string) error

	commands  []*Command
	flags     pflag.FlagSet
	exclusive [][]string
	out       io.Writer
}

// Flags returns the command's flags.
func (c *Command) Flags() *pflag.FlagSet { return &c.flags }

// PersistentFlags returns the flags the command's subcommands share.
func (c *Command) PersistentFlags() *pflag.FlagSet { return &c.flags }

// MarkFlagsMutuallyExclusive makes the command line refuse to set more
// than one of the flags.
func (c *Command) MarkFlagsMutuallyExclusive(flagNames ...string) {
	c.exclusive = append(c.exclusive, flagNames)
}

// Help prints the command's help; like the library's, it returns nil.
func (c *Command) Help() error {
	fmt.Fprintln(os.Stdout, "Usage:", c.Use)
	return nil
}

// Usage prints the command's usage; like the library's default, it fails
// only when the text cannot be written.
func (c *Command) Usage() error {
	_, err := fmt.Fprintln(c.OutOrStderr(), "Usage:", c.Use)
	return err
}

// OutOrStderr returns where the command writes its usage.
func (c *Command) OutOrStderr() io.Writer {
	if c.out != nil {
		return c.out
	}
	return os.Stderr
}

// SetOut sets where the command writes.
func (c *Command) SetOut(w io.Writer) { c.out = w }

// AddCommand adds subcommands.
func (c *Command) AddCommand(cmds ...*Command) { c.commands = append(c.commands, cmds...) }

// Execute runs the command the command line names.
func (c *Command) Execute() error {
	_, err := c.ExecuteC()
	return err
}

// ExecuteC runs the command the command line names, and returns it.
func (c *Command) ExecuteC() (*Command, error) {
	cmd := c
	if len(os.Args) > 1 {
		for _, sub := range c.commands {
			if sub.Use == os.Args[1] {
				cmd = sub
			}
		}
	}
	if cmd.Run != nil {
		cmd.Run(cmd, os.Args[1:])
		return cmd, nil
	}
	if cmd.RunE != nil {
		return cmd, cmd.RunE(cmd, os.Args[1:])
	}
	return cmd, fmt.Errorf("unknown command %q", os.Args[1])
}
