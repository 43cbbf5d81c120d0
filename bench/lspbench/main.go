// Command lspbench measures `exitlint lsp` as an editor uses it, on one Go
// file of a real module: how long the first diagnostics take after the
// file is opened, how long after a save of an edited buffer the new
// diagnostics come, how long a save without an edit takes, and how long a
// burst of saves takes to drain. bench/run calls it; it prints one line per
// measure, tab-separated: measure, milliseconds.
//
//	lspbench -exitlint BIN -file FILE [-saves N] [-burst N] [-open-only]
//
// Each edit appends a comment line to the buffer, so the package's content
// (and key) changes and its analysis is really redone. The server's peak
// RSS (VmHWM) is printed last, in KiB.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/exitlint/exitlint/exitcode"
)

func main() {
	bin := flag.String("exitlint", "exitlint", "the exitlint binary")
	file := flag.String("file", "", "the Go file to open, edit and save")
	saves := flag.Int("saves", 10, "edited saves to time one at a time")
	burst := flag.Int("burst", 30, "saves in the burst")
	openOnly := flag.Bool("open-only", false, "time the open alone (printed as open)")
	idle := flag.Duration("idle", 0, "with -open-only: wait this long after the open, then time one edit and save (printed as first-save)")
	flag.Parse()
	if *file == "" || *saves < 1 || *burst < 1 || *idle < 0 || (*idle > 0 && !*openOnly) {
		fmt.Fprintln(os.Stderr, "usage: lspbench -exitlint BIN -file FILE [-saves N] [-burst N] [-open-only [-idle D]]")
		exitcode.Exit(exitcode.ArgError)
	}
	if *openOnly {
		*saves, *burst = 0, 0
	}
	if err := bench(*bin, *file, *saves, *burst, *idle); err != nil {
		fmt.Fprintln(os.Stderr, "lspbench:", err)
		exitcode.Exit(exitcode.FromError(err))
	}
}

// handler records the server's publications.
type handler struct {
	mu   sync.Mutex
	pubs map[int]time.Time // buffer version → when its diagnostics came
	any  chan struct{}
}

func (h *handler) Handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method != "textDocument/publishDiagnostics" || req.Params == nil {
		return
	}
	var p struct {
		Version *int `json:"version"`
	}
	if json.Unmarshal(*req.Params, &p) != nil || p.Version == nil {
		return
	}
	h.mu.Lock()
	h.pubs[*p.Version] = time.Now()
	h.mu.Unlock()
	select {
	case h.any <- struct{}{}:
	default:
	}
}

// wait returns when the diagnostics of version came.
func (h *handler) wait(version int, limit time.Duration) (time.Time, error) {
	deadline := time.After(limit)
	for {
		h.mu.Lock()
		at, ok := h.pubs[version]
		h.mu.Unlock()
		if ok {
			return at, nil
		}
		select {
		case <-h.any:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			return time.Time{}, fmt.Errorf("no diagnostics for version %d within %s", version, limit)
		}
	}
}

type stdio struct {
	io.ReadCloser
	io.WriteCloser
}

func (s stdio) Close() error { return errors.Join(s.ReadCloser.Close(), s.WriteCloser.Close()) }

func bench(bin, file string, saves, burst int, idle time.Duration) error {
	file, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	text, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	cmd := exec.Command(bin, "lsp", "-v")
	cmd.Dir = filepath.Dir(file)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	defer cmd.Process.Kill()
	h := &handler{pubs: map[int]time.Time{}, any: make(chan struct{}, 1)}
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(stdio{out, in}, jsonrpc2.VSCodeObjectCodec{}), h)
	ctx := context.Background()
	uri := (&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String()
	if err := conn.Call(ctx, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": uri, "capabilities": map[string]any{}}, nil); err != nil {
		return err
	}
	conn.Notify(ctx, "initialized", map[string]any{})
	limit := 5 * time.Minute

	version := 1
	start := time.Now()
	conn.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": version, "text": string(text)}})
	at, err := h.wait(version, limit)
	if err != nil {
		return fmt.Errorf("%v\nserver log:\n%s", err, stderr.String())
	}
	fmt.Printf("open\t%d\n", at.Sub(start).Milliseconds())

	edit := func() {
		version++
		buf := fmt.Sprintf("%s\n// edit %d\n", text, version)
		conn.Notify(ctx, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []any{map[string]any{"text": buf}}})
		conn.Notify(ctx, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
	if idle > 0 {
		// The user reads before the first edit: the server may use the
		// time (an open the cache answered loads the imports meanwhile).
		time.Sleep(idle)
		start := time.Now()
		edit()
		at, err := h.wait(version, limit)
		if err != nil {
			return err
		}
		fmt.Printf("first-save\t%d\n", at.Sub(start).Milliseconds())
	}
	var edited, unchanged []time.Duration
	for range saves {
		time.Sleep(300 * time.Millisecond)
		start := time.Now()
		edit()
		at, err := h.wait(version, limit)
		if err != nil {
			return err
		}
		edited = append(edited, at.Sub(start))
	}
	for range saves {
		time.Sleep(300 * time.Millisecond)
		h.mu.Lock()
		delete(h.pubs, version)
		h.mu.Unlock()
		start := time.Now()
		conn.Notify(ctx, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
		at, err := h.wait(version, limit)
		if err != nil {
			return err
		}
		unchanged = append(unchanged, at.Sub(start))
	}
	if saves > 0 {
		fmt.Printf("save\t%d\n", median(edited).Milliseconds())
		fmt.Printf("save-min\t%d\n", slices.Min(edited).Milliseconds())
		fmt.Printf("save-max\t%d\n", slices.Max(edited).Milliseconds())
		fmt.Printf("save-unchanged\t%d\n", median(unchanged).Milliseconds())
	}
	if burst > 0 {
		time.Sleep(300 * time.Millisecond)
		start = time.Now()
		for range burst {
			edit()
		}
		at, err = h.wait(version, limit)
		if err != nil {
			return err
		}
		fmt.Printf("burst\t%d\n", at.Sub(start).Milliseconds())
		fmt.Printf("rss_kib\t%d\n", peakRSS(cmd.Process.Pid))
	}

	conn.Call(ctx, "shutdown", nil, nil)
	conn.Notify(ctx, "exit", nil)
	cmd.Wait()
	if os.Getenv("LSPBENCH_LOG") != "" {
		fmt.Fprint(os.Stderr, stderr.String())
	}
	return nil
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

// peakRSS is the process's VmHWM in KiB, 0 where /proc does not say.
func peakRSS(pid int) int {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			var kib int
			fmt.Sscan(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), &kib)
			return kib
		}
	}
	return 0
}
