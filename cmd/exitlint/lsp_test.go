package main_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// lspClient is an editor's side of the protocol, speaking to `exitlint lsp`
// over the process's stdin and stdout.
type lspClient struct {
	conn *jsonrpc2.Conn
	cmd  *exec.Cmd

	mu         sync.Mutex
	registered []string      // the methods the server asked to register
	pubs       []publication // as they came
	next       int           // the first of pubs that waitFor has not returned
	more       chan struct{} // a publication came
}

// publication is one publishDiagnostics.
type publication struct {
	URI         string    `json:"uri"`
	Version     *int      `json:"version"`
	Diagnostics []lspDiag `json:"diagnostics"`
	at          time.Time
}

type lspRange struct {
	Start struct{ Line, Character int } `json:"start"`
	End   struct{ Line, Character int } `json:"end"`
}

type lspDiag struct {
	Range           lspRange `json:"range"`
	Code            string   `json:"code"`
	Source          string   `json:"source"`
	Message         string   `json:"message"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	RelatedInformation []struct {
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type pipes struct {
	r interface{ Read([]byte) (int, error) }
	w interface {
		Write([]byte) (int, error)
		Close() error
	}
}

func (p pipes) Read(b []byte) (int, error)  { return p.r.Read(b) }
func (p pipes) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipes) Close() error                { return p.w.Close() }

func startLSP(t *testing.T, dir string) *lspClient {
	t.Helper()
	cmd := exec.Command(binary, "lsp")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &lspClient{cmd: cmd, more: make(chan struct{}, 1)}
	handler := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == "client/registerCapability" && req.Params != nil {
			var p struct {
				Registrations []struct {
					Method          string          `json:"method"`
					RegisterOptions json.RawMessage `json:"registerOptions"`
				} `json:"registrations"`
			}
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				t.Errorf("client/registerCapability: %v", err)
			}
			c.mu.Lock()
			for _, r := range p.Registrations {
				c.registered = append(c.registered, r.Method+" "+string(r.RegisterOptions))
			}
			c.mu.Unlock()
		}
		if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
			var p publication
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			p.at = time.Now()
			c.mu.Lock()
			c.pubs = append(c.pubs, p)
			c.mu.Unlock()
			select {
			case c.more <- struct{}{}:
			default:
			}
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipes{stdout, stdin}, jsonrpc2.VSCodeObjectCodec{}), handler)
	t.Cleanup(func() { c.conn.Close(); cmd.Process.Kill(); cmd.Wait() })
	return c
}

func (c *lspClient) call(t *testing.T, method string, params, result any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

func (c *lspClient) notify(t *testing.T, method string, params any) {
	t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		t.Fatalf("%s: %v", method, err)
	}
}

// waitFor waits until diagnostics for uri are published and returns them.
func (c *lspClient) waitFor(t *testing.T, uri string) []lspDiag {
	t.Helper()
	return c.waitForPub(t, uri, 2*time.Minute).Diagnostics
}

// waitForPub waits at most timeout for the next publication for uri.
func (c *lspClient) waitForPub(t *testing.T, uri string, timeout time.Duration) publication {
	t.Helper()
	deadline := time.After(timeout)
	for {
		c.mu.Lock()
		for ; c.next < len(c.pubs); c.next++ {
			if p := c.pubs[c.next]; p.URI == uri {
				c.next++
				c.mu.Unlock()
				return p
			}
		}
		c.mu.Unlock()
		select {
		case <-c.more:
		case <-deadline:
			t.Fatalf("no diagnostics published for %s in %s", uri, timeout)
		}
	}
}

// published returns the publications for uri since the one at index from.
func (c *lspClient) published(uri string, from int) []publication {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []publication
	for _, p := range c.pubs[from:] {
		if p.URI == uri {
			out = append(out, p)
		}
	}
	return out
}

// settle waits until no publication has come for quiet (at most limit).
func (c *lspClient) settle(t *testing.T, quiet, limit time.Duration) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		c.mu.Lock()
		last := time.Time{}
		if len(c.pubs) > 0 {
			last = c.pubs[len(c.pubs)-1].at
		}
		c.mu.Unlock()
		if time.Since(last) >= quiet {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("diagnostics kept coming for %s", limit)
}

// mark is the index of the next publication.
func (c *lspClient) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.next = len(c.pubs)
	return c.next
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// applyEdits applies LSP text edits (ASCII text: characters are bytes).
func applyEdits(t *testing.T, text string, edits []struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}) string {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	offset := func(line, char int) int {
		n := 0
		for i := 0; i < line; i++ {
			n += len(lines[i])
		}
		return n + char
	}
	for i := len(edits) - 1; i >= 0; i-- { // edits of one fix do not overlap; apply from the end
		e := edits[i]
		start, end := offset(e.Range.Start.Line, e.Range.Start.Character), offset(e.Range.End.Line, e.Range.End.Character)
		text = text[:start] + e.NewText + text[end:]
	}
	return text
}

// TestLSP drives `exitlint lsp` as an editor does: open a file and receive
// its findings, ask for the quick fix of one and apply it, edit the buffer
// without writing it and save, then shut down.
func TestLSP(t *testing.T) {
	dir := fixModule(t, fixable)
	file := filepath.Join(dir, "main.go")
	uri := fileURI(file)
	c := startLSP(t, dir)

	var init struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Change    int  `json:"change"`
			} `json:"textDocumentSync"`
			CodeActionProvider struct {
				CodeActionKinds []string `json:"codeActionKinds"`
			} `json:"codeActionProvider"`
		} `json:"capabilities"`
	}
	c.call(t, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": map[string]any{}}, &init)
	if caps := init.Capabilities; !caps.TextDocumentSync.OpenClose || caps.TextDocumentSync.Change != 1 || len(caps.CodeActionProvider.CodeActionKinds) != 1 {
		t.Errorf("capabilities = %+v", caps)
	}
	c.notify(t, "initialized", map[string]any{})

	text, _ := os.ReadFile(file)
	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(text)}})
	diags := c.waitFor(t, uri)
	if len(diags) != 3 {
		t.Fatalf("%d diagnostics on open; want 3 (two bare codes, one fallback): %+v", len(diags), diags)
	}
	var bare *lspDiag
	for i, d := range diags {
		if d.Source != "exitlint" || !strings.HasSuffix(d.CodeDescription.Href, "/docs/checks/"+d.Code+".md") {
			t.Errorf("diagnostic %+v lacks its source or docs link", d)
		}
		if d.Code == "barecode" && strings.Contains(d.Message, "exit code 3") {
			bare = &diags[i]
		}
	}
	if bare == nil {
		t.Fatalf("no barecode finding for os.Exit(3): %+v", diags)
	}
	if bare.Range.Start.Line != 13 || bare.Range.Start.Character != 10 || bare.Range.End.Character != 11 {
		t.Errorf("os.Exit(3)'s finding at %+v; want line 13 (0-based), characters 10-11", bare.Range)
	}

	var actions []struct {
		Title string `json:"title"`
		Kind  string `json:"kind"`
		Edit  struct {
			Changes map[string][]struct {
				Range   lspRange `json:"range"`
				NewText string   `json:"newText"`
			} `json:"changes"`
		} `json:"edit"`
	}
	c.call(t, "textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": bare.Range,
		"context": map[string]any{"diagnostics": []any{}},
	}, &actions)
	if len(actions) != 1 || actions[0].Kind != "quickfix" || len(actions[0].Edit.Changes[uri]) == 0 {
		t.Fatalf("code actions at os.Exit(3) = %+v; want one quick fix editing the file", actions)
	}
	fixed := applyEdits(t, string(text), actions[0].Edit.Changes[uri])
	if !strings.Contains(fixed, "exitcode.Exit(exitcode.ArgError)") || strings.Contains(fixed, "os.Exit(3)") {
		t.Errorf("the quick fix gave:\n%s", fixed)
	}

	// An unsaved edit is analyzed from the editor's buffer on save. Until
	// then, the fixes computed on the old buffer are withdrawn: this editor
	// takes no versioned edits, so it could not tell that they are stale.
	edited := strings.Replace(fixed, "exitcode.Exit(exitcode.Code(5))", "if len(os.Args) > 4 {\n\t\tos.Exit(40)\n\t}\n\texitcode.Exit(exitcode.Code(5))", 1)
	c.notify(t, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": edited}}})
	actions = nil
	c.call(t, "textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 30, "character": 0}},
		"context": map[string]any{"diagnostics": []any{}},
	}, &actions)
	if len(actions) != 0 {
		t.Errorf("code actions right after an edit = %+v; want none until the new buffer is analyzed", actions)
	}
	c.notify(t, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	diags = c.waitFor(t, uri)
	var reserved, stale bool
	for _, d := range diags {
		reserved = reserved || strings.Contains(d.Message, "framework-reserved range")
		stale = stale || strings.Contains(d.Message, "exit code 3")
	}
	if !reserved || stale || len(diags) != 3 {
		t.Errorf("after the edit: %+v; want the fallback, exitcode.Code(5) and os.Exit(40) findings, not os.Exit(3)", diags)
	}

	// Shutdown, then exit: status 0.
	c.exitCleanly(t)
}

// callWithin calls method and fails the test when the reply takes longer
// than limit; it returns how long it took.
func (c *lspClient) callWithin(t *testing.T, limit time.Duration, method string, params, result any) time.Duration {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	if err := c.conn.Call(ctx, method, params, result); err != nil {
		t.Fatalf("%s: no reply in %s: %v", method, limit, err)
	}
	return time.Since(start)
}

// initialize starts the session; documentChanges says whether this editor
// takes versioned edits.
func (c *lspClient) initialize(t *testing.T, dir string, documentChanges bool) {
	t.Helper()
	caps := map[string]any{"workspace": map[string]any{"workspaceEdit": map[string]any{"documentChanges": documentChanges}}}
	c.call(t, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": caps}, nil)
	c.notify(t, "initialized", map[string]any{})
}

// exitCleanly sends shutdown and exit and checks that the server exits 0.
func (c *lspClient) exitCleanly(t *testing.T) time.Duration {
	t.Helper()
	took := c.callWithin(t, 10*time.Second, "shutdown", nil, nil)
	c.notify(t, "exit", nil)
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exitlint lsp after shutdown and exit: %v; want exit status 0", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("exitlint lsp did not exit")
	}
	return took
}

func wholeFile() map[string]any {
	return map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 1000, "character": 0}}
}

func codeActionParams(uri string, r any) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "range": r, "context": map[string]any{"diagnostics": []any{}}}
}

// TestLSPMalformedMessages sends the server a message it cannot frame, one
// that is not JSON, a batch, an object as id, a request without method and
// one of a method it does not have: each gets JSON-RPC's error, and the
// server goes on to answer shutdown and exits 0.
func TestLSPMalformedMessages(t *testing.T) {
	dir := fixModule(t, fixable)
	cmd := exec.Command(binary, "lsp")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	frame := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	go func() {
		io.WriteString(stdin, frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)+
			"Content-Length: 11\r\n\r\n{\"jsonrpc\":"+
			"this is no header\r\n\r\n"+
			frame(`[]`)+
			frame(`{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}`)+
			frame(`{"jsonrpc":"2.0","id":2}`)+
			frame(`{"jsonrpc":"2.0","id":3,"method":"workspace/nothing"}`)+
			frame(`{"jsonrpc":"2.0","method":"workspace/nothing"}`)+
			frame(`{"jsonrpc":"2.0","id":4,"method":"shutdown"}`)+
			frame(`{"jsonrpc":"2.0","method":"exit"}`))
	}()
	type reply struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
		Method string `json:"method"`
	}
	replies := make(chan reply, 20)
	go func() {
		defer close(replies)
		br := bufio.NewReader(stdout)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				return
			}
			n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "Content-Length:")))
			if err != nil {
				t.Errorf("the server wrote the header line %q", line)
				return
			}
			br.ReadString('\n')
			body := make([]byte, n)
			if _, err := io.ReadFull(br, body); err != nil {
				return
			}
			var r reply
			if err := json.Unmarshal(body, &r); err != nil {
				t.Errorf("the server wrote %q", body)
			}
			if r.Method == "" {
				replies <- r
			}
		}
	}()
	for _, want := range []struct {
		id   string
		code int // 0: a result
	}{{"1", 0}, {"null", -32700}, {"null", -32700}, {"null", -32600}, {"null", -32600}, {"2", -32600}, {"3", -32601}, {"4", 0}} {
		select {
		case r, ok := <-replies:
			code := 0
			if r.Error != nil {
				code = r.Error.Code
			}
			if !ok || string(r.ID) != want.id || code != want.code {
				t.Fatalf("reply id %s code %d; want id %s code %d\nstderr:\n%s", r.ID, code, want.id, want.code, stderr.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no reply: want id %s code %d", want.id, want.code)
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("exitlint lsp: %v; want exit 0 after shutdown and exit\nstderr:\n%s", err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "is not a header line") {
		t.Errorf("stderr does not say what was wrong:\n%s", stderr.String())
	}
}

// TestLSPSavesAnalyzedOnce saves a file 30 times in a row: the server
// answers the next request and shutdown at once, analyzes the newest buffer
// once, and cancels the analysis of a save when the next comes.
func TestLSPSavesAnalyzedOnce(t *testing.T) {
	dir := fixModule(t, fixable)
	file := filepath.Join(dir, "main.go")
	uri := fileURI(file)
	text, _ := os.ReadFile(file)
	c := startLSP(t, dir)
	c.initialize(t, dir, false)
	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(text)}})
	c.waitFor(t, uri)

	save := func() {
		c.notify(t, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
	from := c.mark()
	start := time.Now()
	for range 30 {
		save()
	}
	var actions []json.RawMessage
	reply := c.callWithin(t, 10*time.Second, "textDocument/codeAction", codeActionParams(uri, wholeFile()), &actions)
	pub := c.waitForPub(t, uri, time.Minute)
	analyzed := pub.at.Sub(start)
	c.settle(t, 1500*time.Millisecond, time.Minute) // room for analyses that should not happen
	if n := len(c.published(uri, from)); n != 1 {
		t.Errorf("30 saves were analyzed %d times; want once", n)
	}
	if len(pub.Diagnostics) != 3 {
		t.Errorf("after 30 saves: %d diagnostics; want 3", len(pub.Diagnostics))
	}

	// Saves further apart than the pause: each starts an analysis, which
	// the next cancels if it is still running (internal/lsp's
	// TestSlowAnalysesCancelled holds that); an analysis of a package whose
	// buffers did not change comes from memory and is done before the next
	// save. Either way no analysis waits in a queue behind another.
	from = c.mark()
	var last time.Time
	for range 6 {
		last = time.Now()
		save()
		time.Sleep(250 * time.Millisecond)
	}
	for c.waitForPub(t, uri, time.Minute).at.Before(last) {
	}
	// A server that queues analyses answers only once they are all done.
	c.callWithin(t, 2*time.Minute, "textDocument/codeAction", codeActionParams(uri, wholeFile()), &actions)
	c.settle(t, 1500*time.Millisecond, time.Minute)
	if n := len(c.published(uri, from)); n > 6 {
		t.Errorf("6 saves 250ms apart were analyzed %d times; want at most once each", n)
	}

	for range 15 {
		save()
	}
	shutdown := c.exitCleanly(t)
	t.Logf("after 30 saves: the next reply in %s, the findings in %s; shutdown after 15 saves answered in %s", reply, analyzed, shutdown)
}

// TestLSPVersionedFixes edits a buffer above a finding: the fix computed
// on the old buffer is withdrawn, the new buffer is analyzed without a
// save, and its findings and fix carry its version (versioned
// documentChanges, as this editor takes them). A save with a syntax error
// withdraws the findings and fixes and says why.
func TestLSPVersionedFixes(t *testing.T) {
	dir := fixModule(t, fixable)
	file := filepath.Join(dir, "main.go")
	uri := fileURI(file)
	text, _ := os.ReadFile(file)
	c := startLSP(t, dir)
	c.initialize(t, dir, true)
	change := func(version int, text string) {
		c.notify(t, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": []any{map[string]any{"text": text}}})
	}
	type action struct {
		Edit struct {
			Changes         map[string]any `json:"changes"`
			DocumentChanges []struct {
				TextDocument struct {
					URI     string `json:"uri"`
					Version *int   `json:"version"`
				} `json:"textDocument"`
				Edits []struct {
					Range   lspRange `json:"range"`
					NewText string   `json:"newText"`
				} `json:"edits"`
			} `json:"documentChanges"`
		} `json:"edit"`
	}
	bareCode := func(p publication) *lspDiag {
		for i, d := range p.Diagnostics {
			if d.Code == "barecode" && strings.Contains(d.Message, "exit code 3") {
				return &p.Diagnostics[i]
			}
		}
		t.Fatalf("no finding for os.Exit(3) in %+v", p)
		return nil
	}

	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(text)}})
	pub := c.waitForPub(t, uri, 2*time.Minute)
	if pub.Version == nil || *pub.Version != 1 {
		t.Errorf("diagnostics of version 1 published with version %v", pub.Version)
	}
	old := bareCode(pub)

	// A line inserted above the finding, not saved.
	v2 := strings.Replace(string(text), "func main() {\n", "func main() {\n\tprintln(\"start\")\n", 1)
	change(2, v2)
	var actions []action
	c.call(t, "textDocument/codeAction", codeActionParams(uri, old.Range), &actions)
	if len(actions) != 0 {
		t.Errorf("right after the edit, the fix of version 1 is offered: %+v", actions)
	}
	pub = c.waitForPub(t, uri, 30*time.Second)
	if pub.Version == nil || *pub.Version != 2 {
		t.Fatalf("after the edit: diagnostics published with version %v; want 2", pub.Version)
	}
	moved := bareCode(pub)
	if moved.Range.Start.Line != old.Range.Start.Line+1 {
		t.Errorf("after a line inserted above, os.Exit(3)'s finding is on line %d; want %d", moved.Range.Start.Line, old.Range.Start.Line+1)
	}
	c.call(t, "textDocument/codeAction", codeActionParams(uri, moved.Range), &actions)
	if len(actions) != 1 || len(actions[0].Edit.DocumentChanges) != 1 || actions[0].Edit.Changes != nil {
		t.Fatalf("code actions = %+v; want one fix as documentChanges", actions)
	}
	dc := actions[0].Edit.DocumentChanges[0]
	if dc.TextDocument.URI != uri || dc.TextDocument.Version == nil || *dc.TextDocument.Version != 2 {
		t.Errorf("the fix edits %s version %v; want %s version 2", dc.TextDocument.URI, dc.TextDocument.Version, uri)
	}
	fixed := applyEdits(t, v2, dc.Edits)
	if !strings.Contains(fixed, "\tif len(os.Args) > 3 {\n\t\texitcode.Exit(exitcode.ArgError)\n") {
		t.Errorf("the fix of version 2 gave:\n%s", fixed)
	}

	// A save with a syntax error.
	v3 := strings.TrimSuffix(v2, "}\n")
	if err := os.WriteFile(file, []byte(v3), 0o644); err != nil {
		t.Fatal(err)
	}
	change(3, v3)
	c.notify(t, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	pub = c.waitForPub(t, uri, 30*time.Second)
	if pub.Version == nil || *pub.Version != 3 {
		t.Errorf("after the broken save: diagnostics published with version %v; want 3", pub.Version)
	}
	if len(pub.Diagnostics) != 1 || pub.Diagnostics[0].Code != "" || !strings.Contains(pub.Diagnostics[0].Message, "until it compiles") {
		t.Errorf("after the broken save: %+v; want the findings withdrawn and one diagnostic saying why", pub.Diagnostics)
	}
	c.call(t, "textDocument/codeAction", codeActionParams(uri, wholeFile()), &actions)
	if len(actions) != 0 {
		t.Errorf("after the broken save, fixes are still offered: %+v", actions)
	}
	c.exitCleanly(t)
}
