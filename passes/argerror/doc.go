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
//   - an error whose type's `ExitCode() int` method returns one of its
//     integer fields (urfave/cli's ExitCoder convention, which mains and
//     frameworks read to choose the exit status), built with 3 in that field
//     (`ExitError{Err: err, Code: exitUsage}`), or by a constructor that
//     stores one of its parameters there given 3 (`Exit("…", 3)`, known by
//     the exits pass's code fact). The field carries a fact
//     (`exitCodeField`), so that other packages read it the same way;
//   - a package-level variable initialized with one (a sentinel:
//     `var errNoFormat = exitcode.New(exitcode.ArgError, …)`), which carries
//     a fact (result 0: its value) for the packages that import it;
//   - the result of a call of a function that may return one, or of a
//     function literal whose return statements return one;
//   - a local variable assigned one anywhere in the function.
//
// A function that returns such a value in a result carries a fact that
// names the results and how: `argError(results 0 via exitcode.New)`. The
// pass follows calls within a package to a fixed point and across packages
// through the facts.
//
// A function that returns ARG_ERROR only for errors of one type given as a
// parameter (under `if errors.As(err, &providerErr)`, or `if pe, ok :=
// err.(ProviderError); ok`, or by returning such a helper's result on its
// own parameter) carries that condition in its fact: `argError(results 0
// via ExitError if parameter 0 is example.com/tool/workflow.ProviderError)`.
// To tell where the condition may hold, every function outside the
// standard library carries the program's error types it may return (named
// types that implement error): those it builds and those of the functions
// it calls, `errTypes(example.com/tool/workflow.ProviderError)`; more than
// eight, or an error of a call it cannot follow (a method of the program's
// interfaces, a function value), make it `errTypes(… …)`, any type. The
// standard library returns none of the program's types, except what
// `fmt.Errorf` wraps with `%w` and `errors.Join` joins.
//
// Merely mentioning ArgError — comparing with it,
// printing it, passing it to a function — does not return it.
package argerror
