package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// reporter says on stderr what a run is doing: with -v, each stage as it
// ends (what go list named, the checks chosen, what was analyzed, read
// from export data or reused, the findings), and, when stderr is a
// terminal, one line that counts the packages done, drawn over itself and
// erased at the end. Neither touches stdout, and a pipe or a file (an
// agent's, CI's log) never gets the progress line.
type reporter struct {
	w        io.Writer
	verbose  bool
	terminal bool
	start    time.Time

	label       atomic.Value // string: what the run is doing
	done, total atomic.Int64
	stop        chan struct{}
	stopped     sync.WaitGroup
	mu          sync.Mutex // over writes to w, drawn and last
	drawn       bool
	last        string // the line drawn last
}

// newReporter reports to stderr; verbose is -v.
func newReporter(stderr io.Writer, verbose bool, start time.Time) *reporter {
	return &reporter{w: stderr, verbose: verbose, terminal: isTerminal(stderr), start: start}
}

// isTerminal reports whether w is a terminal: a character device, and no
// TERM=dumb (an editor's or a CI's pseudo-terminal that draws nothing).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// stage says, with -v, that a stage of the run ended, with the time since
// the run began.
func (r *reporter) stage(format string, args ...any) {
	if r == nil || !r.verbose {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.eraseLocked()
	fmt.Fprintf(r.w, "exitlint: %5.1fs %s\n", time.Since(r.start).Seconds(), fmt.Sprintf(format, args...))
}

// progressDelay is how long a run goes before the progress line shows: a
// run that ends sooner draws nothing. progressEvery is how often it is
// drawn again.
const (
	progressDelay = 500 * time.Millisecond
	progressEvery = 200 * time.Millisecond
)

// progressDelayText, when a build sets it (-ldflags -X
// main.progressDelayText=1ms), replaces progressDelay: the test of the
// progress line builds exitlint so, since a run of its cases may end
// before 500 ms and draw nothing.
var progressDelayText string

// delayBeforeProgress is progressDelay, or what the build set instead.
func delayBeforeProgress() time.Duration {
	if d, err := time.ParseDuration(progressDelayText); err == nil && d >= 0 {
		return d
	}
	return progressDelay
}

// begin starts drawing the progress line, saying label, when stderr is a
// terminal.
func (r *reporter) begin(label string) {
	if r == nil || !r.terminal {
		return
	}
	r.label.Store(label)
	if r.stop != nil {
		return
	}
	r.stop = make(chan struct{})
	r.stopped.Add(1)
	go func() {
		defer r.stopped.Done()
		select {
		case <-time.After(delayBeforeProgress()):
		case <-r.stop:
			return
		}
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			r.draw()
			select {
			case <-tick.C:
			case <-r.stop:
				return
			}
		}
	}()
}

// progress is the driver's Config.Progress when a line is drawn; nil
// otherwise.
func (r *reporter) progress() func(done, total int) {
	if r == nil || !r.terminal {
		return nil
	}
	return func(done, total int) {
		r.done.Store(int64(done))
		r.total.Store(int64(total))
	}
}

// end stops drawing and erases the line.
func (r *reporter) end() {
	if r == nil || r.stop == nil {
		return
	}
	close(r.stop)
	r.stopped.Wait()
	r.stop = nil
	r.mu.Lock()
	r.eraseLocked()
	r.mu.Unlock()
}

func (r *reporter) draw() {
	label, _ := r.label.Load().(string)
	line := "exitlint: " + label
	if total := r.total.Load(); total > 0 {
		line += fmt.Sprintf(" %d/%d packages", r.done.Load(), total)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.drawn && line == r.last {
		return
	}
	fmt.Fprintf(r.w, "\r%s\033[K", line)
	r.drawn, r.last = true, line
}

// eraseLocked clears the progress line, if one was drawn, so that what
// follows starts on a clean line. The caller holds r.mu.
func (r *reporter) eraseLocked() {
	if r.drawn {
		fmt.Fprint(r.w, "\r\033[K")
		r.drawn = false
	}
}
