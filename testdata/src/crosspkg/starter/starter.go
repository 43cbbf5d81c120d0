// Package starter runs a command and returns the code its main exits with,
// chosen from the exit table of package exitcodes.
package starter

import "cases/crosspkg/exitcodes"

// Start returns the exit code of the command args ask for.
func Start(args []string) int {
	switch {
	case len(args) < 2:
		return exitcodes.Usage
	case args[1] == "busy":
		return exitcodes.Busy
	case args[1] == "find":
		return exitcodes.NotFound
	case args[1] == "typed":
		// A member converted to int is still spelled by its name: it is
		// judged at its declaration, not here as a bare integer.
		return int(exitcodes.Conflict)
	case args[1] == "again":
		return int(exitcodes.Busy)
	}
	return 0
}
