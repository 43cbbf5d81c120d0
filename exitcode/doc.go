// Package exitcode is the exit-code half of the agent CLI contract: a typed
// enum of the fourteen codes an agent reads from a process's exit status,
// the table that gives each its retryability and side-effect guarantee, and
// the one sanctioned way to end a process with one.
//
// # The table
//
//	0 SUCCESS           success         —        complete
//	1 GENERAL_ERROR     execution       depends  unknown   (last resort)
//	2 PARTIAL_FAILURE   execution       no       partial
//	3 ARG_ERROR         input           yes      none      (zero side effects, guaranteed)
//	4 PRECONDITION      input           depends  none
//	5 NOT_FOUND         resource        no       none
//	6 CONFLICT          resource        no       none
//	7 PERMISSION_DENIED auth            no       none
//	8 AUTH_REQUIRED     auth            yes*     none
//	9 PAYMENT_REQUIRED  auth            yes*     none
//	10 TIMEOUT          infrastructure  yes      partial
//	11 RATE_LIMITED     infrastructure  yes      none
//	12 UNAVAILABLE      infrastructure  yes      none
//	13 REDIRECTED       routing         yes      none
//
// (* retryable only after the prerequisite is resolved.) Lookup and Table
// give the rows as data; Classify places any integer in the reserved ranges:
// 14–63 framework, 64–78 POSIX sysexits, 79–125 command-specific (declared
// with Declare; Code.String gives a declared code its declared name),
// 126–255 shell-reserved.
//
// # Using it
//
// Return errors built with New from the code that knows what went wrong,
// map any error to its code with FromError at the top, and end the process
// with Exit:
//
//	if _, err := os.Stat(path); err != nil {
//		return exitcode.New(exitcode.NotFound, "CONFIG_MISSING", "no config at "+path).Wrap(err)
//	}
//	...
//	exitcode.Exit(exitcode.FromError(err))
//
// AUTH_REQUIRED says why in its error.code: TokenExpired (retryable at once
// after a refresh), TokenInvalid and TokenMissing (acquire credentials)
// build its three errors.
//
// Code.Retryable is the retryability of an error nothing else describes:
// the table's, except that TIMEOUT, whose row pairs "yes" with partial side
// effects (the pairing the contract's invariant and Declare refuse), is not
// retryable. A command that declares its codes states its own.
//
// A function that returns *Error must return a literal nil on success: a nil
// *Error passed on as an error is a non-nil error, which FromError and the
// envelope report as GENERAL_ERROR (error.code NIL_EXITCODE_ERROR) rather
// than crash.
//
// Go ends a process with status 2 on an unrecovered panic, which an agent
// reads as PARTIAL_FAILURE; defer ExitOnPanic first thing in main to end it
// with GENERAL_ERROR instead.
//
// Go converts an untyped constant to Code silently, so exitcode.Exit(5)
// compiles; exitlint's barecode check reports it, and its fallback check
// reports os.Exit(1) and log.Fatal used as catch-alls. The envelope package
// builds the JSON response from the same error and code.
//
// # Tests
//
// Catch intercepts Exit in tests and checks the code against a command's
// Declarations, the dev/test-mode check that a command keeps to the codes it
// declares; a command that ends through Declarations.Exit (as envelope's
// runner does) is checked against its own declarations, with no separate
// registry. TestMode reports whether the runtime is in a test binary (or
// EXITCODE_STRICT=1), where envelope's runner refuses undeclared codes.
//
// The package imports only the standard library, needs Go 1.22, and its
// go.mod requires nothing, its tests included.
package exitcode
