// Package clierr: the program's own error type that carries the code the
// process exits with (its ExitCode method, which main reads).
package clierr

import "fmt"

// ExitError wraps an error with the process's exit code.
type ExitError struct {
	Err  error
	Code int // want Code:`exitCodeField`
}

func (e ExitError) Error() string { return fmt.Sprint(e.Err) }

// ExitCode is the code the process exits with.
func (e ExitError) ExitCode() int { return e.Code }

// Exit builds an ExitError, as urfave/cli's cli.Exit does.
func Exit(msg string, code int) error { // want Exit:`errTypes\(cases/argphase/exitcoder/clierr.ExitError\)`
	return &ExitError{Err: fmt.Errorf("%s", msg), Code: code}
}

// counter has an ExitCode method that is no field's.
type counter struct{ n int }

func (c counter) Error() string { return "count" }
func (c counter) ExitCode() int { return c.n + 1 }
func (c counter) Count() int    { return c.n }
