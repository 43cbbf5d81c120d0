package envelope

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Output collects what a command reports besides its data: warnings and the
// optional meta fields. The runner hands one to each phase.
type Output struct {
	warnings []string
	meta     Meta
}

// Warn adds a non-fatal message to the envelope's warnings.
func (o *Output) Warn(format string, args ...any) {
	o.warnings = append(o.warnings, fmt.Sprintf(format, args...))
}

// Meta returns the optional meta fields for the phase to set (request_id,
// truncated, cursor, not_modified, extensions).
func (o *Output) Meta() *Meta { return &o.meta }

// Command is one command as two phases. Validate inspects the arguments and
// the world without changing anything and returns the command's input;
// Execute does the work. Keeping the phases apart is what lets ARG_ERROR keep
// its promise of zero side effects: it may only come from Validate.
type Command[In, Out any] struct {
	// Name identifies the command in messages.
	Name string
	// Validate parses and checks args. It must not change the world.
	Validate func(ctx context.Context, args []string, out *Output) (In, error)
	// Execute does the work on the validated input.
	Execute func(ctx context.Context, in In, out *Output) (Out, error)
}

// PanicCode is the error.code of the GENERAL_ERROR envelope written when a
// phase panics.
const PanicCode = "INTERNAL_PANIC"

// Run runs the command's phases on args, writes its one envelope to w and
// returns the exit code the process should end with:
//   - An error from Validate is marked phase "validation" and keeps the code
//     it carries: an *exitcode.Error its code, any other error the code
//     exitcode.FromError gives it (a missing file NOT_FOUND, say), and an
//     error nothing classifies GENERAL_ERROR. ARG_ERROR is only ever stated:
//     a corrupt file or a cancelled context found while validating is not
//     the caller's input, and ARG_ERROR would tell the agent to fix the
//     input and retry at once.
//   - An error from Execute is marked phase "execution" where it states no
//     phase. An ARG_ERROR escaping Execute is turned into PARTIAL_FAILURE
//     with a warning: once execution has begun, side effects may have
//     occurred, and ARG_ERROR would tell the agent to retry at once.
//   - A nil *exitcode.Error returned as a non-nil error is GENERAL_ERROR
//     (error.code NIL_EXITCODE_ERROR), and Execute does not run after it.
//   - A panic in either phase, or while the envelope is built (a data type
//     whose MarshalJSON panics), is recovered into GENERAL_ERROR (error.code
//     INTERNAL_PANIC) so the agent still receives an envelope.
//   - If the envelope contradicts the contract, New's GENERAL_ERROR envelope
//     is written and GENERAL_ERROR returned.
//
// A failure to write the envelope is returned as the code GENERAL_ERROR.
func (c Command[In, Out]) Run(ctx context.Context, args []string, w io.Writer) exitcode.Code {
	start := time.Now()
	out := &Output{}
	data, err := c.phases(ctx, args, out)
	if err != nil {
		var zero Out
		data = zero
	}
	env := respond(start, data, err, out)
	if werr := env.Encode(w); werr != nil {
		return exitcode.GeneralError
	}
	return env.Code()
}

// respond builds the envelope of a run's outcome, recovering a panic of the
// data's encoding into an INTERNAL_PANIC envelope.
func respond[Out any](start time.Time, data Out, err error, out *Output) (env *Envelope[Out]) {
	defer func() {
		if p := recover(); p != nil {
			var zero Out
			perr := exitcode.New(exitcode.GeneralError, PanicCode, "building the envelope panicked").WithDetail(fmt.Sprint(p))
			env, _ = New(start, exitcode.GeneralError, zero, perr, WithWarnings(out.warnings...), WithMeta(out.meta))
		}
	}()
	env, _ = New(start, exitcode.FromError(err), data, err, WithWarnings(out.warnings...), WithMeta(out.meta))
	return env
}

// phases runs Validate then Execute and returns the data or the classified error.
func (c Command[In, Out]) phases(ctx context.Context, args []string, out *Output) (data Out, err error) {
	in, err := guard(exitcode.PhaseValidation, func() (In, error) { return c.Validate(ctx, args, out) })
	if err != nil {
		return data, validationError(err)
	}
	data, err = guard(exitcode.PhaseExecution, func() (Out, error) { return c.Execute(ctx, in, out) })
	if err != nil {
		return data, executionError(err, out)
	}
	return data, nil
}

// guard runs one phase, turning a panic into a GENERAL_ERROR error.
func guard[T any](phase exitcode.Phase, f func() (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = exitcode.New(exitcode.GeneralError, PanicCode, fmt.Sprintf("the %s phase panicked", phase)).
				WithDetail(fmt.Sprint(p)).WithPhase(phase)
		}
	}()
	return f()
}

func validationError(err error) error {
	var xe *exitcode.Error
	if errors.As(err, &xe) {
		if xe != nil && xe.Code == PanicCode {
			return xe
		}
		return xe.WithPhase(exitcode.PhaseValidation)
	}
	code := exitcode.FromError(err)
	return &exitcode.Error{ExitCode: code, Code: code.String(), Message: err.Error(), Phase: exitcode.PhaseValidation}
}

func executionError(err error, out *Output) error {
	var xe *exitcode.Error
	if errors.As(err, &xe) && xe == nil {
		return xe.WithPhase(exitcode.PhaseExecution)
	}
	if !errors.As(err, &xe) {
		code := exitcode.FromError(err)
		return &exitcode.Error{ExitCode: code, Code: code.String(), Message: err.Error(), Phase: exitcode.PhaseExecution}
	}
	if xe.ExitCode == exitcode.ArgError {
		out.Warn("ARG_ERROR (%s) was raised after execution began and is reported as PARTIAL_FAILURE: side effects may have occurred; move this check into the validate phase", xe.Code)
		moved := &exitcode.Error{
			ExitCode: exitcode.PartialFailure, Code: xe.Code, Message: xe.Message,
			Detail: xe.Detail, Suggestion: xe.Suggestion, Phase: exitcode.PhaseExecution, Err: xe.Err,
		}
		return moved
	}
	if xe.Phase == exitcode.PhaseUnstated {
		return xe.WithPhase(exitcode.PhaseExecution)
	}
	return xe
}

// Main runs the command on the process's arguments, writes the envelope to
// standard output and ends the process through exitcode.Exit with the code.
func (c Command[In, Out]) Main() {
	code := c.Run(context.Background(), os.Args[1:], os.Stdout)
	exitcode.Exit(code)
}
