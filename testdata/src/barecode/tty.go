package barecode

import (
	"os"

	"golang.org/x/term"

	"github.com/exitlint/exitlint/exitcode"
)

// A code an exit gives only when a standard stream is a terminal is read
// by a person, never by an agent: its spelling misleads no agent. Beside
// it, the same code where an agent meets it.

func declinedAtTerminal(answer string) {
	if term.IsTerminal(int(os.Stdin.Fd())) && answer != "y" {
		os.Exit(4)
	}
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		os.Exit(4) // want `exit code 4 written as a bare integer`
	}
}

func declinedUnlessFlag(yes bool, answer string) {
	if yes || term.IsTerminal(int(os.Stdin.Fd())) {
		exitcode.Exit(6) // want `exit code 6 written as a bare integer`
	}
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return
	}
	if answer != "y" {
		exitcode.Exit(6)
	}
}
