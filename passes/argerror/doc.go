// Package argerror defines the helper analyzer that knows which functions
// may return ARG_ERROR.
//
// # Analyzer argerror
//
// argerror: find the functions that may return ARG_ERROR to their callers
//
// The argerror pass reports nothing. A value carries ARG_ERROR when it
// carries the exit code 3 by the [errcodes] pass's rules: a constant of an
// exit-code enum with the value 3 (`exitcode.ArgError`, or a user enum's
// member); an error built by `exitcode.New` with one, and its `With…` and
// `Wrap` copies; a composite literal whose enum-typed field holds one; an
// error that wraps one (`%w`, `errors.Join`); a framework's error given the
// exit code 3 (urfave/cli's `cli.Exit("…", 3)`); a sentinel, a call of a
// function, a function literal or a local variable that carries one. The
// rules are errcodes'; this pass applies them to the code 3 with the rule
// for programs that read an error's `ExitCode() int` method: an error
// whose type's `ExitCode()` returns one of its integer fields, built with 3
// in that field (`ExitError{Err: err, Code: exitUsage}`) or by a
// constructor that stores one of its parameters there, given 3
// (`Exit("…", 3)`).
//
// A function that returns such a value in a result carries a fact that
// names the results and how: `argError(results 0 via exitcode.New)`; a
// package-level variable initialized with one carries one too (result 0:
// its value), for the packages that import it. The pass follows calls
// within a package to a fixed point and across packages through these
// facts, its own rather than errcodes' code 3, because of what it adds: the
// `ExitCode()` rule, and the guard below, which depends on the guards of
// the functions whose results a function returns. A package that mentions
// no exit-code enum, calls no function with a fact, takes no exit code
// through a framework's error and knows no `ExitCode()` field exports no
// ARG_ERROR facts. Integer fields an `ExitCode()` method returns carry the
// mark `exitCodeField`.
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
// `fmt.Errorf` wraps with `%w` and `errors.Join` joins. The guard is this
// pass's alone: only the argphase check, over SSA, asks where a helper's
// error may be of a type.
//
// A 3 spelled only as members of the program's own exit tables named for
// another outcome than a bad argument (`ExitAuth = 3`, `FailedUpdate =
// 3`) is no ARG_ERROR: a return that spells it so carries none, and
// MeantOther tells the argphase check the same of the calls, returns and
// assignments it follows over SSA. A bare 3, the contract's ArgError, a
// dependency's constant, and a member named for a bad argument or for
// nothing (`Exit3`) still carry it.
//
// Merely mentioning ArgError — comparing with it,
// printing it, passing it to a function — does not return it.
//
// [errcodes]: https://github.com/exitlint/exitlint/blob/main/docs/checks/errcodes.md
package argerror
