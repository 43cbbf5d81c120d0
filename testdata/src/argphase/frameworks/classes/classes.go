// Package classes: ARG_ERROR for one class of a call's errors, tested
// after the call, is the callee's to order; ARG_ERROR for every error of a
// call that wrote is not.
package classes

import (
	"errors"
	"os"
	"strings"
)

var errInvalid = errors.New("invalid input")

// push writes, and refuses bad input before it writes.
func push(path, input string) error {
	if input == "" {
		return errInvalid
	}
	return os.WriteFile(path, []byte(input), 0o644)
}

func byClass(path, input string) {
	if err := push(path, input); err != nil {
		if errors.Is(err, errInvalid) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}

func byMessage(path, input string) {
	err := push(path, input)
	if err != nil && strings.Contains(err.Error(), "invalid") {
		os.Exit(3)
	}
}

func everyError(path, input string) {
	if err := push(path, input); err != nil {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: classes.push → os.WriteFile writes a file`
	}
}

// another: the class tested is another call's error.
func another(path, input string) {
	_, statErr := os.Stat(path)
	err := push(path, input)
	if errors.Is(statErr, os.ErrNotExist) {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: classes.push → os.WriteFile writes a file`
	}
	_ = err
}
