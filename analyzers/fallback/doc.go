// Package fallback defines an Analyzer that reports GENERAL_ERROR used as a
// catch-all exit.
//
// # Analyzer fallback
//
// fallback: report GENERAL_ERROR (1) used as a catch-all exit
//
// GENERAL_ERROR is the contract's last resort: it tells an agent only that
// something failed, not whether to retry, fix the input or ask for help. A
// program that ends with exit code 1 wherever anything goes wrong hides the
// specific code the agent needs. This check reports the places where a
// program ends the process with 1:
//
//   - os.Exit(1), syscall.Exit(1), exitcode.Exit(exitcode.GeneralError),
//     and any other constant spelling of 1;
//   - log.Fatal, log.Fatalf, log.Fatalln and the same methods of a
//     *log.Logger, which exit with 1;
//   - well-known fatal functions of libraries (cobra.CheckErr and the Fatal
//     functions and methods of logrus, zap, zerolog, klog, glog and
//     charmbracelet/log), and any function the -fallback.fatals flag names;
//   - calls of a function of another module that ends the process only ever
//     with 1 (a dependency's helper that calls os.Exit(1)), known through
//     the facts of the exits pass, when the exit lies in that function's own
//     package and the function returns no error: a client call that reaches
//     a fatal in another package deep below it, or a function that reports
//     failure through its error and exits only on an assertion of its own,
//     is no exit helper.
//
// Findings are reported where the code must change: inside a helper of the
// program's own module that exits (not at each call of it), and at the call
// of a library's.
//
// Not reported: an exit with 1 that is the last branch of a classification
// — the default of a switch, the final else of an if chain, or the statement
// after ifs in the same block, when another branch exits with a different
// code; exitcode.Exit(exitcode.FromError(err)) and other computed codes;
// test files (TestMain's os.Exit(m.Run()) and test helpers are no part of
// the command's contract); generated files.
//
// When the exit is inside if err != nil and the file already imports
// exitlint's exitcode package, the check offers a fix that maps the error:
//
//	if err != nil {
//		os.Exit(1) // becomes exitcode.Exit(exitcode.FromError(err))
//	}
//
// Flags:
//
//	-fallback.fatals  comma-separated functions that end the process with 1,
//	                  besides the built-in list: import/path.Func or
//	                  (*import/path.Type).Method
package fallback
