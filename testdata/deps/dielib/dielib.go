// Package dielib is a dependency of the testdata module with helpers that
// end the process.
package dielib

import (
	"fmt"
	"os"

	"example.com/dielib/codec"
)

// Must ends the process with 1 when err is not nil.
func Must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// Die ends the process with 1 through a helper of its own package.
func Die(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	fatal()
}

func fatal() { os.Exit(1) }

// ExitWith ends the process with a code its caller chooses.
func ExitWith(code int) { os.Exit(code) }

// Usage ends the process with 2.
func Usage() { os.Exit(2) }

// Mixed ends the process with 0 or 1.
func Mixed(err error) {
	if err == nil {
		os.Exit(0)
	}
	os.Exit(1)
}

// Quit ends the process through a seam, a package-level variable that holds
// os.Exit and that nothing assigns: a call of it is a call of os.Exit.
func Quit() { exitFunc(1) }

var exitFunc = os.Exit

// Convert returns an error like any conversion; it exits only on a
// mismatch of its own that it believes impossible.
func Convert(in, out any) error {
	if in == nil && out == nil {
		fatal()
	}
	return nil
}

// Fetch returns an error like any client call; only a codec of another
// package, deep below it, may exit.
func Fetch() error { return codec.Decode(nil) }

// Render returns a text and ends the process with 1 when its own
// rendering fails: a value it computes, not an error it was given to check.
func Render() string {
	out, err := render()
	Must(err)
	return out
}

func render() (string, error) { return "usage", nil }

// MustParse returns s, ending the process with 1 when err is not nil: an
// exit helper that returns a value.
func MustParse(s string, err error) string {
	Must(err)
	return s
}
