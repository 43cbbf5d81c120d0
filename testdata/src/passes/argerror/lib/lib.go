// Package lib returns ARG_ERROR in every way the argerror pass knows, and
// mentions it in ways that return nothing.
package lib

import (
	"errors"
	"fmt"

	"github.com/exitlint/exitlint/exitcode"
	cli "github.com/urfave/cli/v2"
)

// Code is the program's own exit-code enum.
//
//exitlint:enum
type Code int

const (
	OK      Code = 0
	Usage   Code = 3
	Missing Code = 5
)

// ExitError carries a Code.
type ExitError struct {
	Code Code
	Msg  string
}

func (e *ExitError) Error() string { return e.Msg }

func New(msg string) error { // want New:`argError\(results 0 via exitcode.New\)`
	return exitcode.New(exitcode.ArgError, "BAD_INPUT", msg)
}

// Own builds the program's own error with its enum's 3, by field name and
// by position.
func Own() error { // want Own:`argError\(results 0 via Usage\)` Own:`errTypes\(cases/passes/argerror/lib.ExitError\)`
	return &ExitError{Code: Usage, Msg: "usage"}
}

func Positional() *ExitError { // want Positional:`argError\(results 0 via Usage\)` Positional:`errTypes\(cases/passes/argerror/lib.ExitError\)`
	return &ExitError{Usage, "usage"}
}

// Wrapped wraps New's error with %w.
func Wrapped() error { // want Wrapped:`argError\(results 0 via New\)`
	return fmt.Errorf("parsing: %w", New("x"))
}

// Joined joins a slice that New's error was appended to.
func Joined(names []string) error { // want Joined:`argError\(results 0 via New\)`
	var errs []error
	for _, n := range names {
		if n == "" {
			errs = append(errs, New("empty name"))
		}
	}
	return errors.Join(errs...)
}

// Framework returns urfave/cli's error with the exit code 3.
func Framework() error { // want Framework:`argError\(results 0 via Exit\)`
	return cli.Exit("bad flag", 3)
}

// Detailed adds a detail; Rewrapped wraps another error in it.
func Detailed() error { // want Detailed:`argError\(results 0 via exitcode.New\)`
	return exitcode.New(exitcode.ArgError, "X", "y").WithDetail("d")
}

func Rewrapped(err error) error { // want Rewrapped:`argError\(results 0 via exitcode.New\)`
	base := exitcode.New(exitcode.ArgError, "X", "y")
	return base.Wrap(err)
}

// ErrUsage is a sentinel: a package-level variable that carries ARG_ERROR.
var ErrUsage = exitcode.New(exitcode.ArgError, "USAGE", "usage") // want ErrUsage:`argError\(results 0 via exitcode.New\)`

func Sentinel() error { // want Sentinel:`argError\(results 0 via exitcode.New\)`
	return ErrUsage
}

// Literal returns what a function literal it calls returns.
func Literal() error { // want Literal:`argError\(results 0 via func literal\)`
	check := func() error { return New("x") }
	return check()
}

// Assigned returns a local variable assigned New's error on one branch.
func Assigned(bad bool) error { // want Assigned:`argError\(results 0 via New\)`
	var err error
	if bad {
		err = New("bad")
	}
	return err
}

// Named returns its named result bare.
func Named() (n int, err error) { // want Named:`argError\(results 1 via New\)`
	err = New("x")
	return
}

// Two returns ARG_ERROR in its second result; PassTwo returns Two's results.
func Two() (int, error) { // want Two:`argError\(results 1 via New\)`
	return 0, New("x")
}

func PassTwo() (int, error) { // want PassTwo:`argError\(results 1 via Two\)`
	return Two()
}

// Ping and Pong call each other; Pong returns New's error.
func Ping(n int) error { // want Ping:`argError\(results 0 via Pong\)`
	return Pong(n)
}

func Pong(n int) error { // want Pong:`argError\(results 0 via New\)`
	if n > 0 {
		return Ping(n - 1)
	}
	return New("x")
}

// First is generic.
func First[T any](xs []T) (T, error) { // want First:`argError\(results 1 via New\)`
	var zero T
	if len(xs) == 0 {
		return zero, New("empty")
	}
	return xs[0], nil
}

// Classify returns the enum's 3 as its code.
func Classify(err error) exitcode.Code { // want Classify:`argError\(results 0 via exitcode.ArgError\)`
	if err != nil {
		return exitcode.ArgError
	}
	return exitcode.Success
}

// Look-alikes.

// Mentions compares with ARG_ERROR and prints it.
func Mentions(c exitcode.Code) bool {
	fmt.Println(exitcode.ArgError)
	return c == exitcode.ArgError
}

// Passes hands ARG_ERROR to a function and returns what it says.
func Passes() string { return exitcode.ArgError.String() }

// NotFound returns another code.
func NotFound() error { return exitcode.New(exitcode.NotFound, "NOPE", "missing") }

// Three returns 3, no enum's.
func Three() int { return 3 }

// Framework4 gives the framework another code.
func Framework4() error { return cli.Exit("gone", 4) }

// Printed copies New's text with %v: a plain error.
func Printed() error { return fmt.Errorf("parsing: %v", New("x")) }

// Later returns a literal that returns ARG_ERROR, not ARG_ERROR.
func Later() func() error {
	return func() error { return New("x") }
}

// Dropped calls New and returns something else.
func Dropped() error {
	_ = New("x")
	return errors.New("other")
}
