// Package cobra is a stand-in for the library of that name, with the one
// function the fallback check knows by name.
package cobra

import (
	"fmt"
	"os"
)

// CheckErr prints err and ends the process with 1 when err is not nil.
func CheckErr(msg any) {
	if msg != nil {
		fmt.Fprintln(os.Stderr, "Error:", msg)
		os.Exit(1)
	}
}
