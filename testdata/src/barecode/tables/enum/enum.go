// Package enum keeps a typed exit table of its own: every member is
// checked at its declaration, by range and by name.
package enum

import "os"

type Code int

const (
	OK          Code = 0
	Cancel      Code = 2   // want `exit code Cancel is 2, which an agent reads as PARTIAL_FAILURE \(.*\), and its name does not say so \(Cancel reaches Main's result → os.Exit\)`
	Auth        Code = 4   // want `exit code Auth is 4, which the contract calls PRECONDITION; AUTH_REQUIRED is 8`
	Pending     Code = 8   // want `exit code Pending is 8, which an agent reads as AUTH_REQUIRED \(.*\), and its name does not say so`
	Locked      Code = 20  // want `exit code Locked \(20\) is in the framework-reserved range 14–63`
	Interrupted Code = 130 // want `exit code Interrupted \(130\) is in the shell-reserved range 126–255`
	Findings    Code = 80  // command-specific: declared here, no finding
)

// Main returns every member of the table.
func Main(args []string) Code {
	switch len(args) {
	case 0:
		return OK
	case 1:
		return Cancel
	case 2:
		return Auth
	case 3:
		return Pending
	case 4:
		return Locked
	case 5:
		return Findings
	}
	return Interrupted
}

func main() {
	os.Exit(int(Main(os.Args)))
}
