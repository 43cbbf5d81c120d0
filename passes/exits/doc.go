// Package exits defines the helper analyzer that knows which calls end the
// process, and with which exit codes.
//
// # Analyzer exits
//
// exits: find the calls that end the process and the functions that do
//
// The exits pass reports nothing. A call ends the process when it is
// os.Exit, syscall.Exit or exitcode.Exit; log.Fatal, log.Fatalf,
// log.Fatalln or the same method of a *log.Logger (exit code 1); one of the
// well-known fatal functions of logging and command-line libraries
// (cobra.CheckErr, the Fatal functions and methods of logrus, zap, zerolog,
// klog, glog and charmbracelet/log; exit code 1), or one the fallback
// check's -fallback.fatals flag adds; or a call of a function that may end
// the process itself.
//
// Such a function carries an ExitFact listing the exit codes it may end the
// process with: a constant code, or "computed" when the argument is not a
// constant. The pass follows static calls within a package to a fixed point
// and across packages through the facts, so a helper in a dependency that
// calls os.Exit(1) is known at every call site. Calls inside function
// literals belong to the literal, not to the function that declares it.
package exits
