// Package confirm is a command that ends with codes carried by
// exitint.ErrExit, which main exits with.
package confirm

import (
	"errors"

	"cases/crosspkg/exitint"
)

// Run asks and answers with a code.
func Run(answer string, status int) error {
	switch answer {
	case "yes":
		return nil
	case "no":
		return exitint.ErrExit(1) // want fallback:`exit code 1 is GENERAL_ERROR.*exitint.ErrExit`
	case "later":
		return exitint.ErrExit(2) // want barecode:`exit code 2 written as a bare integer.*exitint.ErrExit`
	case "fine":
		return exitint.ErrExit(0) // no finding: 0 is SUCCESS
	case "child":
		return exitint.ErrExit(status) // no finding: a status computed elsewhere, not a constant
	}
	if answer == "" {
		return exitint.Errno(1) // no finding: no exit reads an Errno
	}
	return errors.New("unknown answer")
}
