package envelope

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/exitlint/exitlint/exitcode"
)

// PanicCode is the error.code of the GENERAL_ERROR envelope written when a
// phase, a goroutine a phase started with Output.Go, or the building of the
// envelope panics.
const PanicCode = "INTERNAL_PANIC"

// Recovered returns the INTERNAL_PANIC error (GENERAL_ERROR) of a panic
// value p that the caller has just recovered, message saying where it
// happened. It writes the panic and the stack of the calling goroutine to
// the process's standard error (os.Stderr, or Process.Stderr under
// Process.Run and Main), as Go would have, and puts the value in
// error.detail, followed by the stack in test mode (exitcode.TestMode),
// where a failing test shows it; outside test mode the stack stays on
// standard error, where an agent does not read it.
//
// Call it in the deferred function that recovered p, so that the stack is
// the panicking goroutine's. The runner calls it for its phases; an adapter
// calls it for the panics it recovers outside them (cobraenv does for
// cobra's hooks).
func Recovered(ctx context.Context, p any, message string) *exitcode.Error {
	stack := debug.Stack()
	fmt.Fprintf(stderrOf(ctx), "panic: %v\n\n%s", p, stack)
	detail := fmt.Sprint(p)
	if exitcode.TestMode() {
		detail += "\n\n" + string(stack)
	}
	return exitcode.New(exitcode.GeneralError, PanicCode, message).WithDetail(detail)
}
