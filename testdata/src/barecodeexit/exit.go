// Package barecodeexit: in a file that imports exitcode, a bare os.Exit
// code is fixed into exitcode.Exit with the member, not os.Exit(int(...)).
package barecodeexit

import (
	"os"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"
)

func run(missing bool) exitcode.Code {
	if os.Getenv("NOTES_DIR") == "" {
		os.Exit(5) // want `spell it exitcode.NotFound`
	}
	if missing {
		os.Exit((3)) // want `spell it exitcode.ArgError`
	}
	syscall.Exit(6) // want `spell it exitcode.Conflict`
	return exitcode.Success
}
