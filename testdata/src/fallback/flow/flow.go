// Package main returns its exit codes from run, whose result main passes
// to os.Exit.
package main

import (
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/urfave/cli/v2"
)

const (
	exitOK       = 0
	exitError    = 1
	exitNotFound = 5
)

var errNotFound = errors.New("not found")

func run(args []string) int {
	if len(args) == 0 {
		return exitError // want `exit code exitError \(1\) is GENERAL_ERROR, a catch-all .* \(it becomes the exit code: run's result → os.Exit\)`
	}
	if err := os.WriteFile(args[0], nil, 0o644); err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	return classify(nil)
}

// classify maps an error to a code: GENERAL_ERROR as its last branch is
// no catch-all.
func classify(err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errNotFound):
		return exitNotFound
	default:
		return exitError
	}
}

type apiError struct{ code int }

func (e *apiError) Error() string { return "api" }

// mapError maps an error to a code: errors that carry one get theirs, the
// others GENERAL_ERROR as the last branch.
func mapError(err error) int {
	if err == nil {
		return exitOK
	}
	var apiErr *apiError
	if errors.As(err, &apiErr) {
		return apiErr.code
	}
	return exitError
}

// ExitCode passes a child's code on, and keeps 1 for a child that
// reported none.
func (e *apiError) ExitCode() int {
	if e.code <= 0 {
		return exitError
	}
	return e.code
}

// firstOfMany returns 1 first and goes on: no guard of a computed code.
func firstOfMany(err error, n int) int {
	if err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	fmt.Println(n)
	return n
}

// successOnly: exiting 0 in an earlier branch is no classification.
func successOnly(errorCount int) {
	if errorCount == 0 {
		os.Exit(0)
	}
	os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
}

// mightExit exits with 2 somewhere below; calling it is no classification.
func mightExit(verbose bool) {
	if verbose {
		os.Exit(2)
	}
}

func helperBranch(err error, verbose bool) {
	switch {
	case verbose:
		mightExit(verbose)
	default:
		log.Fatalf("failed: %v", err) // want `log.Fatalf ends the process with GENERAL_ERROR`
	}
}

// realClassification exits with specific codes directly: its last branch
// is exempt.
func realClassification(err error) {
	if errors.Is(err, errNotFound) {
		os.Exit(exitNotFound)
	}
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// counter returns 1 as a count, not an exit code.
func counter() int { return 1 }

func main() {
	_ = counter()
	if len(os.Args) > 0 { os.Exit(firstOfMany(nil, 0)) }
	if len(os.Args) > 0 { os.Exit(mapError(nil)) }
	if len(os.Args) > 0 { successOnly(0) }
	if len(os.Args) > 0 { helperBranch(nil, false) }
	if len(os.Args) > 0 { realClassification(nil) }
	if len(os.Args) > 0 { os.Exit(run(os.Args)) }
	if len(os.Args) > 0 { os.Exit(status) }
	if len(os.Args) > 0 { os.Exit(process(nil)) }
	_ = total(nil)
	if len(os.Args) > 0 { os.Exit(emit("not initialized", exitError)) } // want `exit code exitError \(1\) is GENERAL_ERROR, a catch-all`
	if len(os.Args) > 0 { os.Exit(emit("done", exitOK)) }
}

// emit prints a message and returns the code it is given.
func emit(msg string, code int) int {
	fmt.Println(msg)
	return code
}

// process keeps its code in a named result and returns it bare.
func process(errs []error) (exit int) {
	for _, err := range errs {
		if err != nil {
			log.Print(err)
			exit = 1 // want `exit code 1 is GENERAL_ERROR, a catch-all.*\(it becomes the exit code: process's result → os.Exit\)`
		}
	}
	return
}

// total counts in a named result that is no exit code.
func total(errs []error) (n int) {
	for range errs {
		n = 1
	}
	return
}

// status is the exit status main ends with; tries counts attempts.
var status, tries int

func failed(err error) {
	if err != nil {
		status = 1 // want `exit code 1 is GENERAL_ERROR, a catch-all.*\(it becomes the exit code: status → os.Exit\)`
		tries = 1
	}
}

// exitCode is a type named for exit codes: what a function returns of it
// is an exit code, wherever the caller that exits with it lives.
type exitCode int

const (
	codeOK    exitCode = 0
	codeError exitCode = 1
	codeAuth  exitCode = 8
)

// Main returns the program's code to a main elsewhere.
func Main(loggedIn bool, err error) exitCode {
	if !loggedIn {
		return codeAuth
	}
	if err != nil {
		return codeError // want `exit code codeError \(1\) is GENERAL_ERROR, a catch-all .*\(it becomes the exit code: Main's result, of type exitCode\)`
	}
	return codeOK
}

// action returns the framework's error with 1 for any failure.
func action(c *cli.Context) error {
	if _, err := os.ReadFile("cfg"); err != nil {
		return cli.Exit(err, 1) // want `exit code 1 is GENERAL_ERROR, a catch-all.*\(it becomes the exit code: cli.Exit, whose error the framework exits with\)`
	}
	return cli.Exit("locked", 8)
}
