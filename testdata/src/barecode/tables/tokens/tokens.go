// Package tokens keeps an exit table whose names speak of tokens. A token
// is a credential (a bearer token the tunnel refuses: AUTH_REQUIRED) or
// something the caller types (a confirmation token, --destroy-token: a
// bad argument), so the word alone says no code, and the words beside it
// (invalid, missing) say what the token is not, not which code it is.
package tokens

import "os"

// Exit codes of the program.
const (
	ExitOK       = 0
	TokenInvalid = 12 // want `exit code TokenInvalid is 12, which an agent reads as UNAVAILABLE \(.*\), and its name does not say so`
	// A confirmation the caller must type: not a credential, nor a
	// resource to create.
	ExitConfirmTokenMissing = 6 // want `exit code ExitConfirmTokenMissing is 6, which an agent reads as CONFLICT \(.*\), and its name does not say so`
	// The look-alikes keep their advice: a token the name calls an auth
	// token is a credential, and a name without a token says what it says.
	ExitAuthTokenExpired = 3 // want `exit code ExitAuthTokenExpired is 3, which the contract calls ARG_ERROR; AUTH_REQUIRED is 8`
	ExitInvalidArgs      = 2 // want `exit code ExitInvalidArgs is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
)

// Run returns the code.
func Run(args []string) int {
	switch len(args) {
	case 0:
		return ExitOK
	case 1:
		return TokenInvalid
	case 2:
		return ExitConfirmTokenMissing
	case 3:
		return ExitAuthTokenExpired
	}
	return ExitInvalidArgs
}

func main() { os.Exit(Run(os.Args)) }
