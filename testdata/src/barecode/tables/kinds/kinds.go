// Package main keeps its codes in an error beside a one-word kind: a code
// that says what its kind says is spelled bare, and nothing more; a code
// that says another outcome than its kind is the fault an agent meets.
package main

import (
	"fmt"
	"os"
)

type cliError struct {
	exit int
	code string
	msg  string
}

func (e cliError) Error() string { return e.msg }

func get(name string) error {
	if name == "" {
		return cliError{exit: 2, code: "usage_error", msg: "name required"} // want `exit code 2 written as a bare integer`
	}
	if name == "gone" {
		return cliError{exit: 5, code: "not_found", msg: "no such draft"} // no finding: 5 is NOT_FOUND, as its kind says
	}
	if name == "taken" {
		return cliError{exit: 6, code: "idempotency_conflict", msg: "key used"} // no finding: 6 is CONFLICT, as its kind says
	}
	if name == "slow" {
		return cliError{exit: 6, code: "timeout", msg: "took too long"} // want `exit code 6 written as a bare integer`
	}
	if name == "odd" {
		return cliError{exit: 7, msg: "permission denied by the server"} // want `exit code 7 written as a bare integer`
	}
	return nil
}

func main() {
	if err := get(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if ce, ok := err.(cliError); ok {
			os.Exit(ce.exit)
		}
		os.Exit(1)
	}
}
