package exitcode

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// Exit ends the process with c. It is the one sanctioned way for a command
// to end: exitlint's checks report os.Exit and log.Fatal calls that bypass it.
//
// A code a command must not emit (framework-reserved 14–63, shell-reserved
// 126–255, or outside 0–255) is not passed through: Exit writes why to
// standard error and exits with GENERAL_ERROR instead, so an agent never sees
// a status that would mislead it.
//
// Inside Catch, Exit does not end the process; see Catch.
func Exit(c Code) {
	if t := currentTrap(); t != nil {
		t.record(c)
		runtime.Goexit()
	}
	if !Classify(int(c)).Emittable() {
		fmt.Fprintf(stderr, "exitcode: refusing to exit with %d (%s); exiting with GENERAL_ERROR (1)\n", int(c), Classify(int(c)))
		c = GeneralError
	}
	osExit(int(c))
}

// Replaced only by this package's own tests.
var (
	osExit           = os.Exit
	stderr io.Writer = os.Stderr
)

// trap is the state of one Catch.
type trap struct {
	declared   *Declarations
	exitedWith *Declarations // set by Declarations.Exit
	mu         sync.Mutex
	exited     bool
	code       Code
}

// recordDeclared notes the declarations of the first Declarations.Exit.
func (t *trap) recordDeclared(d *Declarations) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.exited && t.exitedWith == nil {
		t.exitedWith = d
	}
}

func (t *trap) record(c Code) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.exited {
		t.exited, t.code = true, c
	}
}

var (
	trapMu sync.Mutex
	active *trap
)

func currentTrap() *trap {
	trapMu.Lock()
	defer trapMu.Unlock()
	return active
}

// UndeclaredError is returned by Catch when the code a command exited with
// is not in its declarations.
type UndeclaredError struct {
	Command string
	Code    Code
}

func (e *UndeclaredError) Error() string {
	return fmt.Sprintf("exitcode: command %q exited with %d (%s), which it does not declare", e.Command, int(e.Code), e.Code)
}

// Catch is for tests. It runs f with Exit intercepted: the first call to Exit
// made while f runs, from any goroutine, is recorded instead of ending the
// process, and the goroutine that called it stops (runtime.Goexit; deferred
// calls run, which os.Exit would not do). Catch returns once f's goroutine
// has finished, with the recorded code and whether Exit was called.
//
// If declared is not nil, an exit with a code the command did not declare
// is returned as an *UndeclaredError, as is an exit with a code no command
// may emit — the dev/test-mode check that a command keeps to its declared
// set. If declared is nil and f exited through Declarations.Exit (as the
// envelope runner's Main does), the check uses those declarations. A panic
// in f is re-raised by Catch.
//
// Only one Catch runs at a time; concurrent calls wait for each other.
func Catch(declared *Declarations, f func()) (code Code, exited bool, err error) {
	catchMu.Lock()
	defer catchMu.Unlock()

	t := &trap{declared: declared}
	trapMu.Lock()
	active = t
	trapMu.Unlock()
	defer func() {
		trapMu.Lock()
		active = nil
		trapMu.Unlock()
	}()

	var panicked any
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		f()
	}()
	<-done
	if panicked != nil {
		panic(panicked)
	}

	t.mu.Lock()
	code, exited = t.code, t.exited
	if declared == nil {
		declared = t.exitedWith
	}
	t.mu.Unlock()
	if exited && declared != nil && (!declared.Allows(code) || !Classify(int(code)).Emittable()) {
		err = &UndeclaredError{Command: declared.Command(), Code: code}
	}
	return code, exited, err
}

var catchMu sync.Mutex

// ExitOnPanic, deferred first thing in main, ends the process with
// GENERAL_ERROR (1) when a panic reaches main's goroutine, after printing the
// panic and its stack to standard error as Go would. Without it Go ends the
// process with status 2, which an agent reads as PARTIAL_FAILURE: "some
// writes occurred, never retry".
//
//	func main() {
//		defer exitcode.ExitOnPanic()
//		...
//	}
//
// It must be deferred directly (recover works only there). A panic in a
// goroutine other than main's cannot be recovered from main: such a
// goroutine needs its own deferred recover. envelope's runner recovers the
// panics of a command's phases and writes a GENERAL_ERROR envelope for them.
func ExitOnPanic() {
	p := recover()
	if p == nil {
		return
	}
	fmt.Fprintf(stderr, "panic: %v\n\n%s", p, debug.Stack())
	Exit(GeneralError)
}
