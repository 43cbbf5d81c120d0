// Package codelib holds helpers other packages call: what argphase knows of
// them reaches those packages as facts.
package codelib

import (
	"errors"
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/urfave/cli/v2"
)

// Die prints msg and exits with code.
func Die(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

// Report prints err and returns code.
func Report(err error, code int) int {
	fmt.Fprintln(os.Stderr, err)
	return code
}

// Store keeps records.
type Store interface {
	//exitlint:sideeffect
	Put(key string) error
}

// CheckFormat validates --format through a function literal.
func CheckFormat(format string) error {
	check := func() error {
		if format != "json" {
			return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
		}
		return nil
	}
	return check()
}

// CheckAll joins the problems it finds.
func CheckAll(format string, n int) error {
	var errs []error
	if n < 0 {
		errs = append(errs, errors.New("negative"))
	}
	if format != "json" {
		errs = append(errs, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json"))
	}
	return errors.Join(errs...)
}

// Usage is the error for a wrong number of arguments.
func Usage(n int) error { return cli.Exit(fmt.Sprintf("%d arguments", n), 3) }
