// Package flow holds the shapes by which an exit code travels to an exit:
// parameters a function exits with or returns, and exit tables.
package flow

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// die exits with its parameter.
func die(c int) { // want die:`exits\(computed via os.Exit\(…\)\)` die:`code\(exits\(0\)\)`
	os.Exit(c)
}

// dieMsg passes its code on to die.
func dieMsg(msg string, code int) { // want dieMsg:`exits\(computed via die → os.Exit\(…\)\)` dieMsg:`code\(exits\(1\)\)`
	fmt.Fprintln(os.Stderr, msg)
	die(code)
}

// report prints and returns the code it was given.
func report(err error, code int) int { // want report:`code\(returns\(1\)\)`
	fmt.Fprintln(os.Stderr, err)
	return code
}

// relay returns what report returns, through a local.
func relay(err error, code int) int { // want relay:`code\(returns\(1\)\)`
	c := report(err, code)
	return c
}

// count is an int-returning function whose parameter is no code: it is
// never returned.
func count(items []string, limit int) int {
	if len(items) > limit {
		return limit + 1
	}
	return len(items)
}

// exitCode is the program's own exit table, named for exit codes.
type exitCode int

const (
	exitOK      exitCode = 0 // want exitOK:`exitTable`
	exitPending exitCode = 8 // want exitPending:`exitTable`
)

// The members of a block all named Exit… are an exit table.
const (
	ExitUsage    = 2 // want ExitUsage:`exitTable`
	ExitNotFound = 3 // want ExitNotFound:`exitTable`
)

// A block of modes named Exit… is no exit table.
const (
	ExitOnError = iota
	ExitOnPanic
)

// HTTP statuses beside no exit are no exit table.
const (
	StatusNotFound = 404
	StatusConflict = 409
)

// A constant that reaches an exit makes its block's Exit… siblings a
// table, not the other constants of the block.
const (
	exitConflict = 6  // want exitConflict:`exitTable`
	exitTimedOut = 10 // want exitTimedOut:`exitTable`
	maxRetries   = 3
)

func run(args []string) int {
	if len(args) == 0 {
		return exitConflict
	}
	return count(args, maxRetries)
}

// ExitCode follows the error convention: an error that carries its code.
type codedError struct{ code int }

func (e *codedError) Error() string { return "coded" }

func (e *codedError) ExitCode() int { return e.code } // want ExitCode:`result\(field codedError.code\)`

// childCode reads another process's status: no exit code of its own.
func childCode(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

func main() { // want main:`exits\(computed via os.Exit\(…\)\)`
	code := run(os.Args)
	if code == 0 {
		dieMsg("timed out", exitTimedOut)
	}
	_ = childCode(nil)
	os.Exit(relay(nil, code))
}
