// Package urfave keeps its exit table for urfave/cli: the codes reach the
// process's exit through cli.Exit, directly or through a helper.
package urfave

import "github.com/urfave/cli/v2"

const (
	OK       = 0
	Unknown  = 1
	Usage    = 2 // want `exit code Usage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
	Aborted  = 3 // want `exit code Aborted is 3, which an agent reads as ARG_ERROR \(.*\), and its name does not say so`
	NotFound = 5
	Hook     = 20 // want `exit code Hook \(20\) is in the framework-reserved range 14–63`
)

// Error builds the framework's error for a code.
func Error(code int, msg string) error { return cli.Exit(msg, code) }

func run(c *cli.Context) error {
	switch c.NArg() {
	case 0:
		return Error(Usage, "give a name")
	case 1:
		return Error(Aborted, "aborted")
	case 2:
		return Error(Hook, "hook failed")
	case 3:
		return cli.Exit("odd", 7) // want `exit code 7 written as a bare integer.*\(it becomes the exit code: cli.Exit, whose error the framework exits with\)`
	}
	return Error(NotFound, "no such entry")
}

// width is no exit code.
func width(c *cli.Context) int { return c.NArg() * 2 }
