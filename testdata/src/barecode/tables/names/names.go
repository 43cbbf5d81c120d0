// Package names keeps an exit table whose names say what they mean with
// weak words: a word of failure or success inside a longer name says
// nothing alone.
package names

import "os"

// Exit codes of the program.
const (
	ExitOK                        = 0
	ExitFileError                 = 3 // want `exit code ExitFileError is 3, which an agent reads as ARG_ERROR \(fix the input, retry immediately — zero side effects guaranteed\), and its name does not say so`
	ExitReadOnly                  = 4 // a read-only policy blocks the write: PRECONDITION fits
	ExitServerError               = 6 // want `exit code ExitServerError is 6, which an agent reads as CONFLICT`
	ExitStatusSuccessProblemFound = 1 // the catch-all value, with no specific name
	ExitInternalError             = 2 // want `exit code ExitInternalError is 2, which the contract calls PARTIAL_FAILURE; GENERAL_ERROR is 1`
	ExitUnsafe                    = 4 // an unsafe action refused until --force: PRECONDITION fits
	ExitUnsafeBlocked             = 5 // want `exit code ExitUnsafeBlocked is 5, which the contract calls NOT_FOUND; PRECONDITION is 4`
	// A duplicate is a repeated entry in an argument or an entity that
	// exists: the name says no code with confidence.
	DuplicateDecryptionKeyType = 112
	ExitAlreadyExists          = 110 // want `exit code ExitAlreadyExists is 110, a command-specific code, but its name says CONFLICT`
	CLIError                   = 8   // want `exit code CLIError is 8, which an agent reads as AUTH_REQUIRED \(read error.code: .*\), and its name does not say so`
)

// Run returns the code.
func Run(args []string) int {
	switch len(args) {
	case 0:
		return ExitOK
	case 1:
		return ExitFileError
	case 2:
		return ExitReadOnly
	case 3:
		return ExitServerError
	case 4:
		return ExitStatusSuccessProblemFound
	}
	return ExitInternalError
}

func main() { os.Exit(Run(os.Args)) }
