package exitcode

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"syscall"
	"time"
)

// Phase is the pipeline phase in which an error occurred.
type Phase string

// The phases of a command. PhaseValidation guarantees zero side effects.
const (
	PhaseUnstated   Phase = ""
	PhaseValidation Phase = "validation"
	PhaseExecution  Phase = "execution"
	PhaseCleanup    Phase = "cleanup"
)

// RedirectReason says why a command was redirected.
type RedirectReason string

// The reasons a redirect may give.
const (
	ReasonUnstated     RedirectReason = ""
	ReasonRenamed      RedirectReason = "renamed"
	ReasonRestructured RedirectReason = "restructured"
	ReasonDeprecated   RedirectReason = "deprecated"
	ReasonTypo         RedirectReason = "typo_corrected"
)

// Redirect names the invocation an agent must use instead (REDIRECTED only).
type Redirect struct {
	Command   string         // the exact replacement invocation, used verbatim
	Permanent bool           // true: the agent memorizes the mapping
	Reason    RedirectReason // optional
}

// Error is an error that carries its exit code and the fields of the
// envelope's error object. Build one with New and the With methods.
type Error struct {
	// ExitCode is the process exit code the error leads to.
	ExitCode Code
	// Code is the stable machine-readable identifier agents branch on
	// (the envelope's error.code), e.g. "TOKEN_EXPIRED".
	Code string
	// Message is the human-readable summary.
	Message string
	// Detail is optional context: a raw upstream error, say.
	Detail string
	// Retryable, when not nil, overrides the table's retryability for
	// ExitCode; see IsRetryable.
	Retryable *bool
	// RetryAfter, when not nil, is the back-off the agent should wait
	// (error.retry_after, in whole seconds rounded up). Zero is a valid
	// back-off: retry at once, as after refreshing an expired token.
	RetryAfter *time.Duration
	// Phase is where the error occurred, if stated.
	Phase Phase
	// Suggestion is the agent's actionable next step.
	Suggestion string
	// Redirect is set only for REDIRECTED.
	Redirect *Redirect
	// Err is the cause, returned by Unwrap.
	Err error
}

// NilErrorCode is the error.code of a nil *Error that reached the runtime
// inside a non-nil error: a function declared to return *Error returned nil,
// and its caller passed the result on as an error, so the caller took its
// failure path with no failure to report. The runtime cannot know what
// happened and reports GENERAL_ERROR; return a literal nil (an untyped nil)
// on success.
const NilErrorCode = "NIL_EXITCODE_ERROR"

// nilErrorMessage is what a nil *Error says about itself.
const nilErrorMessage = "a nil *exitcode.Error was passed on as a non-nil error: return a literal nil on success, not a nil *exitcode.Error"

// nilError stands in for a nil *Error.
func nilError() *Error {
	return &Error{ExitCode: GeneralError, Code: NilErrorCode, Message: nilErrorMessage}
}

// New returns an error that exits with c. code is the stable identifier
// agents branch on; message is for people.
func New(c Code, code, message string) *Error {
	return &Error{ExitCode: c, Code: code, Message: message}
}

// Error returns the message, followed by the cause if there is one. A nil
// *Error says that it is one (see NilErrorCode).
func (e *Error) Error() string {
	if e == nil {
		return nilErrorMessage
	}
	msg := e.Message
	if msg == "" {
		msg = e.Code
	}
	if e.Err != nil {
		if msg == "" {
			return e.Err.Error()
		}
		return msg + ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// IsRetryable returns whether an agent may retry, and whether that is known:
// the explicit Retryable if set, otherwise ExitCode.Retryable() (the table's
// value, with TIMEOUT's partial side effects making it false). For a code
// whose retryability "depends", known is false and the envelope leaves
// error.retryable out, so the agent falls back to the exit code. A nil
// *Error is GENERAL_ERROR: retryability unknown.
func (e *Error) IsRetryable() (retryable, known bool) {
	if e == nil {
		return false, false
	}
	if e.Retryable != nil {
		return *e.Retryable, true
	}
	return e.ExitCode.Retryable()
}

// clone returns a shallow copy so the With methods never change an error
// another goroutine may hold. The copy of a nil *Error is the GENERAL_ERROR
// that stands for it (see NilErrorCode).
func (e *Error) clone() *Error {
	if e == nil {
		return nilError()
	}
	c := *e
	return &c
}

// WithDetail returns a copy of e with Detail set.
func (e *Error) WithDetail(detail string) *Error { c := e.clone(); c.Detail = detail; return c }

// WithRetryable returns a copy of e that states its retryability explicitly.
func (e *Error) WithRetryable(retryable bool) *Error {
	c := e.clone()
	c.Retryable = &retryable
	return c
}

// WithRetryAfter returns a copy of e that tells the agent how long to wait
// before retrying; zero means at once and is written as retry_after: 0.
func (e *Error) WithRetryAfter(d time.Duration) *Error { c := e.clone(); c.RetryAfter = &d; return c }

// WithPhase returns a copy of e with Phase set.
func (e *Error) WithPhase(p Phase) *Error { c := e.clone(); c.Phase = p; return c }

// WithSuggestion returns a copy of e with the agent's next step.
func (e *Error) WithSuggestion(s string) *Error { c := e.clone(); c.Suggestion = s; return c }

// WithRedirect returns a copy of e that redirects the agent to command.
func (e *Error) WithRedirect(command string, permanent bool, reason RedirectReason) *Error {
	c := e.clone()
	c.Redirect = &Redirect{Command: command, Permanent: permanent, Reason: reason}
	return c
}

// Wrap returns a copy of e whose cause is err.
func (e *Error) Wrap(err error) *Error { c := e.clone(); c.Err = err; return c }

// FromError returns the exit code err leads to:
//   - nil is SUCCESS;
//   - an *Error anywhere in the chain gives its ExitCode, except a nil
//     *Error, which is GENERAL_ERROR (see NilErrorCode);
//   - standard errors whose meaning is unambiguous map to their code:
//     fs.ErrNotExist → NOT_FOUND, fs.ErrPermission → PERMISSION_DENIED,
//     fs.ErrExist → CONFLICT, a deadline or a network timeout → TIMEOUT,
//     a refused, reset or unreachable connection and a temporary DNS
//     failure → UNAVAILABLE, an executable missing from PATH → PRECONDITION;
//   - anything else is GENERAL_ERROR, the last resort.
func FromError(err error) Code {
	if err == nil {
		return Success
	}
	var e *Error
	if errors.As(err, &e) {
		if e == nil {
			return GeneralError
		}
		return e.ExitCode
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return NotFound
	case errors.Is(err, fs.ErrPermission):
		return PermissionDenied
	case errors.Is(err, fs.ErrExist):
		return Conflict
	case isTimeout(err):
		return Timeout
	case isUnavailable(err):
		return Unavailable
	case errors.Is(err, exec.ErrNotFound):
		return Precondition
	}
	return GeneralError
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) {
		return true
	}
	var t interface{ Timeout() bool }
	return errors.As(err, &t) && t.Timeout()
}

func isUnavailable(err error) bool {
	for _, errno := range []syscall.Errno{syscall.ECONNREFUSED, syscall.ECONNRESET, syscall.EHOSTUNREACH, syscall.ENETUNREACH} {
		if errors.Is(err, errno) {
			return true
		}
	}
	var dns *net.DNSError
	return errors.As(err, &dns) && dns.IsTemporary
}
