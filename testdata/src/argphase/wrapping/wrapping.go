// Package wrapping: fmt.Errorf carries ARG_ERROR only through %w; %v copies
// the text into a plain error, which exits GENERAL_ERROR.
package wrapping

import (
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

var errFormat = exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")

func wrapped(path, format string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	if format != "json" {
		return fmt.Errorf("export %s: %w", path, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")) // want `ARG_ERROR returned \(exitcode.New\) after a side effect`
	}
	return nil
}

func formatted(path, format string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return err
	}
	if format != "json" {
		return fmt.Errorf("export %s: %v", path, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json"))
	}
	return nil
}
