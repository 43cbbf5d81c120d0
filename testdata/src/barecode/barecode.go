package barecode

import (
	"os"
	"strconv"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"
)

const exitUsage = 2 // want `exit code exitUsage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3 \(exitUsage reaches os.Exit\): an agent acts on the number, not the name`

func bad(code exitcode.Code, n int) exitcode.Code {
	if len(os.Args) > 0 { os.Exit(5) }                                   // want `exit code 5 written as a bare integer: spell it exitcode.NotFound`
	if len(os.Args) > 0 { syscall.Exit(3) }                              // want `exit code 3 written as a bare integer: spell it exitcode.ArgError`
	if len(os.Args) > 0 { exitcode.Exit(4) }                             // want `exit code 4 written as a bare integer: spell it exitcode.Precondition`
	if len(os.Args) > 0 { os.Exit(exitUsage) }                           // reported at its declaration, the one place to change
	if len(os.Args) > 0 { os.Exit(int(7)) }                              // want `exit code 7 written as a bare integer`
	_ = exitcode.Code(7)                         // want `exit code 7 written as a bare integer: spell it exitcode.PermissionDenied`
	if len(os.Args) > 0 { exitcode.Exit(exitcode.Code(6)) }              // want `exit code 6 written as a bare integer`
	var c exitcode.Code = 9                      // want `exit code 9 written as a bare integer`
	c = 10                                       // want `exit code 10 written as a bare integer`
	_ = []exitcode.Code{11}                      // want `exit code 11 written as a bare integer`
	_ = map[exitcode.Code]string{12: "x"}        // want `exit code 12 written as a bare integer`
	_ = struct{ C exitcode.Code }{C: 13}         // want `exit code 13 written as a bare integer`
	if code == 5 {                               // want `exit code 5 written as a bare integer`
	}
	if 3 != code {                               // want `exit code 3 written as a bare integer`
	}
	switch code {
	case 8: // want `exit code 8 written as a bare integer`
	case exitcode.Success:
	}
	if len(os.Args) > 0 { os.Exit(14) }                                  // want `framework-reserved range 14–63`
	if len(os.Args) > 0 { os.Exit(130) }                                 // want `shell-reserved range 126–255`
	if len(os.Args) > 0 { os.Exit(90) }                                  // want `command-specific \(79–125\)`
	if len(os.Args) > 0 { os.Exit(64) }                                  // want `POSIX sysexits`
	if len(os.Args) > 0 { os.Exit(300) }                                 // want `outside 0–255`
	_ = c
	return 2                                     // want `exit code 2 written as a bare integer: spell it exitcode.PartialFailure`
}

const typedBad exitcode.Code = 6 // want `exit code 6 written as a bare integer`

// Findings declares a command-specific code: the one way to name one.
const Findings exitcode.Code = 80

func declared() { exitcode.Exit(Findings); os.Exit(int(Findings)) }

func good(code exitcode.Code, n int, s string) exitcode.Code {
	os.Exit(int(exitcode.NotFound))        // a conversion of a member
	exitcode.Exit(exitcode.ArgError)       // a member
	exitcode.Exit(code)                    // not a constant
	os.Exit(n)                             // not a constant
	os.Exit(1)                             // GENERAL_ERROR: the fallback check's business
	exitcode.Exit(exitcode.Code(1))        // want `exit code 1 written as a bare integer`
	p, _ := strconv.Atoi(s)
	_ = exitcode.Code(p)                   // parsed text, not a constant
	if n == 3 {                            // a plain int is no exit code
	}
	switch n {
	case 4:
	}
	_ = typedBad                           // reported at its declaration, not at each use
	if code == exitcode.Success || code != exitcode.FromError(nil) {
	}
	x := []int{1, 2, 3}                    // ints that are no exit codes
	_ = x
	os.Exit(0)                             // SUCCESS bare: every agent reads 0 right
	if code == 0 {                         // the same in a comparison
	}
	return exitcode.Conflict
}

// A bare 0 returned into the exit, beside a bare failure code.
func runZero(ok bool) int {
	if !ok {
		return 4 // want `exit code 4 written as a bare integer`
	}
	return 0
}

func mainZero() { os.Exit(runZero(true)) }

// An unrelated method named Exit.
type process struct{}

func (process) Exit(code int) {}

func unrelated() {
	process{}.Exit(5)
}

const notAnInt = "a string constant is no exit code"
