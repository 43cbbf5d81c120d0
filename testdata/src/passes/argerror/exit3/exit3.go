// Package exit3 has no enum in view and exits with 3.
package exit3 // want `Any=true`

import "os"

func Usage() {
	os.Exit(3)
}
