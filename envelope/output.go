package envelope

import (
	"context"
	"fmt"
	"sync"

	"github.com/exitlint/exitlint/exitcode"
)

// Output collects what a command reports besides its data: warnings and the
// optional meta fields, and the goroutines a phase starts with Go. The
// runner hands one to each phase.
type Output struct {
	mu       sync.Mutex
	warnings []string
	meta     Meta
	resume   func(kept int) string
	group    *group // the goroutines of the phase under way
}

// Warn adds a non-fatal message to the envelope's warnings. It is safe to
// call from the goroutines a phase starts with Go.
func (o *Output) Warn(format string, args ...any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.warnings = append(o.warnings, fmt.Sprintf(format, args...))
}

// Meta returns the optional meta fields for the phase to set (request_id,
// truncated, cursor, not_modified, extensions). Set them from the phase's
// own goroutine: the fields are not guarded against concurrent use.
//
// A phase that answers an etag cache hit sets NotModified and returns the
// zero value of its data type (nil for a pointer, slice or map): data is
// written as null, and New refuses data with not_modified.
func (o *Output) Meta() *Meta { return &o.meta }

// Resume tells the runner's size cap (Command.MaxBytes) how to go on after
// it cuts the data: if it keeps the first kept items, meta.cursor becomes
// cursor(kept). A command that pages its data (an offset or a key in
// meta.cursor, say) gives the cursor of the item after the kept ones:
//
//	out.Resume(func(kept int) string { return envelope.EncodeCursor(from + kept) })
//
// Without it, a cut drops meta.cursor (it would skip the items cut) and
// says so in a warning.
func (o *Output) Resume(cursor func(kept int) string) { o.resume = cursor }

// Go runs f in a new goroutine that belongs to the phase under way. The
// runner waits for every such goroutine before it ends the phase, so none
// outlives the command or writes after its envelope; an error f returns
// fails the phase when the phase itself returns none; and a panic in f is
// recovered into INTERNAL_PANIC (GENERAL_ERROR), where a panic in a plain
// goroutine would end the process with Go's status 2 (PARTIAL_FAILURE to an
// agent) and no envelope. The first failure cancels the context the phase
// was given, so that the phase and its other goroutines can stop.
//
// Call Go from the phase or from a goroutine Go started, while the phase
// runs. Called after the phase ended, Go runs f at once in the calling
// goroutine, with its panic recovered and its error and panic reported on
// standard error only: the envelope is written.
func (o *Output) Go(f func() error) {
	o.mu.Lock()
	g := o.group
	o.mu.Unlock()
	if g == nil || !g.add() {
		if err := (&group{}).call(f); err != nil {
			fmt.Fprintf(stderrOf(context.Background()), "envelope: a goroutine started with Output.Go after its phase ended failed: %v\n", err)
		}
		return
	}
	go func() {
		defer g.done()
		if err := g.call(f); err != nil {
			g.fail(err)
		}
	}()
}

// Wait waits for the goroutines the phase has started with Go (and those
// they started) and returns the first failure, an error or a recovered
// panic, or nil. A phase that needs their results waits for them before it
// returns; the runner waits for any left when the phase returns.
func (o *Output) Wait() error {
	o.mu.Lock()
	g := o.group
	o.mu.Unlock()
	if g == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.running > 0 {
		g.idle.Wait()
	}
	return g.err
}

// group is the goroutines one phase started with Go.
type group struct {
	ctx     context.Context
	cancel  context.CancelCauseFunc
	phase   exitcode.Phase
	mu      sync.Mutex
	idle    sync.Cond // signalled when running drops to zero
	running int
	closed  bool
	err     error // the first failure
}

func newGroup(ctx context.Context, phase exitcode.Phase) *group {
	g := &group{phase: phase}
	g.ctx, g.cancel = context.WithCancelCause(ctx)
	g.idle.L = &g.mu
	return g
}

// add counts one more goroutine, unless the phase has ended.
func (g *group) add() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return false
	}
	g.running++
	return true
}

// done counts one goroutine less.
func (g *group) done() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.running--
	if g.running == 0 {
		g.idle.Broadcast()
	}
}

// call runs f, a panic recovered into INTERNAL_PANIC.
func (g *group) call(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			ctx := g.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			err = Recovered(ctx, p, fmt.Sprintf("a goroutine of the %s phase panicked", g.phase)).WithPhase(g.phase)
		}
	}()
	return f()
}

// fail keeps the first failure and cancels the phase's context.
func (g *group) fail(err error) {
	g.mu.Lock()
	if g.err == nil {
		g.err = err
	}
	g.mu.Unlock()
	g.cancel(err)
}

// wait waits for the goroutines, closes the group (Go runs nothing more in
// it) and releases its context; it returns the first failure.
func (g *group) wait() error {
	g.mu.Lock()
	for g.running > 0 {
		g.idle.Wait()
	}
	g.closed = true
	err := g.err
	g.mu.Unlock()
	g.cancel(nil)
	return err
}
