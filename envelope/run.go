package envelope

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Command is one command, declared once: its name, the exit codes it may end
// with, the type of its data, and its two phases. Validate inspects the
// arguments and the world without changing anything and returns the
// command's input; Execute does the work. Keeping the phases apart is what
// lets ARG_ERROR keep its promise of zero side effects: it may only come
// from Validate.
//
// The runner takes each error's retryability, and where the command states
// one its agent action, from Codes; a code the command did not declare is
// refused in test mode and reported in a warning otherwise (see Run). A
// Registry of commands generates the CLI's manifest from the same
// declarations.
type Command[In, Out any] struct {
	// Name is the command as it is invoked, without the program: "get",
	// or "notes get" for a subcommand.
	Name string
	// Summary is one line saying what the command does (for the manifest).
	Summary string
	// Type tags the shape of Out: meta.type on success, and the result
	// type the manifest lists. Empty means the snake_case name of Out's Go
	// type ("noteList" → "note_list"; a slice of Note → "note_list").
	Type string
	// Codes are the exit codes the command may end with besides SUCCESS and
	// GENERAL_ERROR (always declared): table codes, with the command's own
	// retryability, side effects and action where they differ from the
	// table's, and command-specific codes in 79–125. exitcode.Declare checks
	// them against the contract's invariants. TIMEOUT is declared too when
	// Codes leave it out, with retryability depends and side effects
	// unknown: any run can be cut short (a signal, a deadline), and the
	// runner says in error.retryable whether the phase it was in changed
	// anything. A command whose timeouts change nothing (a read-only one)
	// declares TIMEOUT with SideEffects EffectsNone.
	Codes []exitcode.Entry
	// Validate parses and checks args. It must not change the world.
	Validate func(ctx context.Context, args []string, out *Output) (In, error)
	// Execute does the work on the validated input.
	Execute func(ctx context.Context, in In, out *Output) (Out, error)
	// MaxBytes caps the size of the data's JSON: over it, data that can be
	// cut (a slice, or a Truncatable) keeps its longest run of first items
	// that fits (one at least, so that paging moves on), and meta says
	// truncated, with the cursor Output.Resume gives. Data that cannot be
	// cut is written whole with a warning (refused in test mode: error.code
	// OUTPUT_TOO_LARGE). Zero means DefaultMaxBytes; a negative value, no
	// cap.
	MaxBytes int
}

// Declarations checks the command's Codes and returns them as
// exitcode.Declarations (for exitcode.Catch, say), with TIMEOUT declared
// when Codes leave it out (see Codes): any run can be cut short.
func (c Command[In, Out]) Declarations() (*exitcode.Declarations, error) {
	return exitcode.Declare(c.Name, withTimeout(c.Codes)...)
}

// timeoutEntry is the TIMEOUT every command declares unless its Codes
// declare TIMEOUT themselves: a run cut short by a signal (error.code
// CANCELLED) or a deadline. Where the run was decides what that means, so
// its retryability depends and its side effects are unknown; the runner
// writes error.retryable true for a run cut short while validating (nothing
// changed: the same call can be made again) and false for one cut short
// while executing (some writes may have occurred: inspect first). A
// read-only command declares TIMEOUT with SideEffects EffectsNone instead,
// and its timeouts are retryable wherever they happen.
var timeoutEntry = exitcode.Entry{
	Code:        exitcode.Timeout,
	Retryable:   exitcode.RetryDepends,
	SideEffects: exitcode.EffectsUnknown,
	Action:      "The run was cut short (a signal or a deadline): with error.phase validation nothing changed and the call can be made again; with execution some writes may have occurred, so inspect the state before retrying",
}

// withTimeout returns codes with TIMEOUT declared: codes itself when it
// declares TIMEOUT, else a copy with timeoutEntry added (never appended in
// place: the caller's slice may have room and other uses).
func withTimeout(codes []exitcode.Entry) []exitcode.Entry {
	for _, e := range codes {
		if e.Code == exitcode.Timeout {
			return codes
		}
	}
	out := make([]exitcode.Entry, 0, len(codes)+1)
	return append(append(out, codes...), timeoutEntry)
}

// ResultType returns the type tag of the command's data: Type, or the name
// derived from Out.
func (c Command[In, Out]) ResultType() string {
	if c.Type != "" {
		return c.Type
	}
	return typeTag(reflect.TypeOf((*Out)(nil)).Elem())
}

// UndeclaredCode is the error.code of the GENERAL_ERROR envelope written in
// test mode when a command ends with a code it did not declare.
const UndeclaredCode = "UNDECLARED_EXIT_CODE"

// DeclarationCode is the error.code of the GENERAL_ERROR envelope written
// when a command's Codes break the contract (exitcode.Declare refuses them).
const DeclarationCode = "INVALID_DECLARATION"

// Run runs the command's phases on args, writes its one envelope to w and
// returns the exit code the process should end with:
//   - An error from Validate is marked phase "validation" and keeps the code
//     it carries: an *exitcode.Error its code, any other error the code
//     exitcode.FromError gives it (a missing file NOT_FOUND, say), and an
//     error nothing classifies GENERAL_ERROR. ARG_ERROR is only ever stated:
//     a corrupt file found while validating is not the caller's input, and
//     ARG_ERROR would tell the agent to fix the input and retry at once.
//   - An error from Execute is marked phase "execution" where it states no
//     phase. An ARG_ERROR escaping Execute is turned into PARTIAL_FAILURE
//     with a warning: once execution has begun, side effects may have
//     occurred, and ARG_ERROR would tell the agent to retry at once.
//   - A run whose context is done before a phase, or whose phase fails
//     after it is done with an error that states no code of its own, is cut
//     short: error.code CANCELLED (TIMEOUT for a deadline), exit code
//     TIMEOUT, in the phase it was in (see CancelledCode). Execute does not
//     begin once the context is done. A phase that succeeds despite the
//     cancellation succeeds.
//   - error.retryable is the command's declared entry for the code (left
//     out where it says depends), unless the error states its own
//     (WithRetryable): an error may narrow the declaration (false where it
//     says yes), never widen it (true where it says no is written false,
//     with a warning). A TIMEOUT declared depends (as every command
//     declares it unless its Codes declare TIMEOUT) is retryable when the
//     run was cut short in the validate phase and not in the execute phase.
//     A declared Action that differs from the table's becomes
//     error.suggestion when the error has none.
//   - A table code the command did not declare is refused in test mode
//     (exitcode.TestMode): the envelope is GENERAL_ERROR with error.code
//     UNDECLARED_EXIT_CODE, so the test fails. Otherwise the code is kept,
//     with the table's retryability, and a warning says it is undeclared:
//     an agent that finds no declaration for a code falls back to the
//     table's row. Any other code the command did not declare is refused
//     in test mode and out of it: POSIX sysexits (64–78) and the reserved
//     ranges cannot be declared, and a command-specific code (79–125)
//     means nothing without its declaration.
//   - A nil *exitcode.Error returned as a non-nil error is GENERAL_ERROR
//     (error.code NIL_EXITCODE_ERROR), and Execute does not run after it.
//   - A panic in either phase, in a goroutine a phase started with
//     Output.Go, or while the envelope is built (a data type whose
//     MarshalJSON panics), is recovered into GENERAL_ERROR (error.code
//     INTERNAL_PANIC) so the agent still receives an envelope; the stack
//     goes to standard error, and into error.detail in test mode (see
//     Recovered).
//   - Success data over the size cap is cut (see MaxBytes).
//   - If the envelope contradicts the contract, New's GENERAL_ERROR envelope
//     is written and GENERAL_ERROR returned; so is Codes that
//     exitcode.Declare refuses (error.code INVALID_DECLARATION).
//
// Every envelope carries meta.schema_version (SchemaVersion unless a phase
// set another) and, on success, meta.type (ResultType).
//
// A failure to write the envelope is returned as the code GENERAL_ERROR, its
// reason on standard error. Run may be called from several goroutines at
// once, as far as the command's phases allow; it does not take os.Stdout
// over (Main and Process.Run do).
func (c Command[In, Out]) Run(ctx context.Context, args []string, w io.Writer) exitcode.Code {
	env := c.run(ctx, time.Now(), args)
	procOf(ctx).wrote(env.Code())
	if werr := env.Encode(w); werr != nil {
		fmt.Fprintf(stderrOf(ctx), "envelope: command %q: writing its envelope failed: %v\n", c.Name, werr)
		return exitcode.GeneralError
	}
	return env.Code()
}

// run builds the envelope of one run.
func (c Command[In, Out]) run(ctx context.Context, start time.Time, args []string) *Envelope[Out] {
	out := &Output{}
	var data Out
	decl, err := c.Declarations()
	procOf(ctx).ran(decl)
	if err != nil {
		err = exitcode.New(exitcode.GeneralError, DeclarationCode,
			fmt.Sprintf("command %q declares exit codes the contract does not allow", c.Name)).WithDetail(err.Error())
	} else {
		data, err = c.phases(ctx, args, out)
	}
	if err == nil && !out.meta.NotModified {
		data, err = capData(c.MaxBytes, data, out)
	}
	unknown := false
	if err != nil {
		var zero Out
		data = zero
		if decl != nil {
			err, unknown = declared(decl, err, out)
		}
	}
	if out.meta.SchemaVersion == "" {
		out.meta.SchemaVersion = SchemaVersion
	}
	if err == nil && !out.meta.NotModified && out.meta.Type == "" {
		out.meta.Type = c.ResultType()
	}
	return respond(ctx, start, data, err, out, unknown)
}

// declared applies the command's declaration to the error of a run: the
// declared retryability and action, and the check that the code is
// declared. unknown reports that the declaration leaves retryability to
// the error and the error states none, so the envelope leaves
// error.retryable out (the table's value does not apply).
//
// A code outside the table that the command did not declare is refused in
// test mode and out of it: POSIX sysexits and the reserved ranges cannot
// be declared, and a command-specific code means nothing without its
// declaration. An undeclared table code is refused in test mode and kept
// outside it, with a warning: an agent that finds no declaration for a
// code falls back to the table's row.
func declared(decl *exitcode.Declarations, err error, out *Output) (_ error, unknown bool) {
	var xe *exitcode.Error
	if !errors.As(err, &xe) || xe == nil {
		return err, false
	}
	entry, ok := decl.Lookup(xe.ExitCode)
	if !ok {
		what := fmt.Sprintf("command %q ended with exit code %s, which it does not declare", decl.Command(), describeCode(xe.ExitCode))
		_, inTable := exitcode.Lookup(xe.ExitCode)
		if exitcode.TestMode() || !inTable {
			return exitcode.New(exitcode.GeneralError, UndeclaredCode, what).
				WithDetail(xe.Code + ": " + xe.Error()).
				WithSuggestion("declare the code in the command's Codes, or end with a code it declares").
				WithPhase(xe.Phase), false
		}
		out.Warn("%s: its retryability and side effects are the table's", what)
		return xe, false
	}
	if xe.Retryable == nil {
		switch entry.Retryable {
		case exitcode.RetryYes, exitcode.RetryAfterPrerequisite:
			xe = xe.WithRetryable(true)
		case exitcode.RetryNo:
			xe = xe.WithRetryable(false)
		default:
			if entry.Code != exitcode.Timeout {
				unknown = true
				break
			}
			// Cut short: validation changed nothing.
			xe = xe.WithRetryable(xe.Phase == exitcode.PhaseValidation)
		}
	} else if *xe.Retryable && entry.Retryable == exitcode.RetryNo {
		out.Warn("the error says retryable, but command %q declares %s (%d) not retryable: the declaration is written; declare the code retryable if it is", decl.Command(), xe.ExitCode, int(xe.ExitCode))
		xe = xe.WithRetryable(false)
	}
	if xe.Suggestion == "" && entry.Action != "" {
		if row, inTable := exitcode.Lookup(entry.Code); !inTable || row.Action != entry.Action {
			xe = xe.WithSuggestion(entry.Action)
		}
	}
	return xe, unknown
}

// respond builds the envelope of a run's outcome, recovering a panic of the
// data's encoding into an INTERNAL_PANIC envelope.
func respond[Out any](ctx context.Context, start time.Time, data Out, err error, out *Output, retryUnknown bool) (env *Envelope[Out]) {
	defer func() {
		if p := recover(); p != nil {
			var zero Out
			perr := Recovered(ctx, p, "building the envelope panicked")
			meta := out.meta
			meta.Type, meta.NotModified, meta.Truncated, meta.Cursor = "", false, false, ""
			//exitlint:ignore fallback a panic is an internal error, the case GENERAL_ERROR is kept for (error.code INTERNAL_PANIC)
			env, _ = New(start, exitcode.GeneralError, zero, perr, WithWarnings(out.warnings...), WithMeta(meta))
		}
	}()
	opts := []Option{WithWarnings(out.warnings...), WithMeta(out.meta)}
	if retryUnknown {
		opts = append(opts, func(o *options) { o.retryUnknown = true })
	}
	env, _ = New(start, exitcode.FromError(err), data, err, opts...)
	return env
}

// phases runs Validate then Execute and returns the data or the classified
// error; a run whose context is done is cut short (cutShort).
func (c Command[In, Out]) phases(ctx context.Context, args []string, out *Output) (data Out, err error) {
	if cut := cutShort(ctx, exitcode.PhaseValidation, nil); cut != nil {
		return data, cut
	}
	in, err := runPhase(ctx, exitcode.PhaseValidation, out, func(ctx context.Context) (In, error) { return c.Validate(ctx, args, out) })
	if err != nil {
		if cut := cutShort(ctx, exitcode.PhaseValidation, err); cut != nil {
			return data, cut
		}
		return data, validationError(err, out)
	}
	if cut := cutShort(ctx, exitcode.PhaseValidation, nil); cut != nil {
		return data, cut // nothing has changed yet: Execute does not begin
	}
	data, err = runPhase(ctx, exitcode.PhaseExecution, out, func(ctx context.Context) (Out, error) { return c.Execute(ctx, in, out) })
	if err != nil {
		if cut := cutShort(ctx, exitcode.PhaseExecution, err); cut != nil {
			return data, cut
		}
		return data, executionError(err, out)
	}
	return data, nil
}

// runPhase runs one phase with its goroutines (Output.Go): the phase gets a
// context the first failing goroutine cancels, the runner waits for the
// goroutines, and the phase's error is the phase's own or else the first
// goroutine's (also when the phase's is only the cancellation that failure
// caused). A panic is INTERNAL_PANIC.
func runPhase[T any](ctx context.Context, phase exitcode.Phase, out *Output, f func(context.Context) (T, error)) (T, error) {
	procOf(ctx).enter(phase)
	g := newGroup(ctx, phase)
	out.mu.Lock()
	out.group = g
	out.mu.Unlock()
	v, err := guard(ctx, phase, func() (T, error) { return f(g.ctx) })
	gerr := g.wait()
	out.mu.Lock()
	out.group = nil
	out.mu.Unlock()
	if gerr != nil && (err == nil || errors.Is(err, context.Canceled)) {
		err = gerr
	}
	return v, err
}

// guard runs one phase, turning a panic into a GENERAL_ERROR error.
func guard[T any](ctx context.Context, phase exitcode.Phase, f func() (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = Recovered(ctx, p, fmt.Sprintf("the %s phase panicked", phase)).WithPhase(phase)
		}
	}()
	return f()
}

// validationError is the error of a failed validate phase: its own code
// (ARG_ERROR only when stated), phase validation whatever it says.
func validationError(err error, out *Output) error {
	return phaseError(err, out).WithPhase(exitcode.PhaseValidation)
}

// executionError is the error of a failed execute phase: phase execution
// unless it states another, and PARTIAL_FAILURE for an ARG_ERROR.
func executionError(err error, out *Output) error {
	xe := phaseError(err, out)
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

// phaseError is the one *exitcode.Error a phase's error reports (see
// flatten), the warnings flattening calls for added to out. A nil
// *exitcode.Error inside a non-nil error is the GENERAL_ERROR that stands
// for it (exitcode.NilErrorCode).
func phaseError(err error, out *Output) *exitcode.Error {
	if isNilExitError(err) {
		return (*exitcode.Error)(nil).WithPhase(exitcode.PhaseUnstated)
	}
	xe, warnings := flatten(exitcode.FromError(err), err)
	out.warnings = append(out.warnings, warnings...)
	return xe
}

// Main runs the command on the process's command line and ends the process
// with the code, through the command's declarations (so
// exitcode.Catch(nil, cmd.Main) checks the code against them): see
// envelope.Main, which it calls, for standard output, signals and panics.
func (c Command[In, Out]) Main() { Main(c) }

// MainContext is Main under the caller's context (see envelope.MainContext).
func (c Command[In, Out]) MainContext(ctx context.Context) { MainContext(ctx, c) }
