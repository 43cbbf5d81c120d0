// Package out writes the program's failures: main calls Fail; Fatal has
// no caller, and Die is called only by Fatal.
package out

import (
	"fmt"
	"os"
)

// Fail prints err and returns the code to exit with.
func Fail(err error) int {
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// Fatal prints err and ends the process.
func Fatal(err error) {
	Die(err)
}

// Die ends the process with 1.
func Die(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// Logger is a logger whose method nothing calls: a method may be called
// through an interface or by reflection, so it stays reported.
type Logger struct{}

// Fatal ends the process.
func (Logger) Fatal(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}

// Abort ends the process; only the Windows build calls it.
func Abort() {
	os.Exit(1)
}
