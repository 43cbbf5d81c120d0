// Package concrete: a call through an interface whose concrete type the
// function itself chose is a call of that type's method.
package concrete

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

type Store interface{ Save(s string) error }

type diskStore struct{ path string }

func (d diskStore) Save(s string) error { return os.WriteFile(d.path, []byte(s), 0o644) }

type memStore struct{ data *string }

func (m memStore) Save(s string) error { *m.data = s; return nil }

func save(path, format string) error {
	var out Store = diskStore{path}
	if err := out.Save("{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: concrete.diskStore.Save → os.WriteFile writes a file`
	}
	return nil
}

// inMemory saves to memory: no side effect.
func inMemory(format string) error {
	var s string
	var out Store = memStore{&s}
	if err := out.Save("{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// given: the store comes from the caller; its type is not known here.
func given(out Store, format string) error {
	if err := out.Save("{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// pointer receivers too.
type fileStore struct{ path string }

func (f *fileStore) Save(s string) error { return os.WriteFile(f.path, []byte(s), 0o644) }

func savePtr(path, format string) error {
	var out Store = &fileStore{path}
	if err := out.Save("{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: concrete.fileStore.Save → os.WriteFile writes a file`
	}
	return nil
}
