// Package tempdir: files in a directory made by os.MkdirTemp are temporary,
// no side effect an agent would undo; a file at a path the caller gives is.
package tempdir

import (
	"os"
	"path/filepath"

	"github.com/exitlint/exitlint/exitcode"
)

func render(format string) error {
	dir, err := os.MkdirTemp("", "render")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "out.json"), nil, 0o644); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// scratch writes only into a temporary directory: no side effect for its
// callers either.
func scratch() error {
	dir, err := os.MkdirTemp("", "scratch")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "a"), nil, 0o644)
}

func viaHelper(format string) error {
	if err := scratch(); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func export(path, format string) error {
	if err := os.WriteFile(filepath.Join(path, "out.json"), nil, 0o644); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}
