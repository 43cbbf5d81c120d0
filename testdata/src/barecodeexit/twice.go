package barecodeexit

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// twice uses os for two exits only: fixing both into exitcode.Exit would
// leave os unused, so each keeps os.Exit and spells its code.
func twice(a bool) exitcode.Code {
	if a {
		os.Exit(4) // want `spell it exitcode.Precondition`
	}
	os.Exit(7) // want `spell it exitcode.PermissionDenied`
	return exitcode.Success
}
