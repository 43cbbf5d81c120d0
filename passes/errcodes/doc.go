// Package errcodes defines the helper analyzer that knows which exit codes
// an error may carry, and which functions may return them.
//
// # Analyzer errcodes
//
// errcodes: find the exit codes an error may carry and the functions that may return them
//
// The errcodes pass reports nothing. A value carries the exit code N when
// it is
//
//   - a constant of an exit-code enum type with the value N
//     (`exitcode.NotFound`, or a user enum's member);
//   - an error built by `exitcode.New` with such a code, and the copies its
//     `With…` methods and `Wrap` return;
//   - a composite literal whose enum-typed field holds one
//     (`&exitcode.Error{ExitCode: exitcode.Conflict}`);
//   - an error that wraps one (`fmt.Errorf` with `%w`, not `%v`, which only
//     copies the text; `errors.Join`, of its arguments or of a slice one was
//     appended to);
//   - an error of a framework constructor given the exit code N
//     (urfave/cli's `cli.Exit("…", 3)` and `NewExitError`), whatever the
//     program's enum: the framework ends the process with that code;
//   - one of the standard errors `exitcode.FromError` gives a code of its
//     own, or an error that wraps one: `fs.ErrNotExist` (NOT_FOUND),
//     `fs.ErrPermission` (PERMISSION_DENIED), `fs.ErrExist` (CONFLICT),
//     `context.DeadlineExceeded` and `os.ErrDeadlineExceeded` (TIMEOUT),
//     `exec.ErrNotFound` (PRECONDITION), and their `os` names. An error
//     returned by a standard function is not followed: which of these it
//     is depends on the run;
//   - a package-level variable initialized with one (a sentinel:
//     `var errLocked = exitcode.New(exitcode.Conflict, …)`), which carries
//     a fact (result 0: its value) for the packages that import it;
//   - the result of a call of a function that may return one, or of a
//     function literal whose return statements return one;
//   - a local variable assigned one anywhere in the function.
//
// A function whose results may carry codes carries a fact that names, per
// result, each code and how: `codes(1: 5 via fetch, 1: 6 via exitcode.New)`.
// The pass follows calls within a package to a fixed point and across
// packages through the facts. Merely mentioning a code — comparing with
// it, printing it, passing it to a function — does not return it.
//
// One more rule holds for a program whose main or framework reads an
// error's `ExitCode() int` method to choose the exit status (urfave/cli's
// ExitCoder convention): an error whose type's `ExitCode() int` returns one
// of its integer fields carries the code that field is given as a constant
// (`ExitError{Err: err, Code: 4}`), or that a constructor storing one of
// its parameters there is given (`Exit("…", 4)`, known by the exits pass's
// code fact). The field carries a fact (`exitCodeField`), so that other
// packages read it the same way. `exitcode.FromError`, and so the command
// runner, does not read `ExitCode()`: such an error ends a command's phase
// with GENERAL_ERROR, so the codes facts leave this rule out.
//
// The rules are written once and read two ways. The undeclared check asks
// them, over the codes facts, which codes a command's phases may end with.
// The argerror pass asks them, with the `ExitCode()` rule, over facts of
// its own, which values carry ARG_ERROR (code 3); its view over SSA reads
// the same table of carriers, exit-code fields and depth bound.
package errcodes
