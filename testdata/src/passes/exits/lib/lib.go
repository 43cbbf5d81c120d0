// Package lib holds exit helpers of every kind the exits pass knows, and
// look-alikes that must carry no fact.
package lib

import (
	"errors"
	"fmt"
	"io/fs"
	"log"
	"os"
	"runtime"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"

	"cases/passes/exits/dep"
)

var ErrNotFound = errors.New("not found")

func Die(msg string) { // want Die:`exits\(1 via os.Exit\(1\)\)`
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}

func Usage() { // want Usage:`exits\(3 via exitcode.Exit\(3\)\)`
	exitcode.Exit(exitcode.ArgError)
}

func Sys() { // want Sys:`exits\(4 via syscall.Exit\(4\)\)`
	syscall.Exit(4)
}

func Fatal(err error) { // want Fatal:`exits\(1 via log.Fatalf\)`
	log.Fatalf("%v", err)
}

func LoggerFatal(l *log.Logger) { // want LoggerFatal:`exits\(1 via log.Logger.Fatalln\)`
	l.Fatalln("bye")
}

// ExitWith exits with its parameter: a computed code, and a code fact.
func ExitWith(code int) { // want ExitWith:`exits\(computed via os.Exit\(…\)\)` ExitWith:`code\(exits\(0\)\)`
	os.Exit(code)
}

// Report returns the code it is given.
func Report(err error, code int) int { // want Report:`code\(returns\(1\)\)`
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	return code
}

// exitStatus is what Exit ends the process with.
var exitStatus int

// SetExitStatus stores its parameter as the exit status.
func SetExitStatus(n int) { // want SetExitStatus:`code\(sets\(0\)\)`
	exitStatus = n
}

func Exit() { // want Exit:`exits\(computed via os.Exit\(…\)\)`
	os.Exit(exitStatus)
}

// Classify exits with 5 only for ErrNotFound, and with 1 otherwise.
func Classify(err error) { // want Classify:`exits\(1,5 via os.Exit\(5\)\)`
	if errors.Is(err, ErrNotFound) {
		os.Exit(5)
	}
	os.Exit(1)
}

// Both exits with 5 under the guard and without it: unguarded.
func Both(err error, always bool) { // want Both:`exits\(5 via os.Exit\(5\)\)`
	if errors.Is(err, ErrNotFound) {
		os.Exit(5)
	}
	if always {
		os.Exit(5)
	}
}

var ErrUsage = errors.New("usage")

// UsageIf exits with 3 only for ErrUsage, with 1 otherwise.
func UsageIf(err error) { // want UsageIf:`exits\(1,3 via os.Exit\(3\)\)`
	if errors.Is(err, ErrUsage) {
		os.Exit(3)
	}
	os.Exit(1)
}

// MissingIf exits with 3 only for the standard library's fs.ErrNotExist.
func MissingIf(err error) { // want MissingIf:`exits\(3 via os.Exit\(3\)\)`
	if errors.Is(err, fs.ErrNotExist) {
		os.Exit(3)
	}
}

// osExit is the usual test seam; no code outside tests assigns it.
var osExit = os.Exit // want osExit:`exitVar\(os.Exit\)`

func ViaSeam() { // want ViaSeam:`exits\(2 via os.Exit\(2\)\)`
	osExit(2)
}

// swapped is assigned outside tests: no exit function.
var swapped = os.Exit

func Swap() { swapped = func(int) {} }

func ViaSwapped() { swapped(2) }

// ViaDep reaches an exit in another package: one crossing.
func ViaDep() { // want ViaDep:`exits\(1 via dep.Die → os.Exit\(1\)\)`
	dep.Die()
}

func ViaDepSeam() { // want ViaDepSeam:`exits\(6 via os.Exit\(6\)\)`
	dep.OsExit(6)
}

// Look-alikes: no process ends in them.

// Literal's literal exits when someone calls it, not when Literal does.
func Literal() func() {
	return func() { os.Exit(1) }
}

type T struct{}

// Exit is a method named Exit, not os.Exit.
func (T) Exit(code int) {}

func NotExit() { T{}.Exit(1) }

// Goexit ends a goroutine, not the process.
func Goexit() { runtime.Goexit() }

// Mention takes os.Exit as a value and never calls it.
func Mention() func(int) { return os.Exit }

// Print prints the code it is given, returning nothing: no code fact.
func Print(code int) { fmt.Println(code) }

// Exit codes of lib: a block whose doc comment says so.
const (
	CodeOK    = 0 // want CodeOK:`exitTable`
	CodeUsage = 2 // want CodeUsage:`exitTable`
)

// A block whose constants are all named Exit… is a table.
const (
	ExitFine = 0 // want ExitFine:`exitTable`
	ExitBad  = 7 // want ExitBad:`exitTable`
)

// Look-alike blocks: a mode named Exit…, limits, a comment that only
// mentions exit codes.
const (
	ExitOnError = 1
	ExitAfter   = 2
)

// Limits beside an exit code.
const (
	MaxRetries = 3
	MaxItems   = 100
)
