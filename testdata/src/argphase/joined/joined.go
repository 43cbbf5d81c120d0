// Package joined: errors.Join carries ARG_ERROR when an element of the
// slice it is given does.
package joined

import (
	"errors"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func removeAll(paths []string, format string) error {
	var errs []error
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			errs = append(errs, err)
		}
	}
	if format != "json" {
		errs = append(errs, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json"))
	}
	return errors.Join(errs...) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Remove removes a file`
}

// plainErrors joins only the errors of the removes.
func plainErrors(paths []string) error {
	var errs []error
	for _, p := range paths {
		if err := os.Remove(p); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// literalSlice: the elements are written in the call's slice.
func literalSlice(path, format string) error {
	err := os.Remove(path)
	errs := []error{err}
	if format != "json" {
		errs = []error{err, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")}
	}
	return errors.Join(errs...) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Remove removes a file`
}
