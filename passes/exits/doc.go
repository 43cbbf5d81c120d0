// Package exits defines the helper analyzer that knows which calls end the
// process, and with which exit codes.
//
// # Analyzer exits
//
// exits: find the calls that end the process and the functions that do
//
// The exits pass reports nothing.
//
// A call ends the process when it is
//
//   - `os.Exit`, `syscall.Exit` or exitlint's `exitcode.Exit`, with the
//     constant value of its argument, or "computed" when the argument is no
//     constant;
//   - `log.Fatal`, `log.Fatalf`, `log.Fatalln` or the same method of a
//     `*log.Logger` (exit code 1);
//   - a well-known fatal function of a logging or command-line library (exit
//     code 1): `cobra.CheckErr`; the `Fatal…` functions and methods of logrus,
//     zap, zerolog, klog, glog and charmbracelet/log; `Exit…` of klog and
//     glog; and the functions the `-config.fatals` setting
//     adds;
//   - a call of a function that carries an `ExitFact`;
//   - a call of a package-level function variable that holds one of the
//     exit functions (`var osExit = os.Exit`, the usual test seam), when no
//     code of the program assigns it elsewhere; a test's swap, in a
//     `_test.go` file or a helper that takes a `*testing.T`, does not count.
//     An `ExitVarFact` carries it to other packages.
//
// An `ExitFact` is exported on every function declaration whose body may end
// the process, directly or through calls of other functions of its package
// (followed to a fixed point) or of its dependencies (through their facts),
// so a helper in a dependency that calls `os.Exit(1)` is known at every call
// site. It records the codes (`exits(1 via os.Exit(1))`,
// `exits(1,3 via Die → os.Exit(1))`, `exits(computed via exitcode.Exit(…))`),
// the module that declares the function, so a check can tell a helper of
// the program's own module from a library's, and how many package boundaries
// the shortest path to the exit crosses (`Crossings`: 0 when the exit is in
// the function's own package), so a check can tell an exit helper from a
// function that reaches an exit only deep inside other packages.
// `ByCode` says how the function exits with each code, and when a code
// comes only under `if errors.Is(param, ErrX)` (or a tagless switch's
// `case errors.Is(param, ErrX)`): the parameter and the sentinel, so that a
// call can be judged by the error it passes.
//
// Calls inside function literals belong to the literal, not to the function
// that declares it. The standard library's packages carry no facts: their
// exits are the ones named above. Calls through interfaces and function
// values are not followed: a logger that exits through a stored `func(int)`
// is known only by name, which is why the list of library fatals exists.
package exits
