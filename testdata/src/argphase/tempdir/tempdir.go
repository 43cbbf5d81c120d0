// Package tempdir: files in a directory made by os.MkdirTemp are temporary,
// no side effect an agent would undo; a file at a path the caller gives is.
package tempdir

import (
	"fmt"
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

// editTree makes a file in a temporary directory and hands it to
// editBuffer, as sops's edit does.
func editTree(format string) error {
	dir, err := os.MkdirTemp("", "edit")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	f, err := os.Create(filepath.Join(dir, "buffer"))
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Chmod(0o600); err != nil {
		return err
	}
	result := make(chan error, 1)
	go func() {
		result <- editBuffer(f, format)
	}()
	return <-result
}

// editBuffer writes only to the temporary file its one caller gives it.
func editBuffer(f *os.File, format string) error {
	if _, err := f.Write([]byte("{}")); err != nil {
		return exitcode.New(exitcode.ArgError, "BAD_BUFFER", "cannot write the buffer")
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// scratchFile writes to a file os.CreateTemp made: no side effect.
func scratchFile(format string) error {
	f, err := os.CreateTemp("", "scratch")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	fmt.Fprintf(f, "{}")
	if _, err := f.WriteString("\n"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// WriteTo is exported: the file it is given may be any file.
func WriteTo(f *os.File, format string) error {
	if _, err := f.Write([]byte("{}")); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.File.Write writes to a file`
	}
	return nil
}

// save is unexported, but one of its calls gives it a file that stays.
func save(f *os.File, format string) error {
	if _, err := f.Write([]byte("{}")); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.File.Write writes to a file`
	}
	return nil
}

func saveBoth(format string) error {
	tmp, err := os.CreateTemp("", "save")
	if err != nil {
		return err
	}
	if err := save(tmp, format); err != nil {
		return err
	}
	out, err := os.OpenFile("out.json", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	return save(out, format)
}
