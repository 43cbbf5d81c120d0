// Package fix repairs a file in memory and writes it back only when the
// person at a terminal asked for it: no side effect of an agent's run.
package fix

import (
	"fmt"
	"os"

	"golang.org/x/term"
)

// Repair asks at a terminal whether to keep the fix, and writes the file
// only then: no side-effect fact.
func Repair(path string, data []byte) ([]byte, error) {
	persist := false
	if term.IsTerminal(int(os.Stdout.Fd())) {
		var answer string
		if _, err := fmt.Scanln(&answer); err != nil {
			return nil, err
		}
		persist = true
	}
	if !persist {
		return data, nil
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return nil, err
	}
	return data, nil
}

// RepairForced writes under --force as well: a side effect.
func RepairForced(path string, data []byte, force bool) ([]byte, error) { // want RepairForced:`sideEffect\(os.WriteFile writes a file if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	persist := force
	if term.IsTerminal(int(os.Stdout.Fd())) {
		persist = true
	}
	if !persist {
		return data, nil
	}
	return data, os.WriteFile(path, data, 0o600)
}

// Colors writes a terminal's escape codes only at one, and a cache file
// off one: a side effect.
func Colors(cache string) error { // want Colors:`sideEffect\(os.WriteFile writes a file if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	if term.IsTerminal(int(os.Stdout.Fd())) {
		return nil
	}
	return os.WriteFile(cache, nil, 0o600)
}
