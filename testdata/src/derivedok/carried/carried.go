// Command carried writes failure envelopes that carry the exit code they
// go out with: an ok written beside a code it agrees with in the same
// literal is the code's ok, spelled as its value.
package main

import (
	"encoding/json"
	"errors"
	"os"
)

// Response is the program's envelope; ExitCode is the code the run ends
// with.
type Response struct {
	OK       bool   `json:"ok"`
	Data     any    `json:"data"`
	Error    string `json:"error,omitempty"`
	ExitCode int    `json:"exit_code"`
}

const exitUsage = 3

// codedError carries an exit code.
type codedError struct{ code int }

func (e *codedError) Error() string { return "failed" }

func write(r Response) int {
	json.NewEncoder(os.Stdout).Encode(r)
	return r.ExitCode
}

// fail builds the failure envelope from the error: its exit code is never
// 0, so ok: false agrees with it.
func fail(err error) Response {
	if err == nil {
		return Response{OK: false, Error: "unknown error", ExitCode: exitUsage}
	}
	var ce *codedError
	if errors.As(err, &ce) {
		code := ce.code
		if code == 0 {
			code = exitUsage
		}
		return Response{OK: false, Error: err.Error(), ExitCode: code}
	}
	code := 1
	if errors.Is(err, os.ErrNotExist) {
		code = 5
	}
	return Response{false, nil, err.Error(), code}
}

// Look-alikes that stay reported.

// failWith is given its code: a caller that passes 0 makes ok disagree.
func failWith(err error, code int) Response {
	return Response{OK: false, Error: err.Error(), ExitCode: code} // want `OK: false sets ok of envelope main.Response by hand`
}

// unguarded takes the code from the error without a guard against 0.
func unguarded(ce *codedError) Response {
	code := ce.code
	return Response{OK: false, ExitCode: code} // want `OK: false sets ok of envelope main.Response by hand`
}

// succeed says ok beside a failure code.
func succeed(data any) Response {
	return Response{OK: true, Data: data, ExitCode: 2} // want `OK: true sets ok of envelope main.Response by hand`
}

// done says ok beside SUCCESS.
func done(data any) Response {
	return Response{OK: true, Data: data, ExitCode: 0}
}

func main() {
	if len(os.Args) > 3 {
		os.Exit(write(failWith(errors.New("x"), 0)))
	}
	if len(os.Args) > 2 {
		os.Exit(write(unguarded(&codedError{})))
	}
	if len(os.Args) > 1 {
		os.Exit(write(fail(errors.New("x"))))
	}
	write(succeed(nil))
	os.Exit(write(done(nil)))
}
