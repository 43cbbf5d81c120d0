// Package inliteral: the only ARG_ERROR of the package is in a function
// literal (a command's RunE).
package inliteral

import (
	"os"

	"cases/argphase/exitcoder/clierr"
)

var run = func(args []string) error {
	if err := os.WriteFile(args[0], nil, 0o644); err != nil {
		return err
	}
	if len(args) > 1 {
		return clierr.ExitError{Code: 3} // want `ARG_ERROR returned \(clierr.ExitError\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}
