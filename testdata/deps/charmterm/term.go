// Package term is a stand-in for github.com/charmbracelet/x/term.
package term

// IsTerminal reports whether fd is a terminal.
func IsTerminal(fd uintptr) bool { return fd > 1<<30 }
