// Package main classifies its errors in the shapes real programs spell a
// classification in: codes carried in an error's field, a switch on an
// HTTP status, a coded error passed on, a message matched for words. The
// last branch of each is GENERAL_ERROR's place; its look-alike is no
// classification and keeps its finding.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

const (
	codeGeneral     = 1
	codeConfig      = 4
	codeNotFound    = 5
	codeUnavailable = 12
)

// exitError carries the code main exits with.
type exitError struct {
	Err  error
	Code int
}

func (e *exitError) Error() string { return fmt.Sprint(e.Err) }

// ExitCode is the code the error carries.
func (e *exitError) ExitCode() int { return e.Code }

type configError struct{}

func (configError) Error() string { return "config" }

var errNotFound = errors.New("not found")

// releaseError classifies into the code field: the 1 is its last branch.
func releaseError(err error) error {
	if err == nil {
		return nil
	}
	var ce configError
	if errors.As(err, &ce) {
		return &exitError{Err: err, Code: codeConfig}
	}
	return &exitError{Err: err, Code: codeGeneral}
}

// strictError tests a mode, not the error: no classification.
func strictError(err error, strict bool) error {
	if strict {
		return &exitError{Err: err, Code: codeConfig}
	}
	return &exitError{Err: err, Code: codeGeneral} // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
}

// statusError classifies an HTTP status: the other 4xx fall to 1.
func statusError(status int) *exitError {
	switch status {
	case 404:
		return &exitError{Code: codeNotFound}
	default:
		if status >= 500 {
			return &exitError{Code: codeUnavailable}
		}
		return &exitError{Code: codeGeneral}
	}
}

// commandError dispatches on a command's name: no classification.
func commandError(name string) *exitError {
	switch name {
	case "get":
		return &exitError{Code: codeNotFound}
	default:
		return &exitError{Code: codeGeneral} // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	}
}

// newExitError builds the error main exits with.
func newExitError(err error, code int) error { return &exitError{Err: err, Code: code} }

// passOn returns an error that carries a code as it is, and gives 1 to an
// uncoded one.
func passOn(err error) error {
	if ce, ok := err.(*exitError); ok && ce != nil {
		return ce
	} else if err != nil {
		return newExitError(err, codeGeneral)
	}
	return nil
}

// plainError carries no code.
type plainError struct{ msg string }

func (e *plainError) Error() string { return e.msg }

// passOnPlain passes on an error that carries no code: no classification.
func passOnPlain(err error) error {
	if pe, ok := err.(*plainError); ok {
		return pe
	}
	return newExitError(err, codeGeneral) // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
}

// namedCase gives 1 to an error it names: a case of the classification,
// not its last branch.
func namedCase(err error) error {
	if errors.Is(err, errNotFound) {
		return newExitError(err, codeNotFound)
	} else if errors.Is(err, os.ErrDeadlineExceeded) {
		return newExitError(err, codeGeneral) // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	}
	return nil
}

// payloadError classifies a server's error object: one with a code keeps
// it, one without falls to 1.
func payloadError(obj any) error {
	if m, ok := obj.(map[string]any); ok {
		if code, ok := m["code"].(float64); ok {
			return newExitError(nil, int(code))
		}
	}
	return newExitError(nil, codeGeneral)
}

// payloadLogged only logs the object it tests: no classification.
func payloadLogged(obj any) error {
	if m, ok := obj.(map[string]any); ok {
		fmt.Println(m)
	}
	return newExitError(nil, codeGeneral) // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
}

// ExitCode matches the error's message for words.
func ExitCode(err error) int {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "not found"):
		return codeNotFound
	default:
		return codeGeneral
	}
}

// ExitCodeFor matches a mode given beside the error: no classification of
// the error.
func ExitCodeFor(err error, mode string) int {
	switch {
	case strings.Contains(mode, "lookup"):
		return codeNotFound
	default:
		return codeGeneral // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	}
}

// A service's error codes.
const (
	svcNotFound    = 404
	svcDown        = 503
	svcRateLimited = 429
	svcSchemaDrift = 1001
)

// kindCode classifies a service's error code: every named case given 1
// is a case the program knows and still says GENERAL_ERROR for, whether or
// not a word of the contract's table names it (a name outside the table
// says nothing of whether a code fits).
func kindCode(code int) int {
	switch code {
	case svcNotFound:
		return codeNotFound
	case svcDown:
		return codeUnavailable
	case svcRateLimited:
		return codeGeneral // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	case svcSchemaDrift:
		return codeGeneral // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	}
	return codeGeneral
}

// lintCode picks the outcome of a lint run by its counts: a designed
// outcome with 1 is a catch-all (a declared command-specific code fits).
func lintCode(errs, reformatted int) int {
	switch {
	case errs > 0:
		return codeConfig
	case reformatted > 0:
		return codeGeneral // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
	}
	return 0
}

func main() {
	if len(os.Args) > 3 {
		os.Exit(kindCode(len(os.Args[3])))
	}
	if len(os.Args) > 4 {
		os.Exit(lintCode(len(os.Args), 1))
	}
	if len(os.Args) > 5 {
		os.Exit(classifyFailure(nil).Exit)
	}
	if len(os.Args) > 6 {
		os.Exit(plainFailure(nil, true).Exit)
	}
	var err error
	for _, e := range []error{releaseError(nil), strictError(nil, false), statusError(0), commandError(""), passOn(nil), passOnPlain(nil), namedCase(nil), payloadError(nil), payloadLogged(nil)} {
		err = errors.Join(err, e)
	}
	var ce *exitError
	if errors.As(err, &ce) {
		os.Exit(ce.Code)
	}
	if len(os.Args) > 1 {
		os.Exit(ExitCodeFor(err, os.Args[1]))
	}
	os.Exit(ExitCode(err))
}

// exitStatus is the status a script's error carries (a shell's `exit 3`).
type exitStatus uint8

func (s exitStatus) Error() string { return fmt.Sprint("exit status ", uint8(s)) }

// runScript exits with the status the error carries, found with the
// generic errors.AsType (Go 1.26): the 1 after it is the last branch of
// that classification, as after errors.As.
func runScript(err error) {
	if es, ok := errors.AsType[exitStatus](err); ok {
		os.Exit(int(es))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// runScriptOther classifies another error than the one its 1 is about:
// no classification of err.
func runScriptOther(err, setupErr error) {
	if es, ok := errors.AsType[exitStatus](setupErr); ok {
		os.Exit(int(es))
	}
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

// failure is what a classifier returns by value: a kind and the code the
// process exits with.
type failure struct {
	Kind      string
	Exit      int
	Retryable bool
}

// classifyFailure: the fields a literal names are no variables the
// catch-all is about; its 1 is the classification's last branch.
func classifyFailure(err error) failure {
	var ce configError
	if errors.As(err, &ce) {
		return failure{Kind: "config", Exit: codeConfig, Retryable: false}
	}
	if errors.Is(err, errNotFound) {
		return failure{Kind: "not_found", Exit: codeNotFound}
	}
	return failure{Kind: "unknown", Exit: codeGeneral, Retryable: false}
}

// plainFailure branches on a mode, not on err: no classification.
func plainFailure(err error, strict bool) failure {
	if strict {
		return failure{Kind: "strict", Exit: codeConfig}
	}
	return failure{Kind: "unknown", Exit: codeGeneral} // want `exit code codeGeneral \(1\) is GENERAL_ERROR`
}

// runSteps checks err for two calls: the first check classifies the
// first call's error, not the second's, whose 1 is a catch-all.
func runSteps(setup, run func() error) {
	err := setup()
	if err != nil {
		os.Exit(codeConfig)
	}
	err = run()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
