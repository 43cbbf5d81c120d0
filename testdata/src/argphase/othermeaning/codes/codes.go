// Package codes keeps a program's exit table and the errors that carry its
// codes. Its 3 means a failed update, so UpdateFailed returns no
// ARG_ERROR; Usage, whose member is named for a bad argument, does.
package codes

import "cases/argphase/exitcoder/clierr"

const (
	Failure      = 1
	FailedUpdate = 3
	ExitUsage    = 3
)

// UpdateFailed is the error of an update that did not complete.
func UpdateFailed(err error) error { // want UpdateFailed:`errTypes\(cases/argphase/exitcoder/clierr.ExitError\)`
	return clierr.ExitError{Err: err, Code: FailedUpdate}
}

// Usage is the error of a command line that does not parse.
func Usage(err error) error { // want Usage:`argError\(results 0 via clierr.ExitError\)` Usage:`errTypes\(cases/argphase/exitcoder/clierr.ExitError\)`
	return clierr.ExitError{Err: err, Code: ExitUsage}
}
