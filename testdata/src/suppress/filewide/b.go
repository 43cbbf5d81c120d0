package filewide

import "os"

// The file-wide directive of a.go does not reach b.go.
func b() { os.Exit(5) } // want `exit code 5`
