// Package runtime builds the runtime's errors with payloads their exit
// codes do not allow, beside ones that do.
package runtime

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

func Renamed(msg string) error {
	return exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg) // want `REDIRECTED \(13\) without a redirect: an agent given REDIRECTED runs error.redirect.command verbatim`
}

func RenamedWithRedirect(msg string) error {
	return exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg).WithRedirect("tool users add", true, exitcode.ReasonRenamed)
}

func RenamedLater(msg string) error {
	e := exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg)
	e = e.WithPhase(exitcode.PhaseValidation)
	return e.WithRedirect("tool users add", true, exitcode.ReasonRenamed)
}

func RenamedField(msg string) error {
	e := exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg)
	e.Redirect = &exitcode.Redirect{Command: "tool users add", Permanent: true}
	return e
}

func RenamedLiteral(msg string) error {
	return &exitcode.Error{ExitCode: exitcode.Redirected, Code: "COMMAND_RENAMED", Message: msg} // want `REDIRECTED \(13\) without a redirect`
}

// addRedirect is the program's: the redirect may be set there.
func addRedirect(e *exitcode.Error) error { return e.WithRedirect("x", false, exitcode.ReasonTypo) }

func RenamedElsewhere(msg string) error {
	return addRedirect(exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg))
}

func Moved(to string) error {
	return exitcode.New(exitcode.NotFound, "MOVED", "moved").WithRedirect(to, true, exitcode.ReasonRenamed) // want `a redirect on NOT_FOUND \(5\): error.redirect is present only when the exit code is REDIRECTED \(13\)`
}

func EmptyCommand() error {
	return exitcode.New(exitcode.Redirected, "TYPO", "did you mean").WithRedirect("", false, exitcode.ReasonTypo) // want `a redirect without a command`
}

func Unauthorized(msg string) error {
	return exitcode.New(exitcode.AuthRequired, "UNAUTHORIZED", msg) // want `error.code "UNAUTHORIZED" at AUTH_REQUIRED \(8\): the exit code does not say why authentication failed`
}

func Expired(msg string) error {
	return exitcode.New(exitcode.AuthRequired, "TOKEN_EXPIRED", msg).WithRetryAfter(0)
}

// Chosen picks a TOKEN_ code by a condition: fine.
func Chosen(expired bool) error {
	code := "TOKEN_MISSING"
	if expired {
		code = "TOKEN_EXPIRED"
	}
	return exitcode.New(exitcode.AuthRequired, code, "sign in")
}

// ChosenBadly picks one code that is none.
func ChosenBadly(expired bool) error {
	code := "TOKEN_MISSING"
	if expired {
		code = "SESSION_GONE"
	}
	return exitcode.New(exitcode.AuthRequired, code, "sign in") // want `error.code "SESSION_GONE" at AUTH_REQUIRED \(8\)`
}

// FromParam cannot be known here.
func FromParam(code string) error {
	return exitcode.New(exitcode.AuthRequired, code, "sign in")
}

func SomeFailed() error {
	return exitcode.New(exitcode.PartialFailure, "SOME_FAILED", "3 of 5 written").WithRetryAfter(30 * time.Second) // want `retry_after on PARTIAL_FAILURE \(2\): PARTIAL_FAILURE is never retryable`
}

func SomeFailedRetryable() error {
	return exitcode.New(exitcode.PartialFailure, "SOME_FAILED", "3 of 5 written").WithRetryable(true) // want `PARTIAL_FAILURE \(2\) stated retryable`
}

func NotFoundBackOff() error {
	return exitcode.New(exitcode.NotFound, "GONE", "gone").WithRetryAfter(time.Minute) // want `retry_after on NOT_FOUND \(5\), which is not retryable \(the table says no\)`
}

func NotFoundStatedRetryable() error {
	return exitcode.New(exitcode.NotFound, "NOT_YET", "not replicated yet").WithRetryable(true).WithRetryAfter(time.Second)
}

func StatedNot() error {
	return exitcode.New(exitcode.Unavailable, "DOWN", "down").WithRetryable(false).WithRetryAfter(time.Second) // want `retry_after on UNAVAILABLE \(12\) stated not retryable`
}

func Precondition() error {
	return exitcode.New(exitcode.Precondition, "LOCKED", "locked").WithRetryAfter(time.Second) // want `retry_after on PRECONDITION \(4\), which is not retryable \(its retryability depends, and the error does not state it\)`
}

func RateLimited() error {
	return exitcode.New(exitcode.RateLimited, "RATE_LIMIT_EXCEEDED", "slow down").WithRetryAfter(30 * time.Second)
}

func RetryAfterField() error {
	d := time.Second
	return &exitcode.Error{ExitCode: exitcode.PermissionDenied, Code: "FORBIDDEN", RetryAfter: &d} // want `retry_after on PERMISSION_DENIED \(7\), which is not retryable`
}

func FromMessage(err error) error {
	return exitcode.New(exitcode.Unavailable, strings.ToUpper(strings.ReplaceAll(err.Error(), " ", "_")), "down") // want `error.code computed from an error's message \(err.Error\(\)\): agents branch on error.code`
}

func FromMessageLocal(err error) error {
	code := fmt.Sprintf("E_%v", err)
	return exitcode.New(exitcode.Unavailable, code, "down") // want `error.code computed from an error's message \(fmt.Sprintf\("E_%v", err\)\)`
}

func AssignedFromMessage(err error) error {
	xe := exitcode.New(exitcode.Unavailable, "DOWN", "down")
	xe.Code = strings.ToUpper(err.Error()) // want `error.code computed from an error's message`
	return xe
}

// codeFor classifies: a fixed set.
func codeFor(err error) string {
	if errors.Is(err, errDown) {
		return "DOWN"
	}
	return "UNKNOWN"
}

var errDown = errors.New("down")

func Classified(err error) error {
	return exitcode.New(exitcode.Unavailable, codeFor(err), err.Error())
}

// A code that is not constant leaves the code's rules unknown.
func Computed(c exitcode.Code) error {
	return exitcode.New(c, "X", "x").WithRetryAfter(time.Second)
}
