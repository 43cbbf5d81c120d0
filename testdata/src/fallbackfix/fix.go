package fallbackfix

import (
	"errors"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func load() error { return errors.New("x") }

func main() {
	if err := load(); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process`
	}
	err := load()
	if err != nil {
		exitcode.Exit(exitcode.GeneralError) // want `exitcode.Exit\(exitcode.GeneralError\) ends the process`
	}
	if err != nil {
		err := errors.New("shadowed")
		_ = err
		os.Exit(1) // want `os.Exit\(1\) ends the process`
	}
	if load() != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process`
	}
}
