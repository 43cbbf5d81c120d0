// Package lsp is exitlint's language server (`exitlint lsp`): an editor
// starts it and talks to it over stdin and stdout. When the editor opens or
// saves a Go file, the server analyzes the file's package (its test variant
// too) with exitlint's checks, reading the editor's unsaved buffers, and
// publishes the findings of every file of the package. Each finding's
// suggested fixes are offered as quick-fix code actions.
//
// JSON-RPC and the protocol's framing are github.com/sourcegraph/jsonrpc2's;
// the protocol types the server uses are in protocol.go.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/internal/findings"
)

// Server holds what the editor has open and what was published.
type Server struct {
	analyzers []*analysis.Analyzer
	version   string

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	open        map[string][]byte    // file path → the editor's text
	findings    map[string][]finding // URI → its published findings
}

// finding is one published diagnostic with its quick fixes.
type finding struct {
	diag    diagnostic
	actions []codeAction
}

// New returns a server that runs the given checks.
func New(analyzers []*analysis.Analyzer, version string) *Server {
	return &Server{analyzers: analyzers, version: version, open: map[string][]byte{}, findings: map[string][]finding{}}
}

// Serve speaks the protocol on rw until the editor sends exit or closes
// the stream. It reports whether the editor asked for shutdown first, as the
// protocol wants the process's exit status to say.
func (s *Server) Serve(ctx context.Context, rw io.ReadWriteCloser) (clean bool) {
	stream := jsonrpc2.NewBufferedStream(rw, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle).SuppressErrClosed())
	<-conn.DisconnectNotify()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	switch {
	case req.Method == "exit":
		conn.Close()
		return nil, nil
	case shutdown && !req.Notif:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: "the server is shut down: send exit"}
	case !initialized && req.Method != "initialize":
		if req.Notif {
			return nil, nil
		}
		return nil, &jsonrpc2.Error{Code: -32002, Message: "the server is not initialized: send initialize first"}
	}
	switch req.Method {
	case "initialize":
		s.mu.Lock()
		s.initialized = true
		s.mu.Unlock()
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":   map[string]any{"openClose": true, "change": syncFull, "save": map[string]any{"includeText": false}},
				"codeActionProvider": map[string]any{"codeActionKinds": []string{quickFix}},
			},
			"serverInfo": map[string]any{"name": "exitlint", "version": s.version},
		}, nil
	case "initialized":
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return nil, nil // not a file: nothing exitlint can analyze
		}
		s.mu.Lock()
		s.open[path] = []byte(p.TextDocument.Text)
		s.mu.Unlock()
		s.analyze(ctx, conn, path)
		return nil, nil
	case "textDocument/didChange":
		var p didChangeParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil || len(p.ContentChanges) == 0 {
			return nil, nil
		}
		// Full sync: the last change holds the whole text.
		s.mu.Lock()
		s.open[path] = []byte(p.ContentChanges[len(p.ContentChanges)-1].Text)
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didSave":
		var p didSaveParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return nil, nil
		}
		if p.Text != nil {
			s.mu.Lock()
			s.open[path] = []byte(*p.Text)
			s.mu.Unlock()
		}
		s.analyze(ctx, conn, path)
		return nil, nil
	case "textDocument/didClose":
		var p didCloseParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		if path, err := pathOf(p.TextDocument.URI); err == nil {
			s.mu.Lock()
			delete(s.open, path)
			s.mu.Unlock()
		}
		return nil, nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	}
	if req.Notif {
		return nil, nil // notifications the server has no use for
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "exitlint's server does not handle " + req.Method}
}

func decode(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + " needs params"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": " + err.Error()}
	}
	return nil
}

// analyze runs the checks on the package of path and publishes the findings
// of each of its files (an empty list clears a file's old findings).
func (s *Server) analyze(ctx context.Context, conn *jsonrpc2.Conn, path string) {
	if !strings.HasSuffix(path, ".go") {
		return
	}
	s.mu.Lock()
	overlay := make(map[string][]byte, len(s.open))
	for p, text := range s.open {
		overlay[p] = text
	}
	s.mu.Unlock()

	logf := func(typ int, format string, args ...any) {
		conn.Notify(ctx, "window/logMessage", logMessageParams{Type: typ, Message: "exitlint: " + fmt.Sprintf(format, args...)})
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule, Context: ctx,
		Dir: filepath.Dir(path), Tests: true, Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, "file="+path)
	if err != nil {
		logf(messageError, "cannot load the package of %s: %v", path, err)
		return
	}
	var ok []*packages.Package
	files := map[string]bool{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.IllTyped {
			var errs []string
			for _, e := range p.Errors {
				errs = append(errs, e.Error())
			}
			logf(messageError, "%s does not type-check, so it was not analyzed: %s", p.ID, strings.Join(errs, "; "))
			continue
		}
		ok = append(ok, p)
		for _, f := range p.GoFiles {
			files[f] = true
		}
	}
	if len(ok) == 0 {
		return
	}
	graph, err := checker.Analyze(s.analyzers, ok, nil)
	if err != nil {
		logf(messageError, "cannot run the checks: %v", err)
		return
	}
	c := findings.NewCollector(ok[0].Fset, "", func(p string) ([]byte, error) {
		if text, ok := overlay[p]; ok {
			return text, nil
		}
		return os.ReadFile(p)
	})
	for _, act := range graph.Roots {
		if act.Err != nil {
			logf(messageError, "the %s check failed on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			c.Add(act.Analyzer, d)
		}
	}
	byFile := map[string][]finding{}
	for _, f := range c.Findings() {
		files[f.Pos.Filename] = true
		byFile[f.Pos.Filename] = append(byFile[f.Pos.Filename], newFinding(f))
	}
	names := make([]string, 0, len(files))
	for f := range files {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, file := range names {
		uri := uriOf(file)
		found := byFile[file]
		diags := make([]diagnostic, 0, len(found))
		for _, f := range found {
			diags = append(diags, f.diag)
		}
		s.mu.Lock()
		s.findings[uri] = found
		s.mu.Unlock()
		conn.Notify(ctx, "textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Diagnostics: diags})
	}
}

// newFinding is f as the protocol publishes it, with its fixes as quick
// fixes.
func newFinding(f findings.Finding) finding {
	diag := diagnostic{Range: rangeOf(f.Pos, f.End), Severity: severityWarning, Code: f.Check, Source: "exitlint", Message: f.Message}
	if f.URL != "" {
		diag.CodeDescription = &codeDescription{Href: f.URL}
	}
	for _, r := range f.Related {
		diag.Related = append(diag.Related, relatedLocation{
			Location: location{URI: uriOf(r.Pos.Filename), Range: rangeOf(r.Pos, r.End)},
			Message:  r.Message,
		})
	}
	out := finding{diag: diag}
	for i, fix := range f.Fixes {
		edit := workspaceEdit{Changes: map[string][]textEdit{}}
		for _, e := range fix.Edits {
			uri := uriOf(e.Pos.Filename)
			edit.Changes[uri] = append(edit.Changes[uri], textEdit{Range: rangeOf(e.Pos, e.End), NewText: e.NewText})
		}
		out.actions = append(out.actions, codeAction{
			Title: fix.Message, Kind: quickFix, Diagnostics: []diagnostic{diag},
			IsPreferred: i == 0, Edit: edit,
		})
	}
	return out
}

// rangeOf is the text from start to end: the protocol counts lines from 0
// and characters in UTF-16 code units from 0.
func rangeOf(start, end findings.Position) lspRange {
	return lspRange{Start: positionOf(start), End: positionOf(end)}
}

func positionOf(p findings.Position) position {
	return position{Line: max(p.Line-1, 0), Character: p.UTF16Column - 1}
}

// codeActions returns the quick fixes of the findings that the requested
// range touches.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	if len(p.Context.Only) > 0 && !onlyAllows(p.Context.Only) {
		return []codeAction{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	actions := []codeAction{}
	for _, f := range s.findings[p.TextDocument.URI] {
		if overlaps(f.diag.Range, p.Range) {
			actions = append(actions, f.actions...)
		}
	}
	return actions
}

func onlyAllows(kinds []string) bool {
	for _, k := range kinds {
		if k == quickFix || strings.HasPrefix(quickFix, k+".") {
			return true
		}
	}
	return false
}

func before(a, b position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position; an empty range
// touches the positions at its ends.
func overlaps(a, b lspRange) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func uriOf(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func pathOf(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %s", uri)
	}
	p := u.Path
	if len(p) > 2 && p[0] == '/' && p[2] == ':' { // file:///C:/x on Windows
		p = p[1:]
	}
	return filepath.Clean(filepath.FromSlash(p)), nil
}
