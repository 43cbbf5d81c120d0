// Package ssa is read by the exits pass's SSA view (SSACodes) for the code
// 3: which calls exit with it, which returns yield it as the process's exit
// code, which stores put it in the exit status; and the look-alikes with
// another code, or with 3 where it is no exit code.
package ssa

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/exitlint/exitlint/exitcode"

	"cases/passes/exits/lib"
)

// usageError's error carries the code, by the test's own carrier.
func usageError() error { return errors.New("usage") }

var osExit = os.Exit

// Each exit is a case of its own: code after an exit is unreachable, and
// SSA has none.
func Direct(n int) {
	switch n {
	case 0:
		os.Exit(3) // want `Exit: emitted by os.Exit$`
	case 1:
		os.Exit(int(exitcode.ArgError)) // want `Exit: emitted by os.Exit$`
	case 2:
		exitcode.Exit(exitcode.ArgError) // want `Exit: emitted by exitcode.Exit$`
	case 3:
		osExit(3) // want `Exit: emitted by os.Exit$`
	case 4:
		os.Exit(4)
	case 5:
		exitcode.Exit(exitcode.NotFound)
	case 6:
		fmt.Println(3)
	}
}

// Chosen picks the code on a branch: a phi of 0 and 3.
func Chosen(bad bool) {
	code := 0
	if bad {
		code = 3
	}
	os.Exit(code) // want `Exit: emitted by os.Exit$`
}

func ChosenNot(bad bool) {
	code := 0
	if bad {
		code = 4
	}
	os.Exit(code)
}

// Captured sets the code in a closure: the variable's stores, the
// closure's included, reach the load.
func Captured() {
	var code int
	set := func() { code = 3 }
	set()
	os.Exit(code) // want `Exit: emitted by os.Exit$`
}

func FromError(n int) {
	switch n {
	case 0:
		exitcode.Exit(exitcode.FromError(usageError())) // want `Exit: emitted by exitcode.Exit \(exitcode.FromError of usageError\(\)\) from \[exitcode.FromError ssa.usageError\]`
	case 1:
		exitcode.Exit(exitcode.FromError(errors.New("plain"))) // the carrier says no
	}
}

func Helpers(n int, err error) {
	switch n {
	case 0:
		lib.Usage() // want `Exit: emitted by lib.Usage \(which may exit with it, via exitcode.Exit\(3\)\)`
	case 1:
		lib.Die("bye") // exits with 1
	case 2:
		lib.ExitWith(3) // want `Exit: emitted by lib.ExitWith \(it exits with the code it is given\)`
	case 3:
		lib.ExitWith(4)
	case 4:
		lib.SetExitStatus(3) // want `Exit: emitted by lib.SetExitStatus \(it sets the exit status the process ends with\)`
	case 5:
		lib.SetExitStatus(1)
	case 6:
		os.Exit(lib.Report(err, 3)) // want `Exit: emitted by os.Exit \(lib.Report returns the code it is given\)`
	case 7:
		os.Exit(lib.Report(err, 4))
	case 8:
		lib.Print(3) // no code fact
	}
}

// Deep nests the code past what the view follows (maxCodeDepth).
func Deep(n int, err error) {
	switch n {
	case 0:
		os.Exit(lib.Report(err, lib.Report(err, lib.Report(err, 3)))) // want `Exit: emitted by os.Exit \(lib.Report returns the code it is given\)`
	case 1:
		os.Exit(lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, lib.Report(err, 3))))))))))
	}
}

// Guarded calls a helper that exits with 3 only for lib.ErrUsage: an
// error that cannot be it does not count.
func Guarded(n int, err error) {
	switch n {
	case 0:
		lib.UsageIf(errors.New("plain")) // a new error
	case 1:
		lib.UsageIf(nil)
	case 2:
		lib.UsageIf(errors.Join(errors.New("a"), errors.New("b"))) // the standard library's call
	case 3:
		lib.UsageIf(fmt.Errorf("ctx: %w", errors.New("plain"))) // wraps only a new error
	case 4:
		lib.UsageIf(fmt.Errorf("ctx: %v", lib.ErrUsage)) // %v copies the text
	case 5:
		lib.UsageIf(fmt.Errorf("ctx: %w", lib.ErrUsage)) // want `Exit: emitted by lib.UsageIf \(which may exit with it, via os.Exit\(3\)\)`
	case 6:
		lib.UsageIf(lib.ErrUsage) // want `Exit: emitted by lib.UsageIf`
	case 7:
		lib.UsageIf(err) // want `Exit: emitted by lib.UsageIf`
	case 8:
		lib.MissingIf(errors.New("plain")) // want `Exit: emitted by lib.MissingIf`
	case 9:
		lib.UsageIf(io.EOF) // the standard library's variable
	case 10:
		lib.UsageIf(fmt.Errorf("ctx: %w", fs.ErrNotExist)) // wraps only the standard library's
	case 11:
		lib.UsageIf(errors.Join(lib.ErrUsage, errors.New("b"))) // want `Exit: emitted by lib.UsageIf`
	}
}

// main exits with run's result: its returns of 3 emit the code.
func main() {
	os.Exit(run())
}

func run() int {
	if len(os.Args) > 2 {
		return 3 // want `Return: run's result → os.Exit`
	}
	if len(os.Args) > 1 {
		return 4
	}
	return 0
}

// three returns 3, which becomes no exit code.
func three() int { return 3 }

var status int

func setStatus() {
	status = 3 // want `Status: status`
}

func setStatusOther() {
	status = 4
}

func exitWithStatus() { os.Exit(status) }

var count int

func setCount() { count = 3 }
