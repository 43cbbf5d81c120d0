// Package ssa is read by the argerror pass's SSA view: returns of errors
// that carry ARG_ERROR (the carriers over SSA), returns of 3 as the exit
// code, exits with 3, stores of 3 in the exit status; and look-alikes.
package ssa

import (
	"errors"
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
	cli "github.com/urfave/cli/v2"

	"cases/passes/argerror/lib"
)

func Direct() error {
	return exitcode.New(exitcode.ArgError, "X", "y") // want `\*ssa\.Return: returned \(exitcode\.New\) from \[exitcode\.New\]`
}

func ViaLib() error {
	return lib.New("x") // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
}

func Sentinel() error {
	return lib.ErrUsage // want `\*ssa\.Return: returned \(exitcode\.New\)`
}

func Chosen(bad bool) error {
	var err error
	if bad {
		err = lib.New("x")
	}
	return err // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
}

func Field() error {
	return &lib.ExitError{Code: lib.Usage} // want `\*ssa\.Return: returned \(ArgError\)`
}

func Joined(names []string) error {
	var errs []error
	for _, n := range names {
		errs = append(errs, lib.New(n))
	}
	return errors.Join(errs...) // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
}

func Wrapped() error {
	return fmt.Errorf("x: %w", lib.New("x")) // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
}

func Literal() error {
	check := func() error {
		return lib.New("x") // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
	}
	return check() // want `\*ssa\.Return: returned \(func literal\) from \[literal\]`
}

func Multi() (int, error) {
	return lib.Two() // want `\*ssa\.Return: returned \(lib\.Two\) from \[lib\.Two\]`
}

func Framework() error {
	return cli.Exit("x", 3) // want `\*ssa\.Return: returned \(cli\.Exit\) from \[cli\.Exit\]`
}

func Code() exitcode.Code {
	return exitcode.ArgError // want `\*ssa\.Return: returned \(ArgError\)`
}

// Recovered sets its named result in a deferred closure: the closure's
// store reaches every load of the result slot, the return statement's and
// the one of the recover block SSA adds.
func Recovered() (err error) { // want `\*ssa\.Return at no position: returned \(lib\.New\) from \[lib\.New\]`
	defer func() {
		if recover() != nil {
			err = lib.New("panic")
		}
	}()
	return nil // want `\*ssa\.Return: returned \(lib\.New\) from \[lib\.New\]`
}

// Look-alikes.

func Printed() error {
	return fmt.Errorf("x: %v", lib.New("x")) // %v copies the text
}

func Other() error {
	return exitcode.New(exitcode.NotFound, "X", "y")
}

func Framework4() error {
	return cli.Exit("x", 4)
}

func Overwritten() error {
	err := lib.New("x")
	err = errors.New("plain")
	return err // only the last store reaches the return
}

// Exits, one per case: code after an exit is unreachable.
func Exits(n int, err error) {
	switch n {
	case 0:
		exitcode.Exit(exitcode.FromError(lib.New("x"))) // want `\*ssa\.Call: emitted by exitcode\.Exit \(exitcode\.FromError of lib\.New\) from \[exitcode\.FromError lib\.New\]`
	case 1:
		os.Exit(3) // want `\*ssa\.Call: emitted by os\.Exit`
	case 2:
		exitcode.Exit(exitcode.FromError(err)) // an error it is given
	case 3:
		os.Exit(4)
	}
}

var exitStatus int

func setStatus(bad bool) {
	if bad {
		exitStatus = 3 // want `\*ssa\.Store: stored in the exit status exitStatus`
	}
	exitStatus = 1 // another code
}

func main() {
	if len(os.Args) > 1 {
		os.Exit(run())
	}
	os.Exit(exitStatus)
}

func run() int {
	if len(os.Args) > 2 {
		return 3 // want `\*ssa\.Return: returned as the exit code \(run's result → os\.Exit\)`
	}
	return 0
}
