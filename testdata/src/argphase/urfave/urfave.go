// Package urfave: an action that returns cli.Exit(…, code) ends the
// process with that code, through the framework.
package urfave

import (
	"os"

	"github.com/urfave/cli/v2"
)

func export(c *cli.Context) error {
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return cli.Exit(err, 1)
	}
	if c.NArg() > 1 {
		return cli.Exit("too many arguments", 3) // want `ARG_ERROR returned \(cli.Exit\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

// validateFirst checks the arguments before the write.
func validateFirst(c *cli.Context) error {
	if c.NArg() > 1 {
		return cli.NewExitError("too many arguments", 3)
	}
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return cli.Exit(err, 1)
	}
	return nil
}

// busy exits with another code after the write.
func busy(c *cli.Context) error {
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return cli.Exit(err, 1)
	}
	if c.NArg() > 1 {
		return cli.Exit("locked", 8)
	}
	return nil
}

// exitError builds the framework's error from the code it is given.
func exitError(code int, msg string) error { return cli.Exit(msg, code) }

func viaHelper(c *cli.Context) error {
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return exitError(1, err.Error())
	}
	if c.NArg() > 1 {
		return exitError(3, "too many arguments") // want `ARG_ERROR emitted by urfave.exitError \(it exits with the code it is given\) after a side effect: os.WriteFile writes a file`
	}
	return exitError(8, "locked")
}
