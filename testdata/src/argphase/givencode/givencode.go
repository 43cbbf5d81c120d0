// Package givencode: a helper that exits with the code it is given emits
// ARG_ERROR where it is given ARG_ERROR, and only there.
package givencode

import (
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func must(err error, code exitcode.Code) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		exitcode.Exit(code)
	}
}

func die(code int, msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

// report prints the error and returns the code it is given.
func report(err error, code int) int {
	fmt.Fprintln(os.Stderr, err)
	return code
}

func write(path, format string) {
	must(os.WriteFile(path, nil, 0o644), exitcode.GeneralError)
	if format != "json" {
		must(fmt.Errorf("bad --format %q", format), exitcode.ArgError) // want `ARG_ERROR emitted by givencode.must \(it exits with the code it is given\) after a side effect: os.WriteFile writes a file`
	}
}

func writeDie(path, format string) {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		die(1, err.Error())
	}
	if format != "json" {
		die(3, "--format is json") // want `ARG_ERROR emitted by givencode.die \(it exits with the code it is given\) after a side effect: os.WriteFile writes a file`
	}
	if format == "" {
		die(2, "--format is empty")
	}
}

func writeReport(path, format string) {
	err := os.WriteFile(path, nil, 0o644)
	if format != "json" {
		os.Exit(report(err, 3)) // want `ARG_ERROR emitted by os.Exit \(givencode.report returns the code it is given\) after a side effect: os.WriteFile writes a file`
	}
	os.Exit(report(err, 1))
}

// validateFirst gives ARG_ERROR before the write.
func validateFirst(path, format string) {
	if format != "json" {
		die(3, "--format is json")
	}
	must(os.WriteFile(path, nil, 0o644), exitcode.GeneralError)
}
