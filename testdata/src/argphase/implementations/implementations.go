// Package implementations: a call through an interface whose every
// implementation in the interface's package has a side effect has one.
package implementations

import (
	"cases/argphase/implementations/store"

	"github.com/exitlint/exitlint/exitcode"
)

func publish(s store.Store, name, format string) error {
	if err := s.Save(name, "{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: store.Store.Save → store.Disk.Save → os.WriteFile writes a file`
	}
	return nil
}

// remember: one Cache is in memory, so a call through Cache may write
// nothing.
func remember(c store.Cache, name, format string) error {
	if err := c.Put(name, "{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// describe: Name writes nothing.
func describe(s store.Store, format string) error {
	_ = s.Name()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}
