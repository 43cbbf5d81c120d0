// Package failed: a call that failed changed nothing when the operation is
// all or nothing (opening, creating, removing, renaming one file); the
// ARG_ERROR on its error branch comes after no side effect.
package failed

import (
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

var errBadPath = exitcode.New(exitcode.ArgError, "BAD_PATH", "--out cannot be opened")

func open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, errBadPath.Wrap(err) // the open failed: nothing was created
	}
	return f, nil
}

func create(path string) error {
	f, err := os.Create(path)
	if err == nil {
		return f.Close()
	}
	return exitcode.New(exitcode.ArgError, "BAD_PATH", "--out cannot be created").Wrap(err)
}

func remove(path string) error {
	if err := os.Remove(path); err != nil {
		return exitcode.New(exitcode.ArgError, "BAD_PATH", "--path cannot be removed").Wrap(err)
	}
	return nil
}

// openThenValidate: the open succeeded on the path to the ARG_ERROR.
func openThenValidate(path, format string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if format != "json" {
		f.Close()
		return nil, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.OpenFile opens a file for writing`
	}
	return f, nil
}

// writeFile: a failed os.WriteFile may have truncated the file before the
// write failed; it is no all-or-nothing operation.
func writeFile(path string) error {
	if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
		return exitcode.New(exitcode.ArgError, "BAD_PATH", "--out cannot be written").Wrap(err) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

// mkdirAll may create some parents before it fails.
func mkdirAll(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return exitcode.New(exitcode.ArgError, "BAD_DIR", "--dir cannot be made").Wrap(err) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.MkdirAll creates directories`
	}
	return nil
}

// earlierEffect: the failed remove changed nothing, the write before it did.
func earlierEffect(path string) error {
	if err := os.WriteFile(path+".bak", nil, 0o644); err != nil {
		return err
	}
	if err := os.Remove(path); err != nil {
		return exitcode.New(exitcode.ArgError, "BAD_PATH", "--path cannot be removed").Wrap(err) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

// otherError: the branch tests another error, not the remove's.
func otherError(path string, check error) error {
	err := os.Remove(path)
	if check != nil {
		return exitcode.New(exitcode.ArgError, "BAD_CHECK", "--check failed") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Remove removes a file`
	}
	return err
}

// appendLog opens an existing log to append: the open writes nothing, and
// the exit comes before any write.
func appendLog(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err == nil {
		if _, err := f.Seek(0, 2); err != nil {
			exitcode.Exit(exitcode.ArgError)
		}
	}
}

// traceLog opens a log to append, creating it if it is missing (a debug
// trace a library opens when an environment variable names it): the open
// creates at most an empty file, and nothing is appended before the exit.
func traceLog() {
	if path := os.Getenv("TRACE"); path != "" {
		if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600); err == nil {
			defer f.Close()
		}
	}
	exitcode.Exit(exitcode.ArgError)
}

// createThenExit creates the file (O_CREATE without O_APPEND: a new file,
// or one written in place) before the exit.
func createThenExit(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return
	}
	defer f.Close()
	exitcode.Exit(exitcode.ArgError) // want `ARG_ERROR emitted by exitcode.Exit after a side effect: os.OpenFile opens a file for writing`
}

// appendCreatedThenExit appends to the log it may have created, before the
// exit.
func appendCreatedThenExit(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	f.WriteString("started\n")
	exitcode.Exit(exitcode.ArgError) // want `ARG_ERROR emitted by exitcode.Exit after a side effect: os.File.WriteString writes to a file`
}

// appendThenExit writes through fmt.Fprintf before the exit.
func appendThenExit(path string) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return
	}
	fmt.Fprintf(f, "started\n")
	exitcode.Exit(exitcode.ArgError) // want `ARG_ERROR emitted by exitcode.Exit after a side effect: fmt.Fprintf writes to a file`
}
