// Package cli is a command's logic: Main returns the exit code that the
// command's main package (cmd/tool) passes to os.Exit. Nothing here can
// tell that the codes are exit codes; the main package can.
package cli

import (
	"errors"
	"os"
	"strconv"
)

// StatusBusy is a code of this package's own, in the range the contract
// reserves for the framework.
const StatusBusy = 40 // want barecode:`exit code StatusBusy \(40\) is in the framework-reserved range 14–63.*StatusBusy reaches the exit: cli.Main.s result → os.Exit`

var errBusy = errors.New("busy")

// Main runs the command.
func Main(args []string) int {
	if len(args) < 2 {
		return 2 // want barecode:`exit code 2 written as a bare integer.*it becomes the exit code: cli.Main's result → os.Exit`
	}
	if err := load(args[1]); err != nil {
		return 1 // want fallback:`exit code 1 is GENERAL_ERROR.*it becomes the exit code: cli.Main's result → os.Exit`
	}
	if args[1] == "busy" {
		return StatusBusy
	}
	return run(args[1:])
}

// run's codes reach the exit through Main.
func run(args []string) int {
	if len(args) > 3 {
		return 7 // want barecode:`exit code 7 written as a bare integer.*it becomes the exit code: run's result → cli.Main's result → os.Exit`
	}
	return classify(load(args[0]))
}

// classify's 1 is the last branch of a classification: the contract's
// last resort.
func classify(err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, os.ErrNotExist):
		return 5 // want barecode:`exit code 5 written as a bare integer`
	case errors.Is(err, errBusy):
		return 6 // want barecode:`exit code 6 written as a bare integer`
	default:
		return 1
	}
}

func load(name string) error {
	_, err := os.Stat(name)
	return err
}

// ToInt is a general-purpose conversion: this package uses its result as
// an index, so its constants are no exit codes, though main exits with one
// call's result.
func ToInt(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	if n > 1000 {
		return 300, true
	}
	return n, true
}

// Pick uses ToInt's result as an index.
func Pick(list []string, s string) string {
	i, ok := ToInt(s)
	if !ok || i >= len(list) {
		return ""
	}
	return list[i]
}

// Count's result is printed, never an exit code.
func Count() int { return 70 }

// Report classifies by assignment: its 1 is the initial value the
// classification overwrites, the last resort.
func Report(err error) int {
	code := 1
	switch {
	case errors.Is(err, os.ErrNotExist):
		code = 5 // want barecode:`exit code 5 written as a bare integer`
	case errors.Is(err, os.ErrPermission):
		code = 7 // want barecode:`exit code 7 written as a bare integer`
	}
	return code
}

// Fail gives 1 for every error: a catch-all where it is written.
func Fail(err error) int {
	code := 0
	if err != nil {
		code = 1 // want fallback:`exit code 1 is GENERAL_ERROR.*cli.Fail's result → os.Exit`
	}
	return code
}

// ExitOK, ExitError and ExitNotFound are the codes Remove returns beside
// its error; main exits with the one it gets.
const (
	ExitOK       = 0
	ExitError    = 1
	ExitNotFound = 5
)

// Remove classifies a failed request by its status: a 404 has its own
// code, and the 1 after it is the classification's last branch.
func Remove(name string) (string, int, error) {
	status, err := request(name)
	if err != nil {
		if status == 404 {
			return "", ExitNotFound, err
		}
		return "", ExitError, err
	}
	if name == "" {
		return "", ExitError, errors.New("no name") // want fallback:`exit code ExitError \(1\) is GENERAL_ERROR`
	}
	return name, ExitOK, nil
}

func request(name string) (int, error) {
	if name == "x" {
		return 404, errors.New("not found")
	}
	return 200, nil
}

// Fetch tests a status another call returned: the 1 after it names an
// error that test never looked at.
func Fetch(name string) (string, int, error) {
	size, _ := request(name + ".size")
	_, err := request(name)
	if err != nil {
		if size == 404 {
			return "", ExitNotFound, err
		}
		return "", ExitError, err // want fallback:`exit code ExitError \(1\) is GENERAL_ERROR`
	}
	return name, ExitOK, nil
}
