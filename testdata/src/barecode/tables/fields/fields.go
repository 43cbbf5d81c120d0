// Package main keeps exit codes in struct fields: a reporter's state that a
// method returns into os.Exit, and an error type whose code main exits
// with. What the package stores in such a field becomes the exit code.
package main

import (
	"errors"
	"fmt"
	"os"
)

var errDiff = errors.New("differs")

type reporterState struct {
	exitCode int
	files    int
}

type reporter struct{ st *reporterState }

func (r *reporter) Report(err error) {
	r.st.files = 3 // a count: no exit code
	if errors.Is(err, errDiff) {
		r.st.exitCode = 4 // want `exit code 4 written as a bare integer.*\(it becomes the exit code: exitCode → ExitCode's result → os.Exit\)`
		return
	}
	r.st.exitCode = 2 // want `exit code 2 written as a bare integer.*\(it becomes the exit code: exitCode → ExitCode's result → os.Exit\)`
}

func (r *reporter) ExitCode() int { return r.st.exitCode }

// codeError carries the code main exits with.
type codeError struct {
	msg  string
	code int
}

func (e *codeError) Error() string { return e.msg }

func load(name string) error {
	if name == "" {
		return &codeError{msg: "no name", code: 6} // want `exit code 6 written as a bare integer.*\(it becomes the exit code: code → os.Exit\)`
	}
	return nil
}

// page has an integer field that never reaches an exit.
type page struct{ size int }

func main() {
	r := &reporter{st: &reporterState{}}
	r.Report(errDiff)
	p := page{size: 7}
	fmt.Println(p.size)
	var ce *codeError
	if err := load(""); errors.As(err, &ce) {
		fmt.Fprintln(os.Stderr, ce)
		os.Exit(ce.code)
	}
	os.Exit(r.ExitCode())
}
