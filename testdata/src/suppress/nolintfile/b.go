package nolintfile

import "os"

// a.go's //nolint does not reach b.go.
func b() { os.Exit(5) } // want `exit code 5`
