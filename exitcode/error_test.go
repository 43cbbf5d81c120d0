package exitcode_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

func TestNewAndChain(t *testing.T) {
	cause := errors.New("dial tcp: refused")
	base := exitcode.New(exitcode.Unavailable, "UPSTREAM_DOWN", "the registry is down")
	e := base.Wrap(cause).WithSuggestion("retry in a minute").WithPhase(exitcode.PhaseExecution)

	assert.Equal(t, "the registry is down: dial tcp: refused", e.Error())
	assert.Equal(t, "the registry is down", base.Error(), "With methods copy; the original is unchanged")
	assert.Empty(t, base.Suggestion)
	assert.ErrorIs(t, e, cause)

	wrapped := fmt.Errorf("deploy: %w", e)
	var got *exitcode.Error
	require.ErrorAs(t, wrapped, &got)
	assert.Equal(t, "UPSTREAM_DOWN", got.Code)
	assert.Equal(t, exitcode.Unavailable, exitcode.FromError(wrapped))
}

func TestErrorMessageFallbacks(t *testing.T) {
	assert.Equal(t, "ONLY_CODE", exitcode.New(exitcode.Conflict, "ONLY_CODE", "").Error())
	assert.Equal(t, "cause", (&exitcode.Error{Err: errors.New("cause")}).Error())
}

func TestRetryableDefaultsToTheTable(t *testing.T) {
	cases := []struct {
		code             exitcode.Code
		retryable, known bool
	}{
		{exitcode.ArgError, true, true},
		{exitcode.AuthRequired, true, true}, // yes*, after the prerequisite
		{exitcode.NotFound, false, true},
		{exitcode.PartialFailure, false, true},
		{exitcode.GeneralError, false, false}, // depends
		{exitcode.Precondition, false, false}, // depends
		{exitcode.Code(90), false, false},
		// The table says yes with partial side effects, the pairing the
		// contract's invariant (and Declare) refuses: an error that states
		// nothing is not retried blindly.
		{exitcode.Timeout, false, true},
		{exitcode.RateLimited, true, true},
	}
	for _, tc := range cases {
		r, known := exitcode.New(tc.code, "X", "x").IsRetryable()
		assert.Equal(t, tc.retryable, r, "%v", tc.code)
		assert.Equal(t, tc.known, known, "%v", tc.code)
		r, known = tc.code.Retryable()
		assert.Equal(t, tc.retryable, r, "%v.Retryable()", tc.code)
		assert.Equal(t, tc.known, known, "%v.Retryable()", tc.code)
	}
	r, known := exitcode.New(exitcode.Timeout, "X", "x").WithRetryable(false).IsRetryable()
	assert.False(t, r)
	assert.True(t, known)
}

func TestWithMethods(t *testing.T) {
	e := exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", "renamed").
		WithRedirect("tool users add", true, exitcode.ReasonRenamed).
		WithDetail("v2.0").
		WithRetryAfter(3 * time.Second)
	require.NotNil(t, e.Redirect)
	assert.Equal(t, exitcode.Redirect{Command: "tool users add", Permanent: true, Reason: exitcode.ReasonRenamed}, *e.Redirect)
	assert.Equal(t, "v2.0", e.Detail)
	require.NotNil(t, e.RetryAfter)
	assert.Equal(t, 3*time.Second, *e.RetryAfter)
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestFromError(t *testing.T) {
	_, statErr := os.Stat("/definitely/not/here")
	cases := []struct {
		name string
		err  error
		want exitcode.Code
	}{
		{"nil", nil, exitcode.Success},
		{"plain", errors.New("x"), exitcode.GeneralError},
		{"stat of a missing file", statErr, exitcode.NotFound},
		{"fs.ErrNotExist wrapped", fmt.Errorf("load: %w", fs.ErrNotExist), exitcode.NotFound},
		{"permission", &fs.PathError{Op: "open", Path: "/x", Err: syscall.EACCES}, exitcode.PermissionDenied},
		{"exists", &fs.PathError{Op: "mkdir", Path: "/x", Err: syscall.EEXIST}, exitcode.Conflict},
		{"deadline", fmt.Errorf("call: %w", context.DeadlineExceeded), exitcode.Timeout},
		{"os deadline", os.ErrDeadlineExceeded, exitcode.Timeout},
		{"net timeout", &net.OpError{Op: "read", Net: "tcp", Err: timeoutErr{}}, exitcode.Timeout},
		{"refused", &net.OpError{Op: "dial", Net: "tcp", Err: &os.SyscallError{Syscall: "connect", Err: syscall.ECONNREFUSED}}, exitcode.Unavailable},
		{"reset", fmt.Errorf("x: %w", syscall.ECONNRESET), exitcode.Unavailable},
		{"dns temporary", &net.DNSError{Err: "server misbehaving", Name: "x", IsTemporary: true}, exitcode.Unavailable},
		{"dns not found is not unavailable", &net.DNSError{Err: "no such host", Name: "x", IsNotFound: true}, exitcode.GeneralError},
		{"missing executable", &exec.Error{Name: "git", Err: exec.ErrNotFound}, exitcode.Precondition},
		{"cancelled is ambiguous", context.Canceled, exitcode.GeneralError},
		{"*Error beats the std mapping", exitcode.New(exitcode.Precondition, "NO_CONFIG", "x").Wrap(fs.ErrNotExist), exitcode.Precondition},
		{"*Error deep in a join", errors.Join(errors.New("a"), fmt.Errorf("b: %w", exitcode.New(exitcode.RateLimited, "R", "r"))), exitcode.RateLimited},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, exitcode.FromError(tc.err))
		})
	}
}
