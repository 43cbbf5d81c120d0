// Command exitpath writes envelopes whose ok is followed on every path by
// the code the function answers with: returned as its one integer result,
// passed to os.Exit, or a fatal's 1. ok: false before a code never 0, and
// ok: true before a 0, agree by construction (the hand-built literal is
// handbuilt's finding, once). A code that may be 0, a code chosen
// elsewhere (a returned error), a fatal that returns when its error is
// nil, and an exit a later helper may make with another code stay
// reported.
package main

import (
	"encoding/json"
	"errors"
	"log"
	"os"

	"github.com/spf13/cobra"
)

// Response is the program's envelope.
type Response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error,omitempty"`
}

const (
	exitOK       = 0
	exitError    = 1
	exitNotFound = 5
)

func write(r Response) { json.NewEncoder(os.Stdout).Encode(r) }

// failureExitCode keeps a failure's code from 0.
func failureExitCode(code int) int {
	if code == exitOK {
		return exitError
	}
	return code
}

// classify returns a failure code, never 0.
func classify(err error) int {
	if errors.Is(err, os.ErrNotExist) {
		return exitNotFound
	}
	return exitError
}

// Fail is given a code, keeps it from 0, writes the failure and returns
// the code.
func Fail(code int, msg string) int {
	code = failureExitCode(code)
	write(Response{OK: false, Error: msg})
	return code
}

// report classifies the error and returns the code it writes beside.
func report(err error) int {
	code := 1
	if errors.Is(err, os.ErrNotExist) {
		code = exitNotFound
	}
	write(Response{OK: false, Error: err.Error()})
	return code
}

// die writes the failure and exits with the code it classified.
func die(err error) {
	code := classify(err)
	write(Response{OK: false, Error: err.Error()})
	os.Exit(code)
}

// dieMap writes a map envelope and exits with a classified code.
func dieMap(err error) {
	code := classify(err)
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": false, "data": nil, "error": err.Error()})
	os.Exit(code)
}

// dieOne writes ok: false and exits with a constant 1: they agree.
func dieOne(err error) {
	write(Response{OK: false, Error: err.Error()})
	os.Exit(1)
}

// fatal writes ok: false and exits through log.Fatal (1).
func fatal(err error) {
	write(Response{OK: false, Error: err.Error()})
	log.Fatal(err)
}

// succeed says ok: true and returns SUCCESS.
func succeed(data any) int {
	write(Response{OK: true, Data: data})
	return exitOK
}

// succeedExit0 says ok: true and exits 0.
func succeedExit0(data any) {
	write(Response{OK: true, Data: data})
	os.Exit(exitOK)
}

// Look-alikes that stay reported.

// checkErr writes ok: false, then exits through a fatal that returns when
// its error is nil: the path after it has no code.
func checkErr(err error) {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	cobra.CheckErr(err)
}

// succeedThenCheck says ok: true, then a helper may exit 1 before the 0.
func succeedThenCheck(data any) {
	write(Response{OK: true, Data: data}) // want `OK: true sets ok of envelope main.Response by hand`
	mustFlush()
	os.Exit(0)
}

// mustFlush exits 1 when stdout cannot be synced.
func mustFlush() {
	if err := os.Stdout.Sync(); err != nil {
		os.Exit(1)
	}
}

// failZero writes ok: false and exits 0.
func failZero(err error) {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	os.Exit(0)
}

// dieWith exits with the code it is given, which may be 0.
func dieWith(err error, code int) {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	os.Exit(code)
}

// failWith returns the code it is given, unguarded.
func failWith(code int, msg string) int {
	write(Response{OK: false, Error: msg}) // want `OK: false sets ok of envelope main.Response by hand`
	return code
}

// failLate keeps the code from 0 only after the write.
func failLate(code int, msg string) int {
	write(Response{OK: false, Error: msg}) // want `OK: false sets ok of envelope main.Response by hand`
	code = failureExitCode(code)
	return code
}

// failErr returns an error: the exit is chosen elsewhere.
func failErr(err error) error {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	return err
}

// failNil writes ok: false and returns nil.
func failNil(err error) error {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	return nil
}

// failSome returns its code on one path and 0 on the other.
func failSome(err error, quiet bool) int {
	code := classify(err)
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	if quiet {
		return 0
	}
	return code
}

// failFalls writes ok: false and returns nothing on one path.
func failFalls(err error, quiet bool) {
	code := classify(err)
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	if quiet {
		return
	}
	os.Exit(code)
}

// succeedExit says ok: true and exits with a failure code.
func succeedExit(data any) {
	write(Response{OK: true, Data: data}) // want `OK: true sets ok of envelope main.Response by hand`
	os.Exit(2)
}

// succeedReturn says ok: true and returns the code it was given.
func succeedReturn(data any, code int) int {
	write(Response{OK: true, Data: data}) // want `OK: true sets ok of envelope main.Response by hand`
	return code
}

// leaky keeps the code from 0 but then may return 0 through its helper.
func leaky(code int) int {
	if code == 0 {
		return 0
	}
	return code
}

func failLeaky(code int, msg string) int {
	code = leaky(code)
	write(Response{OK: false, Error: msg}) // want `OK: false sets ok of envelope main.Response by hand`
	return code
}

func main() {
	err := errors.New("x")
	switch len(os.Args) {
	case 1:
		os.Exit(Fail(0, "x"))
	case 2:
		os.Exit(report(err))
	case 3:
		die(err)
	case 4:
		dieMap(err)
	case 5:
		dieOne(err)
	case 6:
		fatal(err)
	case 7:
		dieWith(err, 0)
	case 8:
		os.Exit(failWith(0, "x"))
	case 9:
		os.Exit(failLate(0, "x"))
	case 10:
		_ = failErr(err)
	case 11:
		_ = failNil(err)
	case 12:
		os.Exit(failSome(err, true))
	case 13:
		failFalls(err, true)
	case 14:
		succeedExit(nil)
	case 15:
		os.Exit(succeed(nil))
	case 16:
		os.Exit(failLeaky(0, "x"))
	case 17:
		succeedExit0(nil)
	case 18:
		checkErr(err)
	case 19:
		succeedThenCheck(nil)
	case 20:
		failZero(err)
	case 21:
		os.Exit(succeedReturn(nil, 0))
	}
}
