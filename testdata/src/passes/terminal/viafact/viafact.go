// Package viafact refers to no terminal test of its own: it learns that
// code runs only at a terminal from another package's fact alone.
package viafact

import "cases/passes/terminal/lib"

func mark(string) {}

func prompt() {
	if lib.Interactive() {
		mark("tty") // want `terminal-only: lib.Interactive → lib.IsTTY → term.IsTerminal`
	}
	mark("agent")
}
