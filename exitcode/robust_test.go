package exitcode_test

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

// check is the kind of helper that returns a nil *exitcode.Error on success;
// a caller that passes its result on as an error holds a non-nil error
// interface around a nil pointer.
func check(n int) *exitcode.Error {
	if n < 0 {
		return exitcode.New(exitcode.ArgError, "NEGATIVE", "n is negative")
	}
	return nil
}

func TestTypedNilErrorDoesNotPanic(t *testing.T) {
	var err error = check(1) // a typed nil: a nil *exitcode.Error in a non-nil error
	assert.NotPanics(t, func() {
		assert.Equal(t, exitcode.GeneralError, exitcode.FromError(err), "a typed nil is no success: the caller took its failure path")
		assert.Equal(t, exitcode.GeneralError, exitcode.FromError(fmt.Errorf("wrapped: %w", err)))
		assert.Contains(t, err.Error(), "nil *exitcode.Error")
		assert.Nil(t, errors.Unwrap(err))
		r, known := (*exitcode.Error)(nil).IsRetryable()
		assert.False(t, r)
		assert.False(t, known)
		e := (*exitcode.Error)(nil).WithDetail("d")
		assert.Equal(t, exitcode.GeneralError, e.ExitCode)
		assert.Equal(t, exitcode.NilErrorCode, e.Code)
		assert.Equal(t, "d", e.Detail)
	})
}

func TestSuccessRetryabilityIsNotApplicable(t *testing.T) {
	row, _ := exitcode.Lookup(exitcode.Success)
	assert.Equal(t, exitcode.RetryNotApplicable, row.Retryable)
	assert.Equal(t, "not-applicable", row.Retryable.String(), "a manifest prints SUCCESS's retryability as not applicable, not as unstated")
	_, err := exitcode.Declare("x", exitcode.Entry{Code: exitcode.Success, Retryable: exitcode.RetryYes})
	assert.ErrorContains(t, err, "SUCCESS has no retryability")
}

func TestDeclaredCodeHasItsName(t *testing.T) {
	exitcode.MustDeclare("links check", exitcode.Entry{Code: 120, Name: "BROKEN_LINKS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone})
	assert.Equal(t, "BROKEN_LINKS", exitcode.Code(120).String())
	assert.Equal(t, "exitcode.Code(121)", exitcode.Code(121).String(), "an undeclared code keeps its Go spelling")

	// Two commands giving 122 different names: no single name is true.
	exitcode.MustDeclare("a", exitcode.Entry{Code: 122, Name: "STALE_A", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone})
	exitcode.MustDeclare("b", exitcode.Entry{Code: 122, Name: "STALE_B", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone})
	assert.Equal(t, "exitcode.Code(122)", exitcode.Code(122).String())
}

// panicChildEnv makes the test binary a child that panics in main's
// goroutine, with exitcode.ExitOnPanic deferred when the value is "guarded".
const panicChildEnv = "EXITCODE_TEST_CHILD_PANIC"

func panicChild(mode string) {
	if mode == "guarded" {
		defer exitcode.ExitOnPanic()
	}
	panic("the program's bug")
}

func TestExitOnPanic(t *testing.T) {
	run := func(mode string) (int, string) {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), panicChildEnv+"="+mode)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		_ = cmd.Run()
		return cmd.ProcessState.ExitCode(), stderr.String()
	}
	status, _ := run("bare")
	assert.Equal(t, 2, status, "Go ends an unrecovered panic with 2, PARTIAL_FAILURE to an agent")
	status, stderr := run("guarded")
	assert.Equal(t, int(exitcode.GeneralError), status, "ExitOnPanic ends it with GENERAL_ERROR")
	assert.Contains(t, stderr, "panic: the program's bug")
	assert.Contains(t, stderr, "goroutine", "the stack is printed")
}

func TestCatchUsesTheDeclarationsExitWentThrough(t *testing.T) {
	d := exitcode.MustDeclare("notes rm", exitcode.Entry{Code: exitcode.NotFound})
	code, exited, err := exitcode.Catch(nil, func() { d.Exit(exitcode.Conflict) })
	assert.True(t, exited)
	assert.Equal(t, exitcode.Conflict, code)
	var undeclared *exitcode.UndeclaredError
	require.ErrorAs(t, err, &undeclared)
	assert.Equal(t, "notes rm", undeclared.Command)

	_, _, err = exitcode.Catch(nil, func() { d.Exit(exitcode.NotFound) })
	assert.NoError(t, err)
	_, _, err = exitcode.Catch(nil, func() { exitcode.Exit(exitcode.Conflict) })
	assert.NoError(t, err, "no declarations given, none used: nothing to check against")
}

func TestTestMode(t *testing.T) {
	assert.True(t, exitcode.TestMode(), "a test binary is in test mode")
	t.Setenv(exitcode.StrictEnv, "0")
	assert.False(t, exitcode.TestMode())
	t.Setenv(exitcode.StrictEnv, "1")
	assert.True(t, exitcode.TestMode())
}
