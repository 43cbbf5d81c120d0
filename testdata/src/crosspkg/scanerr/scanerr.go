// Package scanerr keeps a scanner's errors: package-level values of an
// unexported error type that carry their exit code in a field, which main
// reads back through an interface it declares itself
// (interface{ ExitCode() int }). No function of this package stores a
// code: the composite literals of its variables do.
package scanerr

import "errors"

type exitCodeError struct {
	message string
	code    int
}

func (e *exitCodeError) Error() string { return e.message }

// ExitCode is the code the process ends with.
func (e *exitCodeError) ExitCode() int { return e.code }

var (
	errFound = &exitCodeError{message: "vulnerabilities found", code: 3} // want barecode:`exit code 3 written as a bare integer.*it becomes the exit code: code → exitCodeError.ExitCode \(an exit code by its name\)`
	errHelp  = &exitCodeError{message: "help requested", code: 0}
	errUsage = &exitCodeError{
		message: "invalid usage",
		code:    2, // want barecode:`exit code 2 written as a bare integer.*it becomes the exit code: code → exitCodeError.ExitCode`
	}
	errFailed = &exitCodeError{message: "scan failed", code: 1} // want fallback:`exit code 1 is GENERAL_ERROR.*it becomes the exit code: code → exitCodeError.ExitCode`
)

// staleError's code is an exit code only because main exits with its
// Code, through an interface main declares: this package cannot tell.
type staleError struct{ code int }

func (e *staleError) Error() string { return "stale" }

// Code is the code of a staleError.
func (e *staleError) Code() int { return e.code }

var errStale = &staleError{code: 4} // want barecode:`exit code 4 written as a bare integer.*it becomes the exit code: scanerr.staleError.Code.s result → os.Exit`

// gauge has a Code method too, but is no error.
type gauge struct{ code int }

// Code is a reading.
func (g *gauge) Code() int { return g.code }

var lastGauge = &gauge{code: 6}

// meter has an ExitCode method too, but is no error: no error main
// inspects is one, so its code is no exit code.
type meter struct{ code int }

// ExitCode is a reading.
func (m *meter) ExitCode() int { return m.code }

var lastMeter = &meter{code: 4}

// Reading returns the meter's value.
func Reading() int { return lastMeter.ExitCode() }

// Level returns the gauge's value.
func Level() int { return lastGauge.Code() }

// Scan scans args.
func Scan(args []string) error {
	switch {
	case len(args) == 0:
		return errUsage
	case args[0] == "-h":
		return errHelp
	case args[0] == "fail":
		return errFailed
	case args[0] == "vuln":
		return errFound
	case args[0] == "stale":
		return errStale
	}
	return errors.New("unknown")
}
