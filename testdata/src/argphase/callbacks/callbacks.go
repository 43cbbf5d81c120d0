// Package callbacks: a side effect in a callback the function hands to a
// call runs while that call does.
package callbacks

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/exitlint/exitlint/exitcode"
)

func prune(root, format string) error {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return os.Remove(path)
	})
	if err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: callback → func literal → os.Remove removes a file`
	}
	return nil
}

// count only reads in its callback.
func count(root, format string) (int, error) {
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		n++
		return err
	})
	if err != nil {
		return 0, err
	}
	if format != "json" {
		return 0, exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return n, nil
}
