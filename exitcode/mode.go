package exitcode

import (
	"os"
	"testing"
)

// StrictEnv is the environment variable that sets TestMode outside a test
// binary ("1") or turns it off inside one ("0"): a test that runs a built CLI
// as a child process sets EXITCODE_STRICT=1 so that the child checks its
// declarations as strictly as the test binary does.
const StrictEnv = "EXITCODE_STRICT"

// TestMode reports whether the runtime checks a command's exit codes against
// its declarations strictly: in a test binary (testing.Testing), unless
// EXITCODE_STRICT=0, or anywhere with EXITCODE_STRICT=1. In test mode the
// envelope runner refuses a code the command did not declare (the envelope
// becomes GENERAL_ERROR, error.code UNDECLARED_EXIT_CODE, so the test
// fails); otherwise it keeps the code and says in a warning that it is
// undeclared.
func TestMode() bool {
	switch os.Getenv(StrictEnv) {
	case "1":
		return true
	case "0":
		return false
	}
	return testing.Testing()
}
