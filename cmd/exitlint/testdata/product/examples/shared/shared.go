// Package shared is the demos' helper.
package shared

import "os"

// Fail exits for the demos.
func Fail() bool {
	if len(os.Args) > 2 {
		os.Exit(1)
	}
	return false
}
