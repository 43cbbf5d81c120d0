package main

import (
	"fmt"
	"os"

	"github.com/urfave/cli/v2"
)

// printed returns the framework's error with 1 when stdout is broken: the
// output that would explain another code is lost too.
func printed(c *cli.Context) error {
	if _, err := fmt.Fprintln(os.Stdout, c.Args); err != nil {
		return cli.Exit(err, 1)
	}
	if _, err := fmt.Fprintln(os.Stdout, len(c.Args)); err != nil {
		return withCode(1, err)
	}
	if _, err := os.ReadFile(c.Args[0]); err != nil {
		return cli.Exit(err, 1) // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	return nil
}
