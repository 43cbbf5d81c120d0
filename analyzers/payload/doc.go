// Package payload defines an Analyzer that reports error payloads that
// break the rules of their exit code.
//
// # Analyzer payload
//
// payload: report a redirect, a retry_after or an error.code that its exit code does not allow
//
// Some exit codes promise the agent a payload, and some payloads are only
// true at some codes. REDIRECTED "requires the error.redirect field", with
// the command the agent runs verbatim and whether the mapping is permanent;
// a redirect is "present only when exit code is REDIRECTED". At
// AUTH_REQUIRED the exit code "intentionally does not distinguish why auth
// failed — that detail is in error.code": TOKEN_EXPIRED (refresh and
// retry), TOKEN_INVALID, TOKEN_MISSING (acquire credentials).
// `retry_after` is given "only when retryable: true", and PARTIAL_FAILURE
// is never retryable. And `error.code` is the "stable, machine-readable
// identifier … never changes between versions" that agents branch on: a
// code computed from an error's message is neither stable nor a fixed set.
// The runtime refuses some of these when they run; this check finds them
// on every path.
//
// # What it flags
//
// On the runtime's `*exitcode.Error` (built by `exitcode.New` and its
// `With…` methods, or as a composite literal), where its exit code is a
// constant:
//
//   - REDIRECTED without `WithRedirect` (or a `Redirect` field), when the
//     error's whole life is in view: built and returned, or assigned to a
//     local variable that is only returned, given `With…` calls or handed
//     to the runtime, `errors` or `fmt` — an error handed to a function of
//     the program may get its redirect there, and is not reported;
//   - a redirect at any other code, and a redirect with an empty command;
//   - at AUTH_REQUIRED, an error.code that is none of TOKEN_EXPIRED,
//     TOKEN_INVALID and TOKEN_MISSING, when its values are known: a
//     constant, or a local variable assigned only constants (codes chosen
//     by a condition are fine when each is a TOKEN_ code);
//   - `WithRetryAfter` (or a `RetryAfter` field) where the error is not
//     retryable: stated so (`WithRetryable(false)`), or a code the table
//     calls not retryable or "depends" (PARTIAL_FAILURE, NOT_FOUND,
//     CONFLICT, PERMISSION_DENIED, GENERAL_ERROR, PRECONDITION) that
//     neither states `WithRetryable(true)` nor is declared retryable by an
//     `exitcode.Entry` of the package (a command's `Codes`); on
//     PARTIAL_FAILURE always, and `WithRetryable(true)` on it too.
//
// Whatever the exit code, an error.code computed from an error's message:
// `exitcode.New(c, strings.ToUpper(err.Error()), msg)`, `xe.Code =
// fmt.Sprint(err)`, through string functions, concatenation and local
// variables. The same rule holds the program's own envelopes: the string
// member under `code` of the type of an envelope's `error` field (or of a
// map under `"error"` in a map envelope), in literals and assignments. An
// envelope that carries its exit code as a constant (`"exit_code": 13`
// beside its error object) has the rules above applied to its error
// object's `redirect`, `retry_after`, `retryable` and `code`.
//
// # Not flagged
//
// Codes that are constants, or come from a fixed set: a function of the
// program that classifies the error (`codeFor(err)`), a map of constants,
// a parameter; a message computed from an error (`Message: err.Error()`),
// which is for people; `retry_after` fields and `Retry-After` headers of
// other services' replies and of the program's own errors that are no
// envelope's error object (a rate limiter's `RetryAfter time.Duration`);
// HTTP status codes; an `*exitcode.Error` whose code is not a constant; a
// REDIRECTED error that goes to a function of the program; replies to a
// network peer and code nothing calls; test files; generated files.
//
// # Example
//
// Flagged:
//
//	exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg)          // REDIRECTED (13) without a redirect …
//	exitcode.New(exitcode.AuthRequired, "UNAUTHORIZED", msg)           // error.code "UNAUTHORIZED" at AUTH_REQUIRED (8) …
//	exitcode.New(exitcode.NotFound, "MOVED", msg).WithRedirect(to, true, exitcode.ReasonRenamed) // a redirect on NOT_FOUND (5) …
//	exitcode.New(exitcode.PartialFailure, "SOME_FAILED", msg).WithRetryAfter(30 * time.Second)   // retry_after on PARTIAL_FAILURE (2) …
//	exitcode.New(exitcode.Unavailable, strings.ToUpper(err.Error()), msg) // error.code computed from an error's message …
//
// Good:
//
//	exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", msg).WithRedirect("tool users add", true, exitcode.ReasonRenamed)
//	exitcode.New(exitcode.AuthRequired, "TOKEN_EXPIRED", msg).WithRetryAfter(0)
//	exitcode.New(exitcode.RateLimited, "RATE_LIMIT_EXCEEDED", msg).WithRetryAfter(30 * time.Second)
//	exitcode.New(exitcode.Unavailable, "UPSTREAM_DOWN", err.Error())
//
// # Fix
//
// Give a REDIRECTED error its redirect (the replacement invocation is the
// program's to know, so no fix is suggested), or end with the code that
// fits; choose the TOKEN_ code that says why authentication failed; drop a
// back-off the agent cannot use, or state the error retryable when a retry
// after the wait can succeed; give each kind of failure a constant
// error.code and put the message in `message` or `detail`.
//
// # Flags
//
// None.
package payload
