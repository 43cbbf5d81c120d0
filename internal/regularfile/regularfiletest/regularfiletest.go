//go:build unix

// Package regularfiletest makes, for tests, the files that
// internal/regularfile refuses: a named pipe, a symbolic link to
// /dev/zero, a sparse file of a terabyte.
package regularfiletest

import (
	"os"
	"syscall"
	"testing"
)

// Kinds are the files Make makes, by what regularfile's refusal says
// they are.
var Kinds = []string{"a named pipe", "a character device", "larger than exitlint reads"}

// Make makes at path a file of the kind named (one of Kinds).
func Make(t testing.TB, path, kind string) {
	t.Helper()
	var err error
	switch kind {
	case "a named pipe":
		err = syscall.Mkfifo(path, 0o644)
	case "a character device":
		err = os.Symlink("/dev/zero", path)
	case "larger than exitlint reads":
		if err = os.WriteFile(path, nil, 0o644); err == nil {
			err = os.Truncate(path, 1<<40) // sparse: no space taken
		}
	default:
		t.Fatalf("regularfiletest: no kind %q", kind)
	}
	if err != nil {
		t.Fatal(err)
	}
}
