// Package cmderr is a CLI's error type whose exit code, in an unexported
// field, is set by a constructor the commands of another package call
// (ExitCode(2, err)), and read back by its Code method in main.
package cmderr

import "fmt"

// ExitCodeError is an error with the exact exit code.
type ExitCodeError struct {
	error
	exitCode int
}

// ExitCode builds an ExitCodeError.
func ExitCode(code int, err error) *ExitCodeError {
	return &ExitCodeError{error: err, exitCode: code}
}

// Code is the exit code.
func (e *ExitCodeError) Code() int { return e.exitCode }

func (e *ExitCodeError) Error() string { return fmt.Sprintf("%v (exit code: %d)", e.error, e.exitCode) }

// QueryErrorsExitCode is the code of a query the server answered with
// errors: the commands of package srcbatch and of main give it.
const QueryErrorsExitCode = 2 // want barecode:`exit code QueryErrorsExitCode is 2, which an agent reads as PARTIAL_FAILURE.*stored in cmderr.exitCode → cmderr.ExitCodeError.Code's result → run's result → os.Exit`

// ExitCode1 is the code of a failure with no other.
var ExitCode1 = &ExitCodeError{exitCode: 1} // want fallback:`exit code 1 is GENERAL_ERROR.*it becomes the exit code: cmderr.ExitCodeError.Code's result → run's result → os.Exit`

// Progress is an error whose code main only prints, never exits with.
type Progress struct {
	error
	code int
}

// NewProgress builds a Progress.
func NewProgress(code int, err error) *Progress { return &Progress{error: err, code: code} }

// Code is the step the progress reached.
func (p *Progress) Code() int { return p.code }
