// Command exitpath writes failure envelopes whose ok: false is followed on
// every path by the code the function computes and answers with: returned
// as its one integer result, or passed to os.Exit. A code never 0 there
// agrees with ok: false by construction; a constant exit beside a hand-set
// ok, a code that may be 0, a returned error and any ok: true stay
// reported.
package main

import (
	"encoding/json"
	"errors"
	"log"
	"os"
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

// Look-alikes that stay reported.

// dieOne writes ok: false and exits with a separate constant 1.
func dieOne(err error) {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	os.Exit(1)
}

// fatal writes ok: false and exits through log.Fatal (1).
func fatal(err error) {
	write(Response{OK: false, Error: err.Error()}) // want `OK: false sets ok of envelope main.Response by hand`
	log.Fatal(err)
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

// succeed says ok: true and returns SUCCESS: still set by hand.
func succeed(data any) int {
	write(Response{OK: true, Data: data}) // want `OK: true sets ok of envelope main.Response by hand`
	return exitOK
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
	}
}
