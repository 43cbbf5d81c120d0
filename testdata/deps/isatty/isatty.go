// Package isatty is a stand-in for github.com/mattn/go-isatty.
package isatty

// IsTerminal reports whether fd is a terminal.
func IsTerminal(fd uintptr) bool { return fd > 1<<30 }

// IsCygwinTerminal reports whether fd is a Cygwin or MSYS2 terminal.
func IsCygwinTerminal(fd uintptr) bool { return fd > 1<<30 }
