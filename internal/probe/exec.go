package probe

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"time"
)

// StdinMode is what the program finds on its standard input.
type StdinMode int

const (
	// StdinClosed: end of input at once (/dev/null), as when an agent
	// runs a command with no input.
	StdinClosed StdinMode = iota
	// StdinOpen: a pipe that stays open and never sends a byte, as an
	// agent's harness may leave it; a program that waits for input there
	// waits until the time limit.
	StdinOpen
)

// Call is one run of the program in a sandbox.
type Call struct {
	Args    []string // the command line; Args[0] is the program's absolute path
	Env     []string // KEY=VALUE added to the sandbox's environment
	Stdin   StdinMode
	Timeout time.Duration // the time limit (after the interrupt, with one)
	// Interrupt, when positive, sends SIGINT to the program's process
	// group this long after it started, as a terminal's Ctrl-C does; the
	// program then has Timeout to end.
	Interrupt time.Duration
}

// Answer is what one call did.
type Answer struct {
	Args []string
	// Exit is the exit status, -1 when the process did not exit (a
	// signal ended it, or it was killed at the time limit).
	Exit   int
	Signal string // the signal that ended the process, "" when it exited
	// TimedOut is set when the time limit passed and the process group
	// was killed.
	TimedOut bool
	// Interrupted is set when SIGINT was sent; EndedFirst when the
	// process ended before it could be.
	Interrupted, EndedFirst bool
	Stdout, Stderr          []byte
	// StdoutCut and StderrCut are set when the stream was longer than
	// maxOutput and only its beginning was kept.
	StdoutCut, StderrCut bool
	Duration             time.Duration
	// Changes are what the call created, changed or removed in the
	// sandbox.
	Changes []Change
}

// maxOutput bounds what is kept of each stream: an envelope is one line of
// JSON, and a program that writes without end must not grow exitlint.
const maxOutput = 4 << 20

// pipeDrain bounds the wait for a stream's end once the process and its
// group are gone: a descendant that left the group (a daemon) may hold it
// open.
const pipeDrain = time.Second

// Run runs c in the sandbox: it takes a snapshot, runs the program, takes
// another and compares them. The error is nil unless the program could not
// be started or the sandbox could not be read.
func (s *Sandbox) Run(ctx context.Context, c Call) (*Answer, error) {
	if len(c.Args) == 0 {
		return nil, errors.New("no command line")
	}
	before, err := Take(s.Root)
	if err != nil {
		return nil, fmt.Errorf("reading the sandbox: %w", err)
	}
	a, err := s.execute(ctx, c)
	if err != nil {
		return nil, err
	}
	after, err := Take(s.Root)
	if err != nil {
		return nil, fmt.Errorf("reading the sandbox: %w", err)
	}
	a.Changes = Diff(before, after)
	return a, nil
}

func (s *Sandbox) execute(ctx context.Context, c Call) (*Answer, error) {
	cmd := exec.Command(c.Args[0], c.Args[1:]...)
	cmd.Dir = s.Work
	cmd.Env = s.Env(c.Env...)
	ownGroup(cmd)
	if c.Stdin == StdinOpen {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		defer r.Close()
		defer w.Close() // kept open, silent, until the process is gone
		cmd.Stdin = r
	}
	stdout, err := newCapture()
	if err != nil {
		return nil, err
	}
	stderr, err := newCapture()
	if err != nil {
		stdout.abandon()
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = stdout.w, stderr.w
	a := &Answer{Args: c.Args, Exit: -1}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		stdout.abandon()
		stderr.abandon()
		return nil, fmt.Errorf("starting %s: %w", c.Args[0], err)
	}
	// The child holds the write ends now; closing ours lets the readers
	// see the end of each stream when the child's side closes.
	stdout.w.Close()
	stderr.w.Close()

	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	a.TimedOut, a.Interrupted, a.EndedFirst = wait(ctx, cmd, done, c)
	a.Duration = time.Since(start)
	// Whatever the program left running in its group goes with it.
	killGroup(cmd)
	a.Stdout, a.StdoutCut = stdout.result()
	a.Stderr, a.StderrCut = stderr.result()
	if st := cmd.ProcessState; st != nil {
		a.Exit = st.ExitCode()
		a.Signal = signalOf(st)
	}
	if a.TimedOut {
		a.Exit, a.Signal = -1, ""
	}
	return a, nil
}

// wait waits for the process to end, interrupting it when c asks and
// killing its group at the time limit (or when ctx is done).
func wait(ctx context.Context, cmd *exec.Cmd, done <-chan error, c Call) (timedOut, interrupted, endedFirst bool) {
	limit := c.Timeout
	if c.Interrupt > 0 {
		select {
		case <-done:
			return false, false, true
		case <-ctx.Done():
			killGroup(cmd)
			<-done
			return true, false, false
		case <-time.After(c.Interrupt):
			interruptGroup(cmd)
			interrupted = true
		}
	}
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case <-done:
		return false, interrupted, false
	case <-ctx.Done():
	case <-timer.C:
	}
	killGroup(cmd)
	<-done
	return true, interrupted, false
}

// capture reads one of the program's streams from a pipe, keeping its
// first maxOutput bytes.
type capture struct {
	w    *os.File
	r    *os.File
	mu   sync.Mutex
	buf  []byte
	cut  bool
	done chan struct{}
}

func newCapture() (*capture, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c := &capture{w: w, r: r, done: make(chan struct{})}
	go c.read()
	return c, nil
}

func (c *capture) read() {
	defer close(c.done)
	chunk := make([]byte, 32<<10)
	for {
		n, err := c.r.Read(chunk)
		c.mu.Lock()
		if room := maxOutput - len(c.buf); n > room {
			c.buf = append(c.buf, chunk[:room]...)
			c.cut = true
		} else {
			c.buf = append(c.buf, chunk[:n]...)
		}
		c.mu.Unlock()
		if err != nil {
			return // io.EOF, or the read end closed by result
		}
	}
}

// result waits (within pipeDrain) for the stream's end and returns what was
// kept.
func (c *capture) result() ([]byte, bool) {
	select {
	case <-c.done:
	case <-time.After(pipeDrain):
		_ = c.r.SetReadDeadline(time.Now())
		<-c.done
	}
	c.r.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf, c.cut
}

// abandon closes both ends when the program never started.
func (c *capture) abandon() {
	c.w.Close()
	_ = c.r.SetReadDeadline(time.Now())
	<-c.done
	c.r.Close()
}
