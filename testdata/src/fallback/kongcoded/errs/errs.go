// Package errs is the program's error type: its ExitCode() is the code
// kong's FatalIfErrorf exits with.
package errs

// Error is a command's failure with the exit code that fits it.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// ExitCode is the code kong exits with.
func (e *Error) ExitCode() int { return e.Code }
