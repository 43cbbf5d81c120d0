package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/driver"
)

// TestSlowAnalysesCancelled edits and saves a buffer six times, 200 ms
// apart, while each analysis of it takes 600 ms: each newer edit cancels
// the analysis in progress, whose findings are dropped, and only the
// newest buffer's findings are published, once, with its version. The
// driver cannot stop an analyzer's Run, so the cancelled ones finish
// unpublished, as they did on x/tools' checker.
func TestSlowAnalysesCancelled(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod":  "module example.com/slow\n\ngo 1.22\n",
		"main.go": "package main\n\nfunc main() {}\n",
	})
	runs := make(chan string, 100)
	slow := &analysis.Analyzer{
		Name: "slow", Doc: "reports the buffer's last line, after a second",
		Run: func(pass *analysis.Pass) (any, error) {
			time.Sleep(600 * time.Millisecond)
			f := pass.Files[0]
			tf := pass.Fset.File(f.Pos())
			pass.Reportf(f.Package, "buffer of %d lines", tf.LineCount())
			runs <- pass.Pkg.Path()
			return nil, nil
		},
	}
	s := New([]*analysis.Analyzer{slow}, "test")
	e := startRaw(t, s)
	e.send(framed(initializeReq))
	e.wantResult("initialize", "1")
	path := filepath.Join(dir, "main.go")
	uri := uriOf(path)
	open := fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"go","version":1,"text":"package main\n\nfunc main() {}\n"}}}`, uri)
	e.send(framed(open))
	if pub := nextPublication(t, e, uri, 2*time.Minute); pub.Version == nil || *pub.Version != 1 {
		t.Fatalf("on open: %+v; want version 1's findings", pub)
	}
	text := "package main\n\nfunc main() {}\n"
	for v := 2; v <= 7; v++ {
		text += "// edit\n"
		change, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
			"textDocument": map[string]any{"uri": uri, "version": v}, "contentChanges": []any{map[string]any{"text": text}}}})
		e.send(framed(string(change)))
		e.send(framed(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":%q}}}`, uri)))
		time.Sleep(200 * time.Millisecond)
	}
	pub := nextPublication(t, e, uri, 2*time.Minute)
	if pub.Version == nil || *pub.Version != 7 || len(pub.Diagnostics) != 1 || !strings.Contains(pub.Diagnostics[0].Message, "buffer of 9 lines") {
		t.Errorf("after six edits: %+v; want version 7's finding (a buffer of 9 lines)", pub)
	}
	// Nothing else comes: the cancelled analyses published nothing.
	if pub, ok := publication(t, e, uri, 1500*time.Millisecond); ok {
		t.Errorf("another publication after the newest: %+v", pub)
	}
	if n := len(runs); n < 3 || n > 7 {
		t.Errorf("%d analyses ran (open included); want a few, cancelled, not one per edit queued after another", n)
	}
}

type publishParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

// nextPublication waits for the next publishDiagnostics of uri.
func nextPublication(t *testing.T, e *rawEditor, uri string, limit time.Duration) publishParams {
	t.Helper()
	p, ok := publication(t, e, uri, limit)
	if !ok {
		t.Fatalf("no diagnostics published for %s within %s", uri, limit)
	}
	return p
}

func publication(t *testing.T, e *rawEditor, uri string, limit time.Duration) (publishParams, bool) {
	t.Helper()
	timeout := time.After(limit)
	for {
		select {
		case m, ok := <-e.msgs:
			if !ok {
				return publishParams{}, false
			}
			if string(m["method"]) != `"textDocument/publishDiagnostics"` {
				continue
			}
			var p publishParams
			if err := json.Unmarshal(m["params"], &p); err != nil {
				t.Fatal(err)
			}
			if p.URI == uri {
				return p, true
			}
		case <-timeout:
			return publishParams{}, false
		}
	}
}

// writeModule writes the files of a module into a new directory and
// returns it; the go command then loads it offline, outside any workspace.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o777)
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	return dir
}

// linesModule writes a module whose main package imports another of its
// packages, which imports fmt, and returns its directory and an analyzer
// that reports each file's line count.
func linesModule(t *testing.T) (string, *analysis.Analyzer) {
	t.Helper()
	dir := writeModule(t, map[string]string{
		"go.mod":     "module example.com/m\n\ngo 1.22\n",
		"main.go":    "package main\n\nimport \"example.com/m/lib\"\n\nfunc main() { lib.Do() }\n",
		"lib/lib.go": "package lib\n\nimport \"fmt\"\n\n// Do prints.\nfunc Do() { fmt.Println() }\n",
	})
	lines := &analysis.Analyzer{
		Name: "lines", Doc: "reports the file's line count",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				pass.Reportf(f.Package, "%d lines", pass.Fset.File(f.Pos()).LineCount())
			}
			return nil, nil
		},
	}
	return dir, lines
}

// editAndSave makes version 2 of the buffer of uri, text with a line
// added, saves it, and wants its finding from the lines analyzer.
func editAndSave(t *testing.T, e *rawEditor, uri string, text []byte) {
	t.Helper()
	change, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "version": 2}, "contentChanges": []any{map[string]any{"text": string(text) + "\n// more\n"}}}})
	e.send(framed(string(change)))
	e.send(framed(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":%q}}}`, uri)))
	pub := nextPublication(t, e, uri, 2*time.Minute)
	if pub.Version == nil || *pub.Version != 2 || len(pub.Diagnostics) != 1 || pub.Diagnostics[0].Message != "7 lines" {
		t.Errorf("after the edit: %+v; want version 2's finding, 7 lines", pub)
	}
}

// TestSaveReusesMemory opens a file of a package that imports another of
// its module, then edits and saves it: the second analysis loads the edited
// package alone, the imported one and the standard library come from the
// server's memory, and go list is not run again (no import changed).
func TestSaveReusesMemory(t *testing.T) {
	dir, lines := linesModule(t)
	s := New([]*analysis.Analyzer{lines}, "test")
	e := startRaw(t, s)
	e.send(framed(initializeReq))
	e.wantResult("initialize", "1")
	path := filepath.Join(dir, "main.go")
	uri := uriOf(path)
	text, _ := os.ReadFile(path)
	open, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(text)}}})
	e.send(framed(string(open)))
	nextPublication(t, e, uri, 2*time.Minute)
	_, firstMisses := s.memo.Stats()

	editAndSave(t, e, uri, text)
	hits, misses := s.memo.Stats()
	if misses != 1 || hits < 5 || firstMisses < 5 {
		t.Errorf("the save loaded %d packages and took %d from memory (the open loaded %d); want the edited package alone loaded", misses, hits, firstMisses)
	}
	if n := s.memo.GoListRuns(); n != 1 {
		t.Errorf("go list ran %d times; want once, for the open", n)
	}
}

// TestOpenPreparesTheNextEdit: a file opens in a second session whose
// package the first left in the cache. Its findings come from the cache,
// without loading what it imports; the server then loads that into its
// memory while the editor is idle, and the first save loads the edited
// package alone.
func TestOpenPreparesTheNextEdit(t *testing.T) {
	dir, lines := linesModule(t)
	cache, err := driver.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "main.go")
	uri := uriOf(path)
	text, _ := os.ReadFile(path)
	open, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": string(text)}}})
	session := func() (*Server, *rawEditor) {
		s := New([]*analysis.Analyzer{lines}, "test")
		s.Cache = cache
		e := startRaw(t, s)
		e.send(framed(initializeReq))
		e.wantResult("initialize", "1")
		e.send(framed(string(open)))
		if pub := nextPublication(t, e, uri, 2*time.Minute); len(pub.Diagnostics) != 1 {
			t.Fatalf("the open published %+v; want the file's finding", pub)
		}
		return s, e
	}
	session() // fills the cache

	s, e := session()
	// Idle: nothing running or queued, the preparation included.
	idle := func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.running == nil && len(s.pending) == 0 && len(s.prepares) == 0
	}
	deadline := time.Now().Add(2 * time.Minute)
	for (s.memo.Len() == 0 || !idle()) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if s.memo.Len() == 0 {
		t.Fatal("after an open the cache answered, the server loaded nothing into memory for the next edit")
	}
	editAndSave(t, e, uri, text)
	if hits, misses := s.memo.Stats(); misses != 1 || hits < 5 {
		t.Errorf("the first save loaded %d packages and took %d from memory; want the edited package alone loaded", misses, hits)
	}
}

// TestUnloadedPackagesPlaced: a package that does not type-check publishes
// its first error on each of its files, at the error's line and UTF-16
// column (the driver's structured position, not its text read back); a
// package whose import does not type-check publishes why on the file
// opened, at its start, naming the import and its first error.
func TestUnloadedPackagesPlaced(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod":       "module example.com/m\n\ngo 1.22\n",
		"bad/t.go":     "package bad\n\nvar S = \"éé\"; var X int = \"ü\" + 1\n",
		"bad/u.go":     "package bad\n\nvar Y string = 3\n",
		"user/main.go": "package main\n\nimport \"example.com/m/bad\"\n\nfunc main() { _ = bad.X }\n",
	})
	s := New(nil, "test")
	e := startRaw(t, s)
	e.send(framed(initializeReq))
	e.wantResult("initialize", "1")
	open := func(name string) {
		path := filepath.Join(dir, name)
		text, _ := os.ReadFile(path)
		msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": uriOf(path), "languageId": "go", "version": 1, "text": string(text)}}})
		e.send(framed(string(msg)))
	}
	want := func(name string, line, char int, msg string) {
		t.Helper()
		pub := nextPublication(t, e, uriOf(filepath.Join(dir, name)), 2*time.Minute)
		if len(pub.Diagnostics) != 1 {
			t.Fatalf("%s: %+v; want one diagnostic", name, pub)
		}
		d := pub.Diagnostics[0]
		at := position{Line: line, Character: char}
		if d.Range != (lspRange{Start: at, End: at}) || d.Message != msg || d.Severity != severityInformation {
			t.Errorf("%s: %+v; want %q at %d:%d", name, d, msg, line, char)
		}
	}
	open("bad/t.go")
	// "ü" + 1 starts at byte 29 of its line, after two 2-byte é: UTF-16 column 27.
	typeErr := `invalid operation: "ü" + 1 (mismatched types untyped string and untyped int)`
	want("bad/t.go", 2, 26, "exitlint cannot analyze example.com/m/bad until it compiles: "+typeErr)
	want("bad/u.go", 2, 15, "exitlint cannot analyze example.com/m/bad until it compiles: cannot use 3 (untyped int constant) as string value in variable declaration")
	open("user/main.go")
	want("user/main.go", 0, 0, "exitlint cannot analyze example.com/m/user until it compiles: a package it imports does not type-check: example.com/m/bad: "+
		filepath.Join(dir, "bad", "t.go")+":3:29: "+typeErr)
}
