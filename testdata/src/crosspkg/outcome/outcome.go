// Package outcome keeps a program's exit table in a package whose name
// does not say so: nothing here exits, and only the command that exits
// with its constants (cmd/fuzzer) can tell they are exit codes. A value's
// fault is at its declaration, so each is judged there, once, and not at
// every use.
package outcome

const (
	OK         = 0
	Failed     = 1
	FailedLint = 2 // want barecode:`exit code FailedLint is 2, which an agent reads as PARTIAL_FAILURE .*FailedLint reaches the exit: run's result → os.Exit`
	FailedFmt  = 4 // want barecode:`exit code FailedFmt is 4, which an agent reads as PRECONDITION`
	NotFound   = 5 // its name says what 5 means: nothing to say
	FailedExec = 7 // want barecode:`exit code FailedExec is 7, which an agent reads as PERMISSION_DENIED .*FailedExec reaches the exit: os.Exit`
	Timeout    = 9 // want barecode:`exit code Timeout is 9, which the contract calls PAYMENT_REQUIRED; TIMEOUT is 10`
)

// Width is a constant of the package no exit uses.
const Width = 7

// Retry is exempted at its declaration: the command that exits with it
// honours the directive.
const Retry = 6 //exitlint:ignore barecode 6 is what the release scripts expect
