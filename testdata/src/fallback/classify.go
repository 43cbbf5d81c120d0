package main

import (
	"errors"
	"os"

	"example.com/dielib"
)

// errNoRepo is a failure the program knows.
var errNoRepo = errors.New("no repository")

// assignClassified classifies by assignment: 1 is the initial value that
// the classification overwrites for the errors it knows.
func assignClassified(err error) {
	code := 1
	switch {
	case errors.Is(err, os.ErrNotExist):
		code = 5
	case errors.Is(err, errNoRepo):
		code = 10
	}
	os.Exit(code)
}

// assignDefault is the same switch with the 1 in its default.
func assignDefault(err error) {
	var code int
	switch {
	case err == nil:
		code = 0
	case errors.Is(err, errNoRepo):
		code = 10
	default:
		code = 1
	}
	os.Exit(code)
}

// assignUnclassified gives 1 with no specific branch: a catch-all.
func assignUnclassified(err error, verbose bool) {
	code := 1 // want `exit code 1 is GENERAL_ERROR`
	if verbose {
		code = 0
	}
	os.Exit(code)
}

// codeError carries its own code.
type codeError struct{ code int }

func (e *codeError) Error() string { return "coded" }

// passOn exits with the code an error carries and keeps 1 for the rest: the
// exit form of a classification, as the return form is.
func passOn(err error) {
	var ce *codeError
	if errors.As(err, &ce) {
		os.Exit(ce.code)
	}
	os.Exit(1)
}

// unrelatedBefore: an earlier check of another value makes no
// classification of err.
func unrelatedBefore(version string, err error) {
	if version == "" {
		os.Exit(3)
	}
	dielib.Must(err) // want `dielib.Must may end the process with GENERAL_ERROR`
}
