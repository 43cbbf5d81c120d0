package envelope

import (
	"context"
	"errors"
	"os"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"
)

// CancelledCode is the error.code of a run cut short because its context
// was cancelled: by SIGINT or SIGTERM under Main, or by the caller's own
// cancel. Its exit code is TIMEOUT (10), with the phase the run was in:
// validation (nothing changed; retryable) or execution (some writes may
// have occurred; not retryable unless the command declares TIMEOUT with
// side effects none). See Command.Codes and Main.
const CancelledCode = "CANCELLED"

// interruption is the cause of a run's context that a signal cancelled.
type interruption struct{ sig os.Signal }

func (i interruption) Error() string { return "interrupted by " + signalName(i.sig) }

// signalName spells the signals Main handles as a shell does.
func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// cutShort returns the error a run ends with, in phase, when its context is
// done, and nil when it is not. err is what the phase returned (nil for a
// phase that has not begun, or one that succeeded). An *exitcode.Error the
// phase returned is kept (the phase said what happened), and so is an
// error exitcode.FromError gives a specific code; anything else is read as
// the cancellation's consequence: CANCELLED (or TIMEOUT, for a deadline),
// exit code TIMEOUT, err in the detail.
func cutShort(ctx context.Context, phase exitcode.Phase, err error) *exitcode.Error {
	if ctx.Err() == nil {
		return nil
	}
	if err != nil {
		var xe *exitcode.Error
		if errors.As(err, &xe) {
			return nil
		}
		if c := exitcode.FromError(err); c != exitcode.GeneralError && c != exitcode.Timeout {
			return nil
		}
	}
	where := " during the " + string(phase) + " phase"
	if phase == exitcode.PhaseExecution {
		where = " during the execute phase: some writes may have occurred"
	} else {
		where += ": nothing changed"
	}
	var e *exitcode.Error
	switch cause := context.Cause(ctx); {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		e = exitcode.New(exitcode.Timeout, exitcode.Timeout.String(), "the deadline passed"+where)
	case errors.As(cause, new(interruption)):
		e = exitcode.New(exitcode.Timeout, CancelledCode, cause.Error()+where)
	default:
		e = exitcode.New(exitcode.Timeout, CancelledCode, "cancelled"+where)
	}
	e = e.WithPhase(phase)
	if err != nil {
		e = e.Wrap(err)
	}
	return e
}
