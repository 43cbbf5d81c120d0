// Package lib has functions whose bool result is true only at a terminal,
// and look-alikes that a flag, another descriptor or a character device
// makes true as well.
package lib

import (
	"os"
	"syscall"

	isatty "github.com/mattn/go-isatty"
	"golang.org/x/term"
)

// IsTTY is true only when stdout is a terminal.
func IsTTY() bool { // want IsTTY:`terminalOnly\(term.IsTerminal\)`
	return term.IsTerminal(int(os.Stdout.Fd()))
}

// Interactive returns true only inside a terminal test, false elsewhere.
func Interactive() bool { // want Interactive:`terminalOnly\(lib.IsTTY → term.IsTerminal\)`
	if os.Getenv("CI") != "" {
		return false
	}
	if IsTTY() {
		return true
	}
	return false
}

// BothStreams requires two tests.
func BothStreams() bool { // want BothStreams:`terminalOnly\(isatty.IsTerminal\)`
	return isatty.IsTerminal(os.Stdin.Fd()) && isatty.IsTerminal(uintptr(syscall.Stdout))
}

// ttyVar is true through a local variable set only from a test.
func ttyVar() bool { // want ttyVar:`terminalOnly\(term.IsTerminal\)`
	ok := term.IsTerminal(2)
	return ok
}

// InteractiveOrFlag is true under --interactive without a terminal.
func InteractiveOrFlag(interactive bool) bool {
	if interactive {
		return true
	}
	return IsTTY()
}

// EitherOr is true when the flag is, terminal or not.
func EitherOr(interactive bool) bool {
	return interactive || IsTTY()
}

// OrFlag is true when the flag is, terminal or not.
func OrFlag(interactive bool) bool {
	return IsTTY() || interactive
}

// NotTTY is the negation: true for an agent.
func NotTTY() bool {
	return !IsTTY()
}

// OfFile tests a descriptor that need not be a standard stream: a
// pseudo-terminal the program opened is a terminal for an agent too.
func OfFile(f *os.File) bool {
	return term.IsTerminal(int(f.Fd()))
}

// CharDevice is true when stdin is /dev/null too.
func CharDevice() bool {
	fi, err := os.Stdin.Stat()
	if err != nil {
		return false
	}
	return fi.Mode()&os.ModeCharDevice != 0
}

// named results may be set by a deferred function: not followed.
func named() (ok bool) {
	ok = IsTTY()
	return ok
}

var _ = named
var _ = ttyVar
