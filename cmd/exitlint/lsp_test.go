package main_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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

	mu    sync.Mutex
	diags map[string][]lspDiag // by URI, the last published
	ch    chan string          // URIs as they are published
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
	c := &lspClient{cmd: cmd, diags: map[string][]lspDiag{}, ch: make(chan string, 16)}
	handler := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
			var p struct {
				URI         string    `json:"uri"`
				Diagnostics []lspDiag `json:"diagnostics"`
			}
			if err := json.Unmarshal(*req.Params, &p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.mu.Lock()
			c.diags[p.URI] = p.Diagnostics
			c.mu.Unlock()
			c.ch <- p.URI
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
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case got := <-c.ch:
			if got == uri {
				c.mu.Lock()
				defer c.mu.Unlock()
				return c.diags[uri]
			}
		case <-timeout:
			t.Fatalf("no diagnostics published for %s", uri)
		}
	}
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
	if !strings.Contains(fixed, "os.Exit(int(exitcode.ArgError))") || strings.Contains(fixed, "os.Exit(3)") {
		t.Errorf("the quick fix gave:\n%s", fixed)
	}

	// An unsaved edit is analyzed from the editor's buffer on save.
	edited := strings.Replace(fixed, "exitcode.Exit(exitcode.Code(5))", "exitcode.Exit(exitcode.Code(5))\n\tos.Exit(40)", 1)
	c.notify(t, "textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": edited}}})
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
	c.call(t, "shutdown", nil, nil)
	c.notify(t, "exit", nil)
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exitlint lsp after shutdown and exit: %v; want exit status 0", err)
		}
	case <-time.After(30 * time.Second):
		t.Error("exitlint lsp did not exit")
	}
}
