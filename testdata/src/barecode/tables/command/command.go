// Package command keeps command-specific codes beside the table's: one
// whose name says a table code is reported, the others are the program's
// own outcomes.
package command

import "os"

// Exit codes of the program.
const (
	ExitTaskfileNotFound = 100 // want `exit code ExitTaskfileNotFound is 100, a command-specific code, but its name says NOT_FOUND, which the contract numbers 5`
	ExitTimeout          = 124 // want `exit code ExitTimeout is 124, a command-specific code, but its name says TIMEOUT, which the contract numbers 10`
	ExitLintFindings     = 80  // the program's own outcome: no table code says it
	ExitFailed           = 81  // a weak word alone: GENERAL_ERROR is no code to move to
	ExitNetworkTimeout   = 82  // two meanings: none
)

// Run returns the code.
func Run(n int) int {
	switch n {
	case 0:
		return ExitTaskfileNotFound
	case 1:
		return ExitTimeout
	case 2:
		return ExitLintFindings
	case 3:
		return ExitFailed
	}
	return ExitNetworkTimeout
}

func main() { os.Exit(Run(len(os.Args))) }
