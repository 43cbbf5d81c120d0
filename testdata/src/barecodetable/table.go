// Package barecodetable is fixed by giving a member the value its name
// means, where that is safe.
package barecodetable

import "os"

const (
	ExitOK       = 0
	ExitNotFound = 3        // want `exit code ExitNotFound is 3, which the contract calls ARG_ERROR; NOT_FOUND is 5`
	ExitUsage    = 2        // want `exit code ExitUsage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
	ExitAuth     = 5        // want `exit code ExitAuth is 5, which the contract calls NOT_FOUND; AUTH_REQUIRED is 8`
	ExitDenied   = 8        // want `exit code ExitDenied is 8, which the contract calls AUTH_REQUIRED; PERMISSION_DENIED is 7`
	ExitConflict = 12       // want `exit code ExitConflict is 12, which the contract calls UNAVAILABLE; CONFLICT is 6`
	ExitTimeout  = iota + 1 // want `exit code ExitTimeout is 7, which the contract calls PERMISSION_DENIED; TIMEOUT is 10`
)

func main() {
	os.Exit(ExitNotFound)
}
