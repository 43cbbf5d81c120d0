package cmd

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"

	"cases/argphase/store"

	"github.com/exitlint/exitlint/exitcode"
)

// ExitError is the program's own error type holding an exit code.
type ExitError struct {
	Code exitcode.Code
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }

func writesThenRejects(name string) error {
	if err := os.WriteFile("log", nil, 0o644); err != nil {
		return err
	}
	if name == "" {
		return exitcode.New(exitcode.ArgError, "EMPTY", "name is empty") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file \(line 25\); ARG_ERROR promises the agent zero side effects, so validate before the first side effect, or emit PARTIAL_FAILURE once one has happened`
	}
	return nil
}

func acrossPackages(name string) exitcode.Code {
	store.Archive(name)
	if name == "x" {
		return exitcode.ArgError // want `ARG_ERROR returned \(ArgError\) after a side effect: store.Archive → store.Save → os.WriteFile writes a file`
	}
	return exitcode.Success
}

func throughVariable(name string) exitcode.Code {
	code := exitcode.Success
	if name == "" {
		code = exitcode.ArgError
	}
	os.Remove("stale")
	return code // want `ARG_ERROR returned \(ArgError\) after a side effect: os.Remove removes a file`
}

func viaValidator(name string) error {
	store.Publish("started")
	return store.Validate(name) // want `ARG_ERROR returned \(store.Validate\) after a side effect: store.Publish is marked //exitlint:sideeffect`
}

func ownErrorType(db *sql.DB, n int) error {
	if _, err := db.Exec("DELETE FROM t"); err != nil {
		return err
	}
	if n < 0 {
		return &ExitError{Code: exitcode.ArgError, Err: errors.New("negative")} // want `ARG_ERROR returned \(ArgError\) after a side effect: sql.DB.Exec executes a database statement`
	}
	return nil
}

func wrapped(c *http.Client, req *http.Request) error {
	c.Do(req)
	return fmt.Errorf("bad input: %w", exitcode.New(exitcode.ArgError, "X", "y")) // want `ARG_ERROR returned \(exitcode.New\) after a side effect: http.Client.Do sends an HTTP request`
}

func inLoop(names []string) exitcode.Code {
	for _, n := range names {
		if n == "" {
			return exitcode.ArgError // want `ARG_ERROR returned \(ArgError\) after a side effect: exec.Cmd.Run runs a process`
		}
		exec.Command("touch", n).Run()
	}
	return exitcode.Success
}

func exits(name string) {
	os.MkdirAll("out", 0o755)
	if name == "" {
		exitcode.Exit(exitcode.ArgError) // want `ARG_ERROR emitted by exitcode.Exit after a side effect: os.MkdirAll creates directories`
	}
	if name == "-" {
		os.Exit(int(exitcode.ArgError)) // want `ARG_ERROR emitted by os.Exit after a side effect`
	}
	if name == "?" {
		store.Usage() // want `ARG_ERROR emitted by store.Usage \(which may exit with it, via exitcode.Exit\(3\)\) after a side effect`
	}
}

func closure(name string) error {
	write := func() { os.WriteFile("x", nil, 0o644) }
	write()
	if name == "" {
		return exitcode.New(exitcode.ArgError, "X", "y") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: func literal → os.WriteFile writes a file`
	}
	return nil
}

// RunE is a command handler in a closure: the literal is checked on its own.
var RunE = func(name string) error {
	store.Save(name, nil)
	return store.Validate(name) // want `ARG_ERROR returned \(store.Validate\) after a side effect: store.Save → os.WriteFile writes a file`
}
