// Package literals: an error a function literal returns is what the call of
// it returns.
package literals

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func saved(path, format string) error {
	check := func() error {
		if format != "json" {
			return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
		}
		return nil
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	if err := check(); err != nil {
		return err // want `ARG_ERROR returned \(func literal\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

func onTheSpot(path, format string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	return func() error { // want `ARG_ERROR returned \(func literal\) after a side effect: os.WriteFile writes a file`
		if format != "json" {
			return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
		}
		return nil
	}()
}

// validateFirst calls the literal before the write.
func validateFirst(path, format string) error {
	check := func() error {
		if format != "json" {
			return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
		}
		return nil
	}
	if err := check(); err != nil {
		return err
	}
	return os.WriteFile(path, nil, 0o644)
}

// plain: the literal returns only plain errors.
func plain(path string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	stat := func() error {
		_, err := os.Stat(path)
		return err
	}
	return stat()
}
