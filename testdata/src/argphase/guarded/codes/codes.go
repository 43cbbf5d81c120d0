// Package codes maps the program's errors to exit codes.
package codes

import (
	"errors"

	"cases/argphase/exitcoder/clierr"
	"cases/argphase/guarded/workflow"
)

const (
	exitComputation = 1
	exitUsage       = 3
)

// ExitError gives ARG_ERROR's 3 to the provider's errors alone.
func ExitError(err error) error { // want ExitError:`argError\(results 0 via clierr.ExitError if parameter 0 is cases/argphase/guarded/workflow.ProviderError\)` ExitError:`errTypes\(cases/argphase/exitcoder/clierr.ExitError\)`
	var pe workflow.ProviderError
	if errors.As(err, &pe) {
		return clierr.ExitError{Err: err, Code: exitUsage}
	}
	return clierr.ExitError{Err: err, Code: exitComputation}
}
