// Package exitcoder: an error whose type's ExitCode method returns one of
// its fields ends the process with what that field holds; given 3, it is
// ARG_ERROR.
package exitcoder

import (
	"os"

	"cases/argphase/exitcoder/clierr"
)

const (
	exitConfig      = 2
	exitInvalidArgs = 3
)

func publish(path string) error {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return clierr.ExitError{Err: err, Code: 1}
	}
	if len(os.Args) > 2 {
		return clierr.ExitError{Err: nil, Code: exitInvalidArgs} // want `ARG_ERROR returned \(clierr.ExitError\) after a side effect: os.WriteFile writes a file`
	}
	if len(os.Args) > 3 {
		return clierr.Exit("too many arguments", 3) // want `ARG_ERROR returned \(clierr.Exit\) after a side effect: os.WriteFile writes a file`
	}
	return clierr.ExitError{Code: exitConfig}
}

// validateFirst refuses before it writes.
func validateFirst(path string) error {
	if len(os.Args) > 2 {
		return clierr.Exit("too many arguments", 3)
	}
	return os.WriteFile(path, nil, 0o644)
}
