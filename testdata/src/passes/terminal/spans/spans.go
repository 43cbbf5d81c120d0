// Package spans marks code with mark(…): the test reports each mark in
// code that runs only at a terminal.
package spans

import (
	"fmt"
	"os"

	cterm "github.com/charmbracelet/x/term"
	isatty "github.com/mattn/go-isatty"
	"golang.org/x/term"

	"cases/passes/terminal/lib"
)

func mark(string) {}

func ifBody() {
	if term.IsTerminal(int(os.Stdout.Fd())) {
		mark("tty") // want `terminal-only: term.IsTerminal`
	}
	mark("agent")
}

func negated() {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		mark("agent")
	} else {
		mark("tty") // want `terminal-only: term.IsTerminal`
	}
}

func and(quiet bool) {
	if term.IsTerminal(0) && !quiet {
		mark("tty") // want `terminal-only: term.IsTerminal`
	}
}

func or(interactive bool) {
	if interactive || term.IsTerminal(1) {
		mark("agent: the flag reaches it")
	}
}

func orFlagAfter(interactive bool) {
	if term.IsTerminal(1) || interactive {
		mark("agent: the flag reaches it")
	}
}

func orOfTests() {
	if isatty.IsTerminal(os.Stdin.Fd()) || isatty.IsCygwinTerminal(os.Stdin.Fd()) {
		mark("tty") // want `terminal-only: isatty.IsTerminal`
	}
}

func earlyReturn() error {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		mark("agent")
		return fmt.Errorf("stdin is no terminal")
	}
	mark("tty") // want `terminal-only: term.IsTerminal`
	return nil
}

func earlyReturnUnlessFlag(yes bool) {
	if !yes && !term.IsTerminal(int(os.Stdin.Fd())) {
		return
	}
	mark("agent: --yes reaches it")
}

func earlyExitEither(noInput bool) {
	if !term.IsTerminal(int(os.Stdin.Fd())) || noInput {
		os.Exit(3)
	}
	mark("tty") // want `terminal-only: term.IsTerminal`
}

func notLeaving() {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		mark("agent")
	}
	mark("agent: the if falls through")
}

func persist() {
	persistFix := false
	if term.IsTerminal(int(os.Stdout.Fd())) {
		persistFix = true
	}
	if !persistFix {
		return
	}
	mark("tty") // want `terminal-only: term.IsTerminal`
}

func persistFlag(force bool) {
	persistFix := force
	if term.IsTerminal(int(os.Stdout.Fd())) {
		persistFix = true
	}
	if persistFix {
		mark("agent: force reaches it")
	}
}

func persistAfter() {
	persistFix := false
	if term.IsTerminal(int(os.Stdout.Fd())) {
		mark("tty") // want `terminal-only: term.IsTerminal`
	}
	persistFix = true
	if persistFix {
		mark("agent: set after the if")
	}
}

func addressTaken() {
	v := false
	p := &v
	if term.IsTerminal(0) {
		v = true
	}
	*p = true
	if v {
		mark("agent: set through a pointer")
	}
}

func otherFd(f *os.File) {
	if term.IsTerminal(int(f.Fd())) {
		mark("agent: a descriptor of the program's own")
	}
}

func fdVar() {
	fd := os.Stderr.Fd()
	if cterm.IsTerminal(fd) {
		mark("tty") // want `terminal-only: term.IsTerminal`
	}
}

func charDevice() {
	fi, _ := os.Stdin.Stat()
	if fi.Mode()&os.ModeCharDevice != 0 {
		mark("agent: /dev/null is a character device")
	}
}

func imported() {
	if lib.Interactive() {
		mark("tty") // want `terminal-only: lib.Interactive → lib.IsTTY → term.IsTerminal`
	}
	if lib.InteractiveOrFlag(true) || lib.EitherOr(false) || lib.NotTTY() || lib.OfFile(os.Stdout) || lib.CharDevice() {
		mark("agent")
	}
}

func switchCase() {
	switch {
	case lib.BothStreams():
		mark("tty") // want `terminal-only: lib.BothStreams → isatty.IsTerminal`
	case lib.EitherOr(true):
		mark("agent")
	default:
		mark("agent")
	}
}

func fallsInto(n int) {
	switch {
	case n > 0:
		mark("agent")
		fallthrough
	case lib.IsTTY():
		mark("agent: the case above falls through")
	}
}

func withGoto(n int) {
	if n > 0 {
		goto tail
	}
	if !lib.IsTTY() {
		return
	}
	mark("agent: the goto may jump past the if")
tail:
	mark("agent")
}

func literal() {
	if lib.IsTTY() {
		f := func() {
			mark("tty") // want `terminal-only: lib.IsTTY → term.IsTerminal`
		}
		f()
	}
}

func loop(items []string) {
	for _, it := range items {
		if !lib.IsTTY() {
			continue
		}
		mark(it) // want `terminal-only: lib.IsTTY → term.IsTerminal`
	}
	mark("agent")
}
