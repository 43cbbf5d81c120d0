// Package argerror defines the helper analyzer that knows which functions
// may return ARG_ERROR.
//
// # Analyzer argerror
//
// argerror: find the functions that may return ARG_ERROR to their callers
//
// The argerror pass reports nothing. A value carries ARG_ERROR when it is
//
//   - a constant of an exit-code enum type with the value 3
//     (`exitcode.ArgError`, or a user enum's member);
//   - an error built by `exitcode.New` with such a code, and the copies its
//     `With…` methods and `Wrap` return;
//   - a composite literal whose enum-typed field holds one
//     (`&ExitError{Code: ArgError}`);
//   - an error that wraps one (`fmt.Errorf` with `%w`, not `%v`, which only
//     copies the text; `errors.Join`, of its arguments or of a slice one was
//     appended to);
//   - an error of a framework constructor given the exit code 3
//     (urfave/cli's `cli.Exit("…", 3)` and `NewExitError`), whatever the
//     program's enum: the framework ends the process with that code;
//   - a package-level variable initialized with one (a sentinel:
//     `var errNoFormat = exitcode.New(exitcode.ArgError, …)`), which carries
//     a fact (result 0: its value) for the packages that import it;
//   - the result of a call of a function that may return one, or of a
//     function literal whose return statements return one;
//   - a local variable assigned one anywhere in the function.
//
// These are the errcodes pass's rules for the code 3: the argerror pass
// reads the codes that pass finds (its syntax side) and keeps, beside them,
// a fact of its own and an SSA view of where ARG_ERROR is emitted.
//
// A function that returns such a value in a result carries a fact that
// names the results and how: `argError(results 0 via exitcode.New)`. The
// pass follows calls within a package to a fixed point and across packages
// through the facts. Merely mentioning ArgError — comparing with it,
// printing it, passing it to a function — does not return it.
package argerror
