package envelope

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Program is a command line's runner that writes one envelope: a Command, a
// Registry, or an adapter's App (cobraenv.App). Main and Process.Run run
// one.
type Program interface {
	Run(ctx context.Context, args []string, w io.Writer) exitcode.Code
}

// Main runs p on the process's command line as a process and ends the
// process with the code, through the declarations of the command that ran,
// so that exitcode.Catch(nil, func() { envelope.Main(p) }) checks the code
// against them. It is MainContext with context.Background().
func Main(p Program) { MainContext(context.Background(), p) }

// MainContext is Main under the caller's context: the run's context is
// derived from ctx, so cancelling ctx cuts the run short as a signal does.
//
// Main and MainContext run Process{Interrupt: SIGINT and SIGTERM}.Run on
// os.Args[1:], os.Stdout and os.Stderr (see Process.Run: one envelope on
// standard output, whatever the command prints there, and what a signal
// does), then end the process with the code. A panic that escapes even the
// runner ends the process with GENERAL_ERROR, not Go's 2.
func MainContext(ctx context.Context, p Program) {
	defer exitcode.ExitOnPanic()
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	// Caught until the process ends: a signal between the envelope and the
	// exit must not end it with 130 or 143.
	defer signal.Stop(sigs)
	res := Process{Args: os.Args[1:], Interrupt: sigs}.Run(ctx, p)
	if res.Declarations != nil {
		res.Declarations.Exit(res.Code)
	}
	exitcode.Exit(res.Code)
}

// Process says how Process.Run runs a Program: the command line, where the
// envelope goes, and which signals interrupt the run.
type Process struct {
	// Args is the command line, without the program's name.
	Args []string
	// Stdout receives the envelope; nil means os.Stdout as it is when Run
	// begins.
	Stdout io.Writer
	// Stderr receives what the program writes to os.Stdout besides its
	// envelope, the stacks of panics, and the reason a write to Stdout
	// failed; nil means os.Stderr.
	Stderr io.Writer
	// Interrupt, when not nil, delivers the signals that interrupt the run
	// (Main: SIGINT and SIGTERM).
	Interrupt <-chan os.Signal
}

// Result is how a Process run ended.
type Result struct {
	// Code is the exit code the process ends with.
	Code exitcode.Code
	// Declarations are those of the command that ran, nil when none did
	// (help, an unknown command line).
	Declarations *exitcode.Declarations
}

// NoEnvelopeCode is the error.code of the GENERAL_ERROR envelope written
// when a program ends without writing one.
const NoEnvelopeCode = "NO_ENVELOPE"

// StrayOutputCode is the error.code of the GENERAL_ERROR envelope written in
// test mode when a command writes to os.Stdout besides its envelope.
const StrayOutputCode = "STRAY_OUTPUT"

// processMu serializes Process.Run: os.Stdout is the process's.
var processMu sync.Mutex

// Run runs p on the command line and writes its one envelope to Stdout:
//
//   - One stdout. While p runs, os.Stdout is a pipe: what the program
//     writes there besides its envelope (a stray fmt.Println, a child
//     process given os.Stdout) goes to Stderr, as it is written, and the
//     envelope says so: a warning with the number of bytes and their first
//     line, or, in test mode (exitcode.TestMode), a GENERAL_ERROR envelope
//     with error.code STRAY_OUTPUT, so the test fails. Writes to file
//     descriptor 1 that bypass os.Stdout (cgo) are not seen.
//   - Cancellation. The first signal on Interrupt (or ctx's cancel)
//     cancels the run's context: the command's phases see ctx.Done(), and
//     the run ends with one envelope, error.code CANCELLED, exit code
//     TIMEOUT (10), phase validation (nothing changed: retryable) or
//     execution (some writes may have occurred: not retryable, unless the
//     command declares TIMEOUT with side effects none). A phase's error that
//     states its own code (an *exitcode.Error) is kept; a phase that
//     finishes its work despite the signal succeeds. Exit codes 130 and
//     143, which Go's default handling would give, are shell-reserved: an
//     agent reads them as "the command never ran".
//   - A second signal ends the run at once: Run writes the envelope the
//     command already wrote, or the CANCELLED envelope of the phase it is
//     in, and returns without waiting for it (Main then ends the process).
//   - A panic that escapes the program (outside a command's phases, which
//     the runner recovers) is INTERNAL_PANIC, its stack on Stderr; a
//     program that writes no envelope gets GENERAL_ERROR NO_ENVELOPE.
//   - A failure to write the envelope to Stdout is GENERAL_ERROR, with the
//     reason on Stderr.
//
// Run is for Main and for tests (envelopetest runs command lines with it).
// One Run runs at a time in a process, as it takes os.Stdout over; do not
// run it in parallel with tests that write to os.Stdout.
func (pr Process) Run(ctx context.Context, p Program) Result {
	processMu.Lock()
	defer processMu.Unlock()
	stdout, stderr := pr.Stdout, pr.Stderr
	if stdout == nil {
		stdout = os.Stdout
	}
	if stderr == nil {
		stderr = os.Stderr
	}
	st := &proc{stderr: stderr, start: time.Now()}
	ctx, cancel := context.WithCancelCause(context.WithValue(ctx, procKey{}, st))
	defer cancel(nil)
	capt := startCapture(stderr)
	defer capt.stop()

	done := make(chan exitcode.Code, 1)
	go st.run(ctx, p, pr.Args, done)
	signals := 0
	for {
		select {
		case code := <-done:
			return st.finish(ctx, code, capt.sync(), stdout)
		case sig := <-pr.Interrupt:
			signals++
			if signals == 1 {
				cancel(interruption{sig})
				continue
			}
			return st.endAtOnce(ctx, sig, stdout)
		}
	}
}

// procKey is the context key of the run's proc.
type procKey struct{}

// proc is what a Process run knows of the program it runs: the runner tells
// it which command runs and in which phase, so that a second signal can end
// the run at once with an envelope that says where it was, and the program
// writes its envelope into it.
type proc struct {
	stderr io.Writer
	start  time.Time

	mu      sync.Mutex
	decl    *exitcode.Declarations
	phase   exitcode.Phase
	out     []byte        // what the program wrote to its envelope writer
	code    exitcode.Code // the code of the envelope a command wrote
	hasCode bool
	final   bool // the envelope has gone to Stdout: later writes are dropped
}

func procOf(ctx context.Context) *proc {
	p, _ := ctx.Value(procKey{}).(*proc)
	return p
}

// stderrOf is the standard error of the run ctx belongs to.
func stderrOf(ctx context.Context) io.Writer {
	if p := procOf(ctx); p != nil {
		return p.stderr
	}
	return os.Stderr
}

// record runs f under the lock, for what the runner tells a run; the
// runner of a command run outside a Process has no proc, and tells nothing.
func (p *proc) record(f func()) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f()
}

// ran records the declarations of the command that runs.
func (p *proc) ran(decl *exitcode.Declarations) { p.record(func() { p.decl = decl }) }

// enter records the phase the command enters.
func (p *proc) enter(phase exitcode.Phase) { p.record(func() { p.phase = phase }) }

// wrote records the code of the envelope the command is writing.
func (p *proc) wrote(code exitcode.Code) { p.record(func() { p.code, p.hasCode = code, true }) }

// Write keeps the program's envelope until the run ends.
func (p *proc) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.final {
		p.out = append(p.out, b...)
	}
	return len(b), nil
}

// run runs the program and sends its code on done; a panic that escapes it
// is written as INTERNAL_PANIC, and a program that ends its goroutine
// (runtime.Goexit: exitcode.Exit under exitcode.Catch) sends
// GENERAL_ERROR.
func (p *proc) run(ctx context.Context, prog Program, args []string, done chan<- exitcode.Code) {
	sent := false
	defer func() {
		if r := recover(); r != nil {
			p.mu.Lock()
			wrote := len(p.out) > 0
			p.mu.Unlock()
			if !wrote {
				done <- WriteError(p, p.start, Recovered(ctx, r, "the program panicked outside its command's phases"))
				return
			}
			done <- exitcode.GeneralError
			return
		}
		if !sent {
			done <- exitcode.GeneralError
		}
	}()
	code := prog.Run(ctx, args, p)
	sent = true
	done <- code
}

// finish writes the program's envelope, settled for the stray output, to
// stdout.
func (p *proc) finish(ctx context.Context, code exitcode.Code, stray strayOutput, stdout io.Writer) Result {
	p.mu.Lock()
	out, decl := p.out, p.decl
	p.final = true
	p.mu.Unlock()
	if len(bytes.TrimSpace(out)) == 0 {
		var buf bytes.Buffer
		code = WriteError(&buf, p.start, exitcode.New(exitcode.GeneralError, NoEnvelopeCode, "the program ended without writing its envelope"))
		out = buf.Bytes()
	}
	out, code = p.settle(out, code, stray)
	return p.write(out, code, decl, stdout)
}

// endAtOnce writes the envelope of a run a second signal ends: the
// program's, if it wrote one, or the CANCELLED envelope of the phase it is
// in.
func (p *proc) endAtOnce(ctx context.Context, sig os.Signal, stdout io.Writer) Result {
	p.mu.Lock()
	out, decl, phase, code, hasCode := p.out, p.decl, p.phase, p.code, p.hasCode
	p.final = true
	p.mu.Unlock()
	if len(bytes.TrimSpace(out)) > 0 {
		// The command wrote its envelope and has not returned yet.
		if !hasCode {
			//exitlint:ignore fallback a failure envelope the program wrote without saying its code: the last resort is all that is known
			code = exitcode.GeneralError
			if bytes.HasPrefix(out, []byte(`{"ok":true`)) {
				code = exitcode.Success
			}
		}
		return p.write(out, code, decl, stdout)
	}
	if phase == exitcode.PhaseUnstated {
		phase = exitcode.PhaseValidation
	}
	var err error = exitcode.New(exitcode.Timeout, CancelledCode, interruption{sig}.Error()).WithPhase(phase)
	if cut := cutShort(ctx, phase, nil); cut != nil {
		err = cut
	}
	o := &Output{}
	o.Warn("a second %s ended the run at once: the command had not stopped after the first", signalName(sig))
	unknown := false
	if decl != nil {
		err, unknown = declared(decl, err, o)
	}
	o.meta.SchemaVersion = SchemaVersion
	env := respond[any](ctx, p.start, nil, err, o, unknown)
	b, _ := env.MarshalJSON()
	return p.write(append(b, '\n'), env.Code(), decl, stdout)
}

// write writes the envelope to stdout; a failure is GENERAL_ERROR, its
// reason on standard error.
func (p *proc) write(out []byte, code exitcode.Code, decl *exitcode.Declarations, stdout io.Writer) Result {
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(p.stderr, "envelope: writing the envelope to standard output failed: %v\n", err)
		//exitlint:ignore fallback stdout cannot be written: the envelope that would explain any other code is lost too
		code = exitcode.GeneralError
	}
	return Result{Code: code, Declarations: decl}
}

// settle applies the rule of one stdout to the envelope the program wrote:
// the stray output is named in a warning, or, in test mode, the envelope
// becomes STRAY_OUTPUT. Output that is no envelope (cobra's shell
// completion) is left as it is.
func (p *proc) settle(out []byte, code exitcode.Code, stray strayOutput) ([]byte, exitcode.Code) {
	if stray.n == 0 {
		return out, code
	}
	what := fmt.Sprintf("the command wrote %d bytes to standard output besides its envelope (first: %q); they were sent to standard error: write the command's output as its data, and logs to standard error", stray.n, stray.first)
	var env struct {
		OK       json.RawMessage `json:"ok"`
		Data     json.RawMessage `json:"data"`
		Error    json.RawMessage `json:"error"`
		Warnings []string        `json:"warnings"`
		Meta     json.RawMessage `json:"meta"`
	}
	if err := json.Unmarshal(out, &env); err != nil || env.Meta == nil {
		return out, code
	}
	if exitcode.TestMode() {
		var buf bytes.Buffer
		code := WriteError(&buf, p.start, exitcode.New(exitcode.GeneralError, StrayOutputCode, what).
			WithDetail("its envelope was: "+string(bytes.TrimSpace(out))).
			WithSuggestion("print nothing to os.Stdout during a command: return the output as the command's data, warn with Output.Warn, and log to os.Stderr"))
		return buf.Bytes(), code
	}
	env.Warnings = append(env.Warnings, what)
	b, err := marshal(env)
	if err != nil {
		return out, code
	}
	return append(b, '\n'), code
}
