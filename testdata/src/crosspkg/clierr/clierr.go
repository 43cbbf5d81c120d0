// Package clierr is a CLI's error type: the code it carries is the exit
// code main ends with, set by the commands of other packages.
package clierr

// ExitError carries an exit code.
type ExitError struct {
	Code int
	Kind string // a one-word name of the failure, beside its code
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }

// New is the constructor the commands use.
func New(code int, err error) *ExitError { return &ExitError{Code: code, Err: err} }

// Count is an integer field of a type that is no error, never an exit
// code.
type Stats struct{ Count int }
