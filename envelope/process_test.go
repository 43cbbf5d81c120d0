package envelope_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// processRun runs args through Process.Run, checks that standard output
// holds exactly one envelope that conforms to the contract for the code and
// the declarations of the command that ran, and returns the result, the
// decoded envelope and what went to standard error.
func processRun(t *testing.T, ctx context.Context, interrupt <-chan os.Signal, p envelope.Program, args ...string) (envelope.Result, map[string]any, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	res := envelope.Process{Args: args, Stdout: &stdout, Stderr: &stderr, Interrupt: interrupt}.Run(ctx, p)
	line := bytes.TrimSpace(stdout.Bytes())
	assert.Equal(t, 0, bytes.Count(line, []byte("\n")), "one envelope line on stdout: %s", stdout.Bytes())
	if res.Declarations != nil {
		assert.Empty(t, envelope.Validate(line, int(res.Code), res.Declarations), "Validate: %s", line)
	} else {
		conforms(t, line, int(res.Code))
	}
	return res, decode(t, line), stderr.String()
}

func errorOf(m map[string]any) map[string]any {
	e, _ := m["error"].(map[string]any)
	return e
}

// chatty is a command that prints to os.Stdout, as a stray fmt.Println in a
// handler does.
var chatty = envelope.Command[string, result]{
	Name:     "chatty",
	Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "x", nil },
	Execute: func(context.Context, string, *envelope.Output) (result, error) {
		fmt.Println("debug: x=1")
		fmt.Print("second line")
		return result{Written: 1}, nil
	},
}

// TestProcessKeepsOneStdout: what a command prints to os.Stdout goes to
// standard error, and the envelope, alone on standard output, says so in a
// warning.
func TestProcessKeepsOneStdout(t *testing.T) {
	t.Setenv(exitcode.StrictEnv, "0")
	res, m, stderr := processRun(t, context.Background(), nil, chatty)
	assert.Equal(t, exitcode.Success, res.Code)
	assert.Equal(t, map[string]any{"written": 1.0}, m["data"])
	require.Len(t, m["warnings"], 1)
	assert.Contains(t, m["warnings"].([]any)[0], `the command wrote 22 bytes to standard output besides its envelope (first: "debug: x=1")`)
	assert.Equal(t, "debug: x=1\nsecond line", stderr)
	assert.Equal(t, "chatty", res.Declarations.Command())
}

// TestProcessRefusesStrayOutputInTestMode: in test mode the stray output
// fails the run, and the envelope the command wrote is in error.detail.
func TestProcessRefusesStrayOutputInTestMode(t *testing.T) {
	res, m, _ := processRun(t, context.Background(), nil, chatty)
	assert.Equal(t, exitcode.GeneralError, res.Code)
	e := errorOf(m)
	assert.Equal(t, envelope.StrayOutputCode, e["code"])
	assert.Contains(t, e["message"], "22 bytes")
	assert.Contains(t, e["detail"], `its envelope was: {"ok":true,"data":{"written":1}`)
}

// TestProcessCountsStrayOutputExactly: output far beyond a pipe's buffer,
// written from goroutines the command waits for, is all counted before the
// envelope is settled.
func TestProcessCountsStrayOutputExactly(t *testing.T) {
	t.Setenv(exitcode.StrictEnv, "0")
	chunk := strings.Repeat("y", 999) + "\n"
	loud := envelope.Command[string, result]{
		Name:     "loud",
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(_ context.Context, _ string, out *envelope.Output) (result, error) {
			for i := 0; i < 4; i++ {
				out.Go(func() error {
					for j := 0; j < 100; j++ {
						fmt.Fprint(os.Stdout, chunk)
					}
					return nil
				})
			}
			return result{}, nil
		},
	}
	_, m, stderr := processRun(t, context.Background(), nil, loud)
	assert.Contains(t, m["warnings"].([]any)[0], "wrote 400000 bytes")
	assert.Equal(t, 400000, len(stderr))
}

// waiter is a command whose phase named by its argument waits for the
// context, telling started when it begins.
func waiter(started chan<- exitcode.Phase, executed *atomic.Bool) envelope.Command[string, result] {
	return envelope.Command[string, result]{
		Name: "wait",
		Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) == 1 && args[0] == "validate" {
				started <- exitcode.PhaseValidation
				<-ctx.Done()
				return "", ctx.Err()
			}
			return "", nil
		},
		Execute: func(ctx context.Context, _ string, _ *envelope.Output) (result, error) {
			executed.Store(true)
			started <- exitcode.PhaseExecution
			<-ctx.Done()
			return result{}, fmt.Errorf("uploading: %w", ctx.Err())
		},
	}
}

// TestProcessInterrupt: the first signal cancels the run's context, and the
// command ends with one envelope: CANCELLED, exit code TIMEOUT, in the
// phase it was in, retryable where nothing changed.
func TestProcessInterrupt(t *testing.T) {
	for _, tc := range []struct {
		arg       string
		phase     exitcode.Phase
		retryable bool
		executed  bool
	}{
		{"validate", exitcode.PhaseValidation, true, false},
		{"execute", exitcode.PhaseExecution, false, true},
	} {
		started := make(chan exitcode.Phase, 1)
		var executed atomic.Bool
		interrupt := make(chan os.Signal, 2)
		go func() {
			<-started
			interrupt <- os.Interrupt
		}()
		res, m, _ := processRun(t, context.Background(), interrupt, waiter(started, &executed), tc.arg)
		assert.Equal(t, exitcode.Timeout, res.Code, tc.arg)
		e := errorOf(m)
		assert.Equal(t, envelope.CancelledCode, e["code"], tc.arg)
		assert.Equal(t, string(tc.phase), e["phase"], tc.arg)
		assert.Equal(t, tc.retryable, e["retryable"], tc.arg)
		assert.Contains(t, e["message"], "interrupted by SIGINT during the", tc.arg)
		assert.Equal(t, tc.executed, executed.Load(), "%s: Execute ran", tc.arg)
	}
}

// TestProcessSecondSignalEndsAtOnce: a command that does not stop after the
// first signal is ended by the second, with the envelope of the phase it is
// in; what it writes later is dropped.
func TestProcessSecondSignalEndsAtOnce(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	stuck := envelope.Command[string, result]{
		Name:     "stuck",
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			close(started)
			<-release // ignores its context
			return result{Written: 1}, nil
		},
	}
	interrupt := make(chan os.Signal, 2)
	go func() {
		<-started
		interrupt <- os.Interrupt
		interrupt <- os.Interrupt
	}()
	var stdout bytes.Buffer
	res := envelope.Process{Stdout: &stdout, Stderr: io.Discard, Interrupt: interrupt}.Run(context.Background(), stuck)
	close(release)
	assert.Equal(t, exitcode.Timeout, res.Code)
	conforms(t, bytes.TrimSpace(stdout.Bytes()), int(res.Code))
	m := decode(t, stdout.Bytes())
	assert.Equal(t, envelope.CancelledCode, errorOf(m)["code"])
	assert.Equal(t, "execution", errorOf(m)["phase"])
	assert.Equal(t, false, errorOf(m)["retryable"])
	assert.Contains(t, m["warnings"].([]any)[0], "a second SIGINT ended the run at once")

	// A program stuck after its command wrote the envelope (a cobra
	// PostRun hook, say): the command's envelope and code.
	wrote, hold := make(chan struct{}), make(chan struct{})
	defer close(hold)
	afterwards := program(func(ctx context.Context, args []string, w io.Writer) exitcode.Code {
		code := own404.Run(ctx, args, w)
		close(wrote)
		<-hold
		return code
	})
	terms := make(chan os.Signal, 2)
	go func() {
		<-wrote
		terms <- syscall.SIGTERM
		terms <- syscall.SIGTERM
	}()
	stdout.Reset()
	res = envelope.Process{Stdout: &stdout, Stderr: io.Discard, Interrupt: terms}.Run(context.Background(), afterwards)
	assert.Equal(t, exitcode.NotFound, res.Code)
	assert.Equal(t, "GONE", errorOf(decode(t, stdout.Bytes()))["code"])
}

// own404 is a command that ends with a NOT_FOUND it declares.
var own404 = envelope.Command[string, result]{
	Name:     "own",
	Codes:    []exitcode.Entry{{Code: exitcode.NotFound}},
	Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
	Execute: func(context.Context, string, *envelope.Output) (result, error) {
		return result{}, exitcode.New(exitcode.NotFound, "GONE", "gone")
	},
}

// TestRunWithADoneContext: a run whose context is done before it begins
// runs no phase; a deadline is TIMEOUT; a phase that states its own code is
// kept, and one that finishes succeeds.
func TestRunWithADoneContext(t *testing.T) {
	var executed atomic.Bool
	started := make(chan exitcode.Phase, 2)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var buf bytes.Buffer
	code := waiter(started, &executed).Run(ctx, []string{"execute"}, &buf)
	assert.Equal(t, exitcode.Timeout, code)
	assert.False(t, executed.Load())
	m := decode(t, buf.Bytes())
	assert.Equal(t, envelope.CancelledCode, errorOf(m)["code"])
	assert.Equal(t, "validation", errorOf(m)["phase"])
	assert.Equal(t, true, errorOf(m)["retryable"])
	assert.Equal(t, "cancelled during the validation phase: nothing changed", errorOf(m)["message"])

	past, cancelPast := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancelPast()
	buf.Reset()
	code = waiter(started, &executed).Run(past, nil, &buf)
	assert.Equal(t, exitcode.Timeout, code)
	assert.Equal(t, "TIMEOUT", errorOf(decode(t, buf.Bytes()))["code"])

	own := envelope.Command[string, result]{
		Name:     "own",
		Codes:    []exitcode.Entry{{Code: exitcode.NotFound}},
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(ctx context.Context, _ string, _ *envelope.Output) (result, error) {
			cancel()
			return result{}, exitcode.New(exitcode.NotFound, "GONE", "gone")
		},
	}
	ctx, cancel = context.WithCancel(context.Background())
	buf.Reset()
	assert.Equal(t, exitcode.NotFound, own.Run(ctx, nil, &buf), "the phase said what happened")

	own.Execute = func(ctx context.Context, _ string, _ *envelope.Output) (result, error) {
		cancel()
		return result{Written: 2}, nil
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	buf.Reset()
	assert.Equal(t, exitcode.Success, own.Run(ctx, nil, &buf), "the work was done")
}

// TestProcessWriteFailure: a failed write of the envelope is GENERAL_ERROR
// with the reason on standard error, under Process.Run and when a command
// runs alone.
func TestProcessWriteFailure(t *testing.T) {
	var stderr bytes.Buffer
	res := envelope.Process{Stdout: failingWriter{}, Stderr: &stderr}.Run(context.Background(), registry(t))
	assert.Equal(t, exitcode.GeneralError, res.Code)
	assert.Contains(t, stderr.String(), "writing the envelope to standard output failed: io: read/write on closed pipe")

	r, w, err := os.Pipe()
	require.NoError(t, err)
	saved := os.Stderr
	os.Stderr = w
	quiet := envelope.Command[string, result]{
		Name:     "quiet",
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute:  func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
	}
	code := quiet.Run(context.Background(), nil, failingWriter{})
	os.Stderr = saved
	w.Close()
	got, _ := io.ReadAll(r)
	assert.Equal(t, exitcode.GeneralError, code)
	assert.Contains(t, string(got), `command "quiet": writing its envelope failed`)
}

// TestProcessPanicsGoToStderr: the stack of a phase's panic goes to
// standard error, and into error.detail in test mode only.
func TestProcessPanicsGoToStderr(t *testing.T) {
	boom := envelope.Command[string, result]{
		Name:     "boom",
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute:  func(context.Context, string, *envelope.Output) (result, error) { panic("nil map") },
	}
	res, m, stderr := processRun(t, context.Background(), nil, boom)
	assert.Equal(t, exitcode.GeneralError, res.Code)
	assert.True(t, strings.HasPrefix(stderr, "panic: nil map\n\ngoroutine "), stderr)
	assert.Contains(t, stderr, "TestProcessPanicsGoToStderr")
	assert.Contains(t, errorOf(m)["detail"], "TestProcessPanicsGoToStderr", "test mode: the stack in error.detail")

	t.Setenv(exitcode.StrictEnv, "0")
	_, m, stderr = processRun(t, context.Background(), nil, boom)
	assert.Equal(t, "nil map", errorOf(m)["detail"], "outside test mode the stack stays on standard error")
	assert.Contains(t, stderr, "TestProcessPanicsGoToStderr")
}

// program is a Program of a test.
type program func(ctx context.Context, args []string, w io.Writer) exitcode.Code

func (p program) Run(ctx context.Context, args []string, w io.Writer) exitcode.Code {
	return p(ctx, args, w)
}

// TestProcessAnswersForBrokenPrograms: a program that panics outside any
// command, or writes no envelope, still answers with one.
func TestProcessAnswersForBrokenPrograms(t *testing.T) {
	res, m, stderr := processRun(t, context.Background(), nil, program(func(context.Context, []string, io.Writer) exitcode.Code {
		panic("in the dispatcher")
	}))
	assert.Equal(t, exitcode.GeneralError, res.Code)
	assert.Equal(t, envelope.PanicCode, errorOf(m)["code"])
	assert.Contains(t, stderr, "panic: in the dispatcher")

	res, m, _ = processRun(t, context.Background(), nil, program(func(context.Context, []string, io.Writer) exitcode.Code {
		return exitcode.Success
	}))
	assert.Equal(t, exitcode.GeneralError, res.Code)
	assert.Equal(t, envelope.NoEnvelopeCode, errorOf(m)["code"])
	assert.Nil(t, res.Declarations, "no command ran")
}

// TestOutputGo: the runner waits for the goroutines a phase starts with Go;
// their panics and errors end the command with an envelope, and the first
// failure cancels the phase's context.
func TestOutputGo(t *testing.T) {
	var finished atomic.Bool
	cmd := envelope.Command[string, result]{
		Name:     "fan",
		Codes:    []exitcode.Entry{{Code: exitcode.NotFound}},
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(ctx context.Context, _ string, out *envelope.Output) (result, error) {
			out.Go(func() error {
				time.Sleep(20 * time.Millisecond)
				finished.Store(true)
				out.Warn("slow worker done")
				return nil
			})
			return result{Written: 1}, nil
		},
	}
	code, m := runCmd(t, cmd)
	assert.Equal(t, exitcode.Success, code)
	assert.True(t, finished.Load(), "the envelope waits for the goroutine")
	assert.Equal(t, []any{"slow worker done"}, m["warnings"])

	cmd.Execute = func(ctx context.Context, _ string, out *envelope.Output) (result, error) {
		out.Go(func() error { panic("worker bug") })
		out.Go(func() error {
			<-ctx.Done() // the panic cancels the others
			return ctx.Err()
		})
		<-ctx.Done()
		return result{}, ctx.Err()
	}
	code, m = runCmd(t, cmd)
	assert.Equal(t, exitcode.GeneralError, code)
	e := errorOf(m)
	assert.Equal(t, envelope.PanicCode, e["code"])
	assert.Equal(t, "a goroutine of the execution phase panicked", e["message"])
	assert.Equal(t, "execution", e["phase"])
	assert.True(t, strings.HasPrefix(e["detail"].(string), "worker bug\n\ngoroutine "))

	cmd.Execute = func(ctx context.Context, _ string, out *envelope.Output) (result, error) {
		out.Go(func() error {
			out.Go(func() error { return exitcode.New(exitcode.NotFound, "SHARD_MISSING", "shard 3 is missing") })
			return nil
		})
		return result{Written: 1}, nil
	}
	code, m = runCmd(t, cmd)
	assert.Equal(t, exitcode.NotFound, code, "a goroutine's error fails the phase that succeeded")
	assert.Equal(t, "SHARD_MISSING", errorOf(m)["code"])

	cmd.Execute = func(ctx context.Context, _ string, out *envelope.Output) (result, error) {
		var mu sync.Mutex
		total := 0
		for i := 1; i <= 3; i++ {
			out.Go(func() error {
				mu.Lock()
				defer mu.Unlock()
				total += i
				return nil
			})
		}
		if err := out.Wait(); err != nil {
			return result{}, err
		}
		return result{Written: total}, nil
	}
	code, m = runCmd(t, cmd)
	assert.Equal(t, exitcode.Success, code)
	assert.Equal(t, map[string]any{"written": 6.0}, m["data"], "Wait lets the phase use what its goroutines did")

	cmd.Execute = func(ctx context.Context, _ string, out *envelope.Output) (result, error) {
		out.Go(func() error { return exitcode.New(exitcode.NotFound, "SHARD_MISSING", "shard 3 is missing") })
		err := out.Wait()
		return result{}, fmt.Errorf("gathering: %w", err)
	}
	code, m = runCmd(t, cmd)
	assert.Equal(t, exitcode.NotFound, code)
	assert.Equal(t, "gathering: shard 3 is missing", errorOf(m)["message"])

	var late *envelope.Output
	cmd.Execute = func(_ context.Context, _ string, out *envelope.Output) (result, error) {
		late = out
		return result{}, nil
	}
	runCmd(t, cmd)
	ran := false
	late.Go(func() error { ran = true; return errors.New("after the phase") })
	assert.True(t, ran, "after its phase, Go runs f at once")
	assert.NoError(t, late.Wait(), "nothing to wait for after the phase")
}

type pageList struct {
	Notes []string `json:"notes"`
	Total int      `json:"total"`
}

func (l pageList) Items() int                { return len(l.Notes) }
func (l pageList) FirstItems(n int) pageList { l.Notes = l.Notes[:n]; return l }

// TestSizeCap: data over the command's cap is cut to its longest run of
// first items that fits, meta says truncated, and the cursor resumes after
// the items kept; data that cannot be cut is refused in test mode and
// written whole with a warning outside it.
func TestSizeCap(t *testing.T) {
	items := make([]string, 100)
	for i := range items {
		items[i] = fmt.Sprintf("item-%03d", i) // 10 bytes of JSON each, with its comma 11
	}
	list := envelope.Command[string, []string]{
		Name:     "list",
		Type:     "item_list",
		MaxBytes: 100,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(_ context.Context, _ string, out *envelope.Output) ([]string, error) {
			out.Resume(func(kept int) string { return envelope.EncodeCursor(kept) })
			return items, nil
		},
	}
	var buf bytes.Buffer
	code := list.Run(context.Background(), nil, &buf)
	assert.Equal(t, exitcode.Success, code)
	m := decode(t, buf.Bytes())
	data := m["data"].([]any)
	assert.Len(t, data, 9, "[ + 9×10 + 8 commas + ] = 100 bytes")
	meta := m["meta"].(map[string]any)
	assert.Equal(t, true, meta["truncated"])
	var next int
	require.NoError(t, envelope.DecodeCursor(meta["cursor"].(string), &next))
	assert.Equal(t, 9, next)

	paged := envelope.Command[string, pageList]{
		Name:     "notes",
		MaxBytes: 60,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(_ context.Context, _ string, out *envelope.Output) (pageList, error) {
			out.Meta().Cursor = "its own cursor"
			return pageList{Notes: items, Total: len(items)}, nil
		},
	}
	buf.Reset()
	paged.Run(context.Background(), nil, &buf)
	m = decode(t, buf.Bytes())
	assert.Equal(t, 100.0, m["data"].(map[string]any)["total"])
	assert.Len(t, m["data"].(map[string]any)["notes"], 3)
	meta = m["meta"].(map[string]any)
	assert.Equal(t, true, meta["truncated"])
	assert.NotContains(t, meta, "cursor", "no Resume: a cursor past the cut would skip items")
	assert.Contains(t, m["warnings"].([]any)[0], "meta.cursor was dropped")

	huge := envelope.Command[string, map[string]string]{
		Name:     "blob",
		MaxBytes: 10,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(context.Context, string, *envelope.Output) (map[string]string, error) {
			return map[string]string{"k": strings.Repeat("v", 100)}, nil
		},
	}
	buf.Reset()
	assert.Equal(t, exitcode.GeneralError, huge.Run(context.Background(), nil, &buf))
	assert.Equal(t, envelope.TooLargeCode, errorOf(decode(t, buf.Bytes()))["code"])
	t.Setenv(exitcode.StrictEnv, "0")
	buf.Reset()
	assert.Equal(t, exitcode.Success, huge.Run(context.Background(), nil, &buf))
	m = decode(t, buf.Bytes())
	assert.Contains(t, m["warnings"].([]any)[0], "over the command's cap of 10, and cannot be cut")

	// One item over the cap is kept: paging moves on.
	list.MaxBytes = 5
	buf.Reset()
	list.Run(context.Background(), nil, &buf)
	assert.Len(t, decode(t, buf.Bytes())["data"], 1)

	// No cap, and the default cap.
	list.MaxBytes = -1
	buf.Reset()
	list.Run(context.Background(), nil, &buf)
	assert.Len(t, decode(t, buf.Bytes())["data"], 100)
	list.MaxBytes = 0
	buf.Reset()
	list.Run(context.Background(), nil, &buf)
	assert.Len(t, decode(t, buf.Bytes())["data"], 100, "far under DefaultMaxBytes")
}

func TestCursor(t *testing.T) {
	type key struct {
		After string `json:"after"`
		N     int    `json:"n"`
	}
	c := envelope.EncodeCursor(key{"note-7", 2})
	var k key
	require.NoError(t, envelope.DecodeCursor(c, &k))
	assert.Equal(t, key{"note-7", 2}, k)

	altered := []byte(c)
	altered[len(altered)-2] ^= 1
	for _, bad := range []string{"", "x", "!!!", string(altered)} {
		err := envelope.DecodeCursor(bad, &k)
		var xe *exitcode.Error
		require.ErrorAs(t, err, &xe, "%q", bad)
		assert.Equal(t, exitcode.ArgError, xe.ExitCode)
		assert.Equal(t, envelope.BadCursorCode, xe.Code)
		assert.Equal(t, exitcode.PhaseValidation, xe.Phase)
	}
	var n int
	assert.Error(t, envelope.DecodeCursor(c, &n), "a cursor of another kind")
	assert.Panics(t, func() { envelope.EncodeCursor(func() {}) })
}
