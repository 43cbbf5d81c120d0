package exitcode_test

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// ExampleDeclare declares the codes of one command: a table code with the
// command's own retryability, and a command-specific code.
func ExampleDeclare() {
	d, err := exitcode.Declare("links check",
		exitcode.Entry{Code: exitcode.Timeout, Retryable: exitcode.RetryNo},
		exitcode.Entry{Code: 80, Name: "BROKEN_LINKS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone},
	)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range d.Entries() {
		fmt.Printf("%d %s retryable: %s, side effects: %s\n", int(e.Code), e.Name, e.Retryable, e.SideEffects)
	}
	_, err = exitcode.Declare("sync", exitcode.Entry{Code: exitcode.PartialFailure, Retryable: exitcode.RetryYes})
	fmt.Println(err)
	// Output:
	// 0 SUCCESS retryable: not-applicable, side effects: complete
	// 1 GENERAL_ERROR retryable: depends, side effects: unknown
	// 10 TIMEOUT retryable: no, side effects: partial
	// 80 BROKEN_LINKS retryable: no, side effects: none
	// exitcode: command "sync": PARTIAL_FAILURE must not be retryable: some writes occurred
	// exitcode: command "sync": PARTIAL_FAILURE has partial side effects, so it must be declared Retryable: RetryNo (or, for a read-only or idempotent command, SideEffects: EffectsNone)
}

// ExampleFromError maps errors to the code the process ends with.
func ExampleFromError() {
	_, statErr := os.Stat("/no/such/file")
	fmt.Println(exitcode.FromError(nil))
	fmt.Println(exitcode.FromError(statErr))
	fmt.Println(exitcode.FromError(exitcode.New(exitcode.Conflict, "NOTE_EXISTS", "note a exists").Wrap(fs.ErrExist)))
	fmt.Println(exitcode.FromError(fmt.Errorf("anything else")))
	// Output:
	// SUCCESS
	// NOT_FOUND
	// CONFLICT
	// GENERAL_ERROR
}

// ExampleCatch is how a test checks the code a command exits with against
// its declarations, without ending the test binary.
func ExampleCatch() {
	d := exitcode.MustDeclare("get", exitcode.Entry{Code: exitcode.NotFound})
	code, exited, err := exitcode.Catch(nil, func() {
		d.Exit(exitcode.Conflict) // get did not declare CONFLICT
	})
	fmt.Println(code, exited, err)
	// Output:
	// CONFLICT true exitcode: command "get" exited with 6 (CONFLICT), which it does not declare
}

// ExampleExitOnPanic shows main's first line: a panic that reaches main ends
// the process with GENERAL_ERROR (1), not Go's 2 (PARTIAL_FAILURE to an
// agent).
func ExampleExitOnPanic() {
	main := func() {
		defer exitcode.ExitOnPanic()
		// ... the program
	}
	main()
	fmt.Println("no panic: ExitOnPanic does nothing")
	// Output:
	// no panic: ExitOnPanic does nothing
}
