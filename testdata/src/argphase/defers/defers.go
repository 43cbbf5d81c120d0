// Package defers holds functions with a defer: what a function returns
// after its side effect is ARG_ERROR only where ARG_ERROR is returned.
package defers

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func export(path, format string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.WriteString("{}"); err != nil {
		return err
	}
	if format == "" {
		return nil
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Create creates a file`
	}
	return nil
}

// validateFirst checks its input before the write: nothing to report,
// defer or not.
func validateFirst(path, format string) error {
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.WriteString("{}")
	return err
}

// named results and a deferred function that sets one.
func namedResult(path string) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	_, err = f.WriteString("{}")
	return err
}
