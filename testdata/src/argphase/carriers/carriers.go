// Package carriers: ARG_ERROR travels through Wrap and package-level
// sentinels too.
package carriers

import (
	"errors"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

var errNoFormat = exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")

var errPlain = errors.New("plain")

func sentinel(path, format string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	if format != "json" {
		return errNoFormat // want `ARG_ERROR returned \(exitcode.New\) after a side effect`
	}
	return errPlain
}

func wrapped(path, format string) error {
	err := os.WriteFile(path, nil, 0o644)
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json").Wrap(err) // want `ARG_ERROR returned \(exitcode.New\) after a side effect`
	}
	return err
}

// validateFirst returns the sentinel before anything is written.
func validateFirst(path, format string) error {
	if format != "json" {
		return errNoFormat
	}
	return os.WriteFile(path, nil, 0o644)
}
