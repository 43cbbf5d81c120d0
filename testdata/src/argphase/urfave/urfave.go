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
