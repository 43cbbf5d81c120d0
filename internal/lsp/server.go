// Package lsp is exitlint's language server (`exitlint lsp`): an editor
// starts it and talks to it over stdin and stdout. When the editor opens,
// edits or saves a Go file, the server analyzes the file's package (its test
// variant too) with exitlint's checks, reading the editor's unsaved buffers,
// and publishes the findings of every file of the package, each list with
// the version of the buffer it was computed on. Each finding's suggested
// fixes are offered as quick-fix code actions while the buffer is still the
// one they were computed on.
//
// The server reads and answers the protocol itself (protocol.go): a
// malformed message is answered with JSON-RPC's error and the server goes
// on with the next one. Requests are answered as they come; analyses run
// beside them, one at a time, after a short pause in the editor's events,
// and a newer event for a package cancels the analysis of its older state.
package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
	"github.com/exitlint/exitlint/internal/textpos"
)

// Server holds what the editor has open and what was published.
type Server struct {
	analyzers []*analysis.Analyzer
	version   string

	// SaveDelay is how long the server waits after an open, a save or a
	// close before it analyzes; ChangeDelay after an edit of a buffer. An
	// event that comes sooner restarts the wait, so a burst of events is
	// analyzed once, on the newest buffers.
	SaveDelay, ChangeDelay time.Duration

	// Log receives what the server cannot tell the editor in the protocol:
	// the messages it answered with an error, why it stopped. Nil discards.
	Log io.Writer
	// Verbose adds to Log a line per analysis: how long it took and what
	// came from memory.
	Verbose bool
	// Cache, when set, is the persistent cache the command line shares:
	// the first analysis of a package reuses what a run found for the
	// packages that did not change, and writes what it finds.
	Cache *driver.Cache
	// Configure, when set, is asked before each analysis for the checks
	// to run on the package in dir, so that an edited config file counts
	// from the next analysis on. A *ConfigError is published on the config
	// file, at its line, and on the file analyzed, in place of its
	// findings; the package is not analyzed.
	Configure func(dir string) (Setup, error)
	// PackageSalt, when set, is the driver's (driver.Config.PackageSalt):
	// the settings Configure gave each package, for its key.
	PackageSalt func(dir string, dependency bool) string
	// ConfigNames are the base names of config files: saving one, or the
	// editor's report that one was created, changed or deleted, analyzes
	// again every package the server has published findings for. The
	// server asks the editor to watch them.
	ConfigNames []string

	memo *driver.Memo // what the analyses keep from one to the next

	out *writer

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	stopped     bool
	docChanges  bool                  // the editor takes versioned documentChanges
	docs        map[string]document   // file path → the editor's open buffer
	published   map[string]*published // file path → its findings as published
	byDir       map[string][]string   // package directory → the files published for it
	pending     map[string]string     // package directory → a file to load it by
	prepares    map[string]string     // the same, for preparations (prepare), run when nothing is pending
	due         time.Time             // when the pending packages are analyzed
	running     *run                  // the analysis in progress
	kick        chan struct{}
	watch       bool            // the editor can be asked to watch files
	configErrs  map[string]bool // config files with an error published on them
}

// Setup is what Configure gives for a package: the checks to run and the
// config file that chose them ("" when there is none).
type Setup struct {
	Analyzers []*analysis.Analyzer
	File      string
}

// ConfigError is a config file that cannot be used: what is wrong with it,
// at a line (from 1; 0 when the problem has no line).
type ConfigError struct {
	File string
	Line int
	Msg  string
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// document is an open buffer.
type document struct {
	version int
	text    []byte
	// lost is set when a change could not be applied: the buffer is open
	// but the server does not know its text until the next whole-text
	// change, so the file is analyzed as it is on disk and no fix is
	// offered for it.
	lost bool
}

// published is a file's findings and the buffer version they were computed
// on (nil for the file on disk).
type published struct {
	version  *int
	findings []finding
}

// finding is one published diagnostic with its quick fixes.
type finding struct {
	diag  diagnostic
	fixes []fix
}

type fix struct {
	title string
	edits []fileEdits
}

// fileEdits are a fix's edits of one file, computed on the file's version
// (nil for the file on disk).
type fileEdits struct {
	path    string
	version *int
	edits   []textEdit
}

type run struct {
	dir, path string
	prepare   bool // a preparation (prepare), which any analysis asked for cancels
	cancel    context.CancelFunc
}

// New returns a server that runs the given checks.
func New(analyzers []*analysis.Analyzer, version string) *Server {
	return &Server{
		analyzers: analyzers, version: version,
		SaveDelay: 100 * time.Millisecond, ChangeDelay: 400 * time.Millisecond,
		docs: map[string]document{}, published: map[string]*published{},
		byDir: map[string][]string{}, pending: map[string]string{}, prepares: map[string]string{},
		kick: make(chan struct{}, 1), configErrs: map[string]bool{},
		memo: driver.NewMemo(),
	}
}

// Serve speaks the protocol on rw until the editor sends exit or the stream
// ends. It reports whether the editor asked for shutdown first, as the
// protocol wants the process's exit status to say.
//
// A message whose header cannot be read is answered with a Parse error (id
// null) and the server reads on from the next Content-Length header; a body
// that is not JSON is a Parse error, and JSON that is no request (a batch,
// an id that is neither an integer nor a string, no method) an Invalid
// Request. The stream ending, inside a message or between two, ends the
// server: nothing more can come.
func (s *Server) Serve(ctx context.Context, rw io.ReadWriteCloser) (clean bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.out = &writer{w: rw}
	defer s.stop()
	go s.loop(ctx)
	in := newReader(rw)
	for {
		body, err := in.read()
		var bad *framingError
		switch {
		case errors.As(err, &bad):
			msg := "Parse error: " + bad.msg + "; a message is a Content-Length header, a blank line and that many bytes of JSON (the server skipped to the next Content-Length header)"
			s.logf("exitlint lsp: answered %d: %s", codeParseError, msg)
			if err := s.out.reply(nil, nil, &rpcError{codeParseError, msg}); err != nil {
				s.logf("exitlint lsp: %v; stopping", err)
				return s.isShutdown()
			}
			continue
		case errors.Is(err, io.EOF):
			if !s.isShutdown() {
				s.logf("exitlint lsp: the editor closed the stream without shutdown and exit")
			}
			return s.isShutdown()
		case err != nil:
			s.logf("exitlint lsp: %v; stopping", err)
			return s.isShutdown()
		}
		if !s.dispatch(body) {
			return s.isShutdown()
		}
	}
}

func (s *Server) isShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

// stop cancels the analysis in progress and anything pending; nothing is
// written after it.
func (s *Server) stop() {
	s.mu.Lock()
	s.stopped = true
	s.cancelAnalyses()
	s.mu.Unlock()
	s.out.close()
}

// cancelAnalyses drops the pending analyses and cancels the running one.
// s.mu is held.
func (s *Server) cancelAnalyses() {
	clear(s.pending)
	if s.running != nil {
		s.running.cancel()
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.Log != nil {
		fmt.Fprintf(s.Log, format+"\n", args...)
	}
}

// logMessage shows a message in the editor's log.
func (s *Server) logMessage(typ int, format string, args ...any) {
	s.out.notify("window/logMessage", logMessageParams{Type: typ, Message: "exitlint: " + fmt.Sprintf(format, args...)})
}

// dispatch handles one message body and reports whether to go on.
func (s *Server) dispatch(body []byte) bool {
	m, id, rerr := decode(body)
	if rerr != nil {
		s.logf("exitlint lsp: answered %d: %s", rerr.Code, rerr.Message)
		if err := s.out.reply(id, nil, rerr); err != nil {
			s.logf("exitlint lsp: %v; stopping", err)
			return false
		}
		return true
	}
	if m == nil {
		return true // a response to nothing the server asked
	}
	if m.method == "exit" {
		return false
	}
	result, rerr := s.handle(m)
	if m.id == nil {
		if rerr != nil { // a notification is never answered: the editor's log says why it was ignored
			s.logf("exitlint lsp: ignored %s: %s", m.method, rerr.Message)
			s.logMessage(messageError, "ignored %s: %s", m.method, rerr.Message)
		}
		return true
	}
	if err := s.out.reply(m.id, result, rerr); err != nil {
		s.logf("exitlint lsp: %v; stopping", err)
		return false
	}
	return true
}

func (s *Server) handle(m *message) (any, *rpcError) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	request := m.id != nil
	switch {
	case shutdown && request:
		return nil, &rpcError{codeInvalidRequest, "the server is shut down: send exit"}
	case shutdown:
		return nil, nil
	case !initialized && m.method != "initialize":
		if request {
			return nil, &rpcError{codeNotInitialized, "the server is not initialized: send initialize first"}
		}
		return nil, nil
	}
	switch m.method {
	case "initialize":
		if !request {
			return nil, &rpcError{codeInvalidRequest, "initialize is a request: it needs an id"}
		}
		if initialized {
			return nil, &rpcError{codeInvalidRequest, "the server is already initialized"}
		}
		var p initializeParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		s.initialized = true
		s.docChanges = p.Capabilities.Workspace.WorkspaceEdit.DocumentChanges
		s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
		s.mu.Unlock()
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":   map[string]any{"openClose": true, "change": syncFull, "save": map[string]any{"includeText": false}},
				"codeActionProvider": map[string]any{"codeActionKinds": []string{quickFix}},
			},
			"serverInfo": map[string]any{"name": "exitlint", "version": s.version},
		}, nil
	case "initialized":
		s.mu.Lock()
		watch := s.watch && len(s.ConfigNames) > 0
		s.mu.Unlock()
		if watch {
			// The editor tells of config files changed outside it (a
			// checkout, another editor) once asked to watch them.
			var watchers []fileSystemWatcher
			for _, name := range s.ConfigNames {
				watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/" + name})
			}
			s.out.request(registerID, "client/registerCapability", registrationParams{Registrations: []registration{{
				ID: "exitlint-config", Method: "workspace/didChangeWatchedFiles",
				RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: watchers},
			}}})
		}
		return nil, nil
	case "workspace/didChangeWatchedFiles":
		var p didChangeWatchedFilesParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		for _, c := range p.Changes {
			if path, err := pathOf(c.URI); err == nil && s.isConfig(path) {
				s.reanalyzeAll()
				break
			}
		}
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.cancelAnalyses()
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		var p didOpenParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return nil, nil // not a file: nothing exitlint can analyze
		}
		s.mu.Lock()
		s.docs[path] = document{version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
		s.mu.Unlock()
		s.schedule(path, s.SaveDelay)
		return nil, nil
	case "textDocument/didChange":
		var p didChangeParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return nil, nil
		}
		s.mu.Lock()
		doc, open := s.docs[path]
		text := doc.text
		for _, c := range p.ContentChanges {
			if text, err = applyChange(text, c, open && !doc.lost); err != nil {
				break
			}
		}
		if err != nil {
			s.docs[path] = document{version: p.TextDocument.Version, lost: true}
		} else {
			s.docs[path] = document{version: p.TextDocument.Version, text: text}
		}
		s.mu.Unlock()
		s.schedule(path, s.ChangeDelay)
		if err != nil {
			return nil, &rpcError{codeInvalidParams, fmt.Sprintf("%s: %v; the file is analyzed as it is on disk, with no fixes, until the editor sends its whole text", p.TextDocument.URI, err)}
		}
		return nil, nil
	case "textDocument/didSave":
		var p didSaveParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		path, err := pathOf(p.TextDocument.URI)
		if err != nil {
			return nil, nil
		}
		if p.Text != nil {
			s.mu.Lock()
			if doc, ok := s.docs[path]; ok {
				s.docs[path] = document{version: doc.version, text: []byte(*p.Text)} // known again, if it was lost
			}
			s.mu.Unlock()
		}
		if s.isConfig(path) {
			s.reanalyzeAll()
			return nil, nil
		}
		s.schedule(path, s.SaveDelay)
		return nil, nil
	case "textDocument/didClose":
		var p didCloseParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		if path, err := pathOf(p.TextDocument.URI); err == nil {
			s.mu.Lock()
			delete(s.docs, path)
			s.mu.Unlock()
			s.schedule(path, s.SaveDelay) // the file as it is on disk
		}
		return nil, nil
	case "textDocument/codeAction":
		var p codeActionParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	}
	if !request {
		return nil, nil // notifications the server has no use for
	}
	return nil, &rpcError{codeMethodNotFound, "exitlint's server does not handle " + m.method}
}

// params decodes a message's params into v.
func params(m *message, v any) *rpcError {
	if m.params == nil {
		return &rpcError{codeInvalidParams, m.method + " needs params"}
	}
	if err := json.Unmarshal(m.params, v); err != nil {
		return &rpcError{codeInvalidParams, m.method + ": " + describe(err)}
	}
	return nil
}

// applyChange applies one change of a buffer's text: the whole text, or a
// range of it in UTF-16 positions.
func applyChange(text []byte, c contentChange, open bool) ([]byte, error) {
	if c.Range == nil {
		return []byte(c.Text), nil
	}
	if !open {
		return nil, errors.New("a ranged change of a buffer that was not opened")
	}
	start, err := offsetOf(text, c.Range.Start)
	if err != nil {
		return nil, err
	}
	end, err := offsetOf(text, c.Range.End)
	if err != nil {
		return nil, err
	}
	if end < start {
		return nil, fmt.Errorf("a change's range ends (%d:%d) before it starts (%d:%d)", c.Range.End.Line, c.Range.End.Character, c.Range.Start.Line, c.Range.Start.Character)
	}
	out := make([]byte, 0, len(text)-(end-start)+len(c.Text))
	out = append(append(append(out, text[:start]...), c.Text...), text[end:]...)
	return out, nil
}

// offsetOf is the byte offset of an LSP position in text.
func offsetOf(text []byte, p position) (int, error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", p.Line, p.Character)
	}
	off := 0
	for range p.Line {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			return 0, fmt.Errorf("position %d:%d is past the buffer's last line", p.Line, p.Character)
		}
		off += i + 1
	}
	for units := 0; units < p.Character; {
		if off >= len(text) || text[off] == '\n' {
			return off, nil // past the end of the line: its end, as the protocol says
		}
		r, size := utf8.DecodeRune(text[off:])
		units += max(utf16.RuneLen(r), 1)
		off += size
	}
	return off, nil
}

// schedule asks for an analysis of the package of path once delay has passed
// with no newer event. An analysis of that package in progress is
// cancelled: it reads buffers that are no longer the newest.
func (s *Server) schedule(path string, delay time.Duration) {
	if !strings.HasSuffix(path, ".go") {
		return
	}
	dir := filepath.Dir(path)
	s.mu.Lock()
	if s.shutdown || s.stopped {
		s.mu.Unlock()
		return
	}
	s.pending[dir] = path
	s.due = time.Now().Add(delay)
	if r := s.running; r != nil && (r.dir == dir || r.prepare) {
		r.cancel()
		if r.prepare && r.dir != dir {
			s.prepares[r.dir] = r.path // it runs again once nothing is pending
		}
	}
	delete(s.prepares, dir) // the analysis loads what the preparation would
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// isConfig reports whether path names a config file.
func (s *Server) isConfig(path string) bool {
	for _, name := range s.ConfigNames {
		if filepath.Base(path) == name {
			return true
		}
	}
	return false
}

// reanalyzeAll schedules an analysis of every package the server has
// published findings for or has a buffer open in: a config file changed,
// and any of them may be under it.
func (s *Server) reanalyzeAll() {
	s.mu.Lock()
	files := map[string]string{} // package directory → a file to load it by
	for dir, names := range s.byDir {
		for _, f := range names {
			if strings.HasSuffix(f, ".go") && filepath.Dir(f) == dir {
				files[dir] = f
				break
			}
		}
	}
	for p := range s.docs {
		if strings.HasSuffix(p, ".go") {
			files[filepath.Dir(p)] = p
		}
	}
	s.mu.Unlock()
	for _, f := range files {
		s.schedule(f, s.SaveDelay)
	}
}

// loop runs the pending analyses, one at a time, until ctx ends.
func (s *Server) loop(ctx context.Context) {
	for {
		s.mu.Lock()
		wait := time.Duration(-1) // nothing to do
		if len(s.pending) > 0 && !s.stopped {
			wait = max(time.Until(s.due), 0)
		}
		prepare := len(s.pending) == 0 && len(s.prepares) > 0 && !s.stopped
		if wait == 0 || prepare {
			queue := s.pending
			if prepare {
				queue = s.prepares
			}
			dirs := make([]string, 0, len(queue))
			for dir := range queue {
				dirs = append(dirs, dir)
			}
			sort.Strings(dirs)
			dir := dirs[0]
			path := queue[dir]
			delete(queue, dir)
			snap := make(map[string]document, len(s.docs))
			for p, d := range s.docs {
				if strings.HasSuffix(p, ".go") && !d.lost {
					snap[p] = d
				}
			}
			rctx, cancel := context.WithCancel(ctx)
			s.running = &run{dir: dir, path: path, prepare: prepare, cancel: cancel}
			s.mu.Unlock()
			if prepare {
				s.prepare(rctx, dir, path, snap)
			} else {
				s.analyze(rctx, dir, path, snap)
			}
			cancel()
			s.mu.Lock()
			s.running = nil
			s.mu.Unlock()
			continue
		}
		s.mu.Unlock()
		var timer *time.Timer
		var fire <-chan time.Time
		if wait > 0 {
			timer = time.NewTimer(wait)
			fire = timer.C
		}
		select {
		case <-ctx.Done():
			return
		case <-s.kick:
		case <-fire:
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// overlayOf is the buffers of snap, by path, as the driver takes them.
func overlayOf(snap map[string]document) map[string][]byte {
	overlay := make(map[string][]byte, len(snap))
	for p, d := range snap {
		overlay[p] = d.text
	}
	return overlay
}

// load loads the package of path, and its test variants, from the buffers
// of overlay for an analysis, or with loadImports for a preparation
// (prepare): both with the same settings, so that the Memo's keys match.
func (s *Server) load(ctx context.Context, dir, path string, overlay map[string][]byte, loadImports bool) (*driver.Graph, error) {
	return driver.Load(driver.Config{Tests: true, Dir: dir, Overlay: overlay, Context: ctx, Memo: s.memo, Cache: s.Cache, LoadImports: loadImports, PackageSalt: s.PackageSalt}, "file="+path)
}

// prepare loads what the package of path imports into the Memo, after an
// analysis whose findings the cache gave without loading it
// (driver.Result.Unprepared): the first save then analyzes the package
// alone, as later saves do, instead of type-checking everything below it
// too. It publishes nothing (its findings are those just published), and
// any analysis asked for in the meantime cancels it (schedule).
func (s *Server) prepare(ctx context.Context, dir, path string, snap map[string]document) {
	analyzers := s.analyzers
	if s.Configure != nil {
		setup, err := s.Configure(dir)
		if err != nil {
			return // the analysis said why
		}
		analyzers = setup.Analyzers
	}
	start := time.Now()
	g, err := s.load(ctx, dir, path, overlayOf(snap), true)
	if err != nil || ctx.Err() != nil {
		return
	}
	res := g.Run(analyzers)
	if s.Verbose && !res.Cancelled {
		_, misses := s.memo.Stats()
		s.logf("exitlint lsp: %s: prepared for the next edit in %s; %d packages loaded", path, time.Since(start).Round(time.Millisecond), misses)
	}
}

// analyze runs the checks on the package of path as the buffers of snap
// have it and publishes the findings of each of its files, with the
// version of the buffer they were computed on; a file whose old findings
// are gone gets an empty list. A package that does not compile is not
// analyzed: its files' findings are withdrawn, and the first error of each
// file is published in their place. Nothing is published when ctx is
// cancelled: a newer analysis is on its way.
func (s *Server) analyze(ctx context.Context, dir, path string, snap map[string]document) {
	overlay := overlayOf(snap)
	read := func(p string) ([]byte, error) {
		if text, ok := overlay[p]; ok {
			return text, nil
		}
		return os.ReadFile(p)
	}
	versionOf := func(p string) *int {
		if d, ok := snap[p]; ok {
			v := d.version
			return &v
		}
		return nil
	}
	byFile := map[string][]finding{path: nil}
	analyzers := s.analyzers
	if s.Configure != nil {
		setup, err := s.Configure(dir)
		var cerr *ConfigError
		switch {
		case errors.As(err, &cerr):
			line := max(cerr.Line-1, 0)
			r := lspRange{Start: position{Line: line}, End: position{Line: line, Character: len(utf16.Encode([]rune(lineOf(read, cerr.File, line))))}}
			byFile[cerr.File] = []finding{{diag: diagnostic{Range: r, Severity: severityError, Source: "exitlint", Message: cerr.Msg}}}
			byFile[path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot analyze this package until its config file can be used: "+cerr.Error())}
			s.mu.Lock()
			s.configErrs[cerr.File] = true
			s.mu.Unlock()
			s.publish(ctx, dir, byFile, versionOf, []string{cerr.Error()})
			return
		case err != nil:
			byFile[path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot analyze this package: "+err.Error())}
			s.publish(ctx, dir, byFile, versionOf, []string{err.Error()})
			return
		}
		analyzers = setup.Analyzers
		s.clearConfigErrors(ctx, setup.File)
	}
	// The driver pins the toolchain as the command line does: no toolchain
	// is downloaded to analyze a buffer. The Memo keeps what does not
	// change from save to save (the dependencies' types and facts) in
	// memory; the package of the file and its test variants are loaded
	// from the buffers and analyzed again.
	start := time.Now()
	g, err := s.load(ctx, dir, path, overlay, false)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		byFile[path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot load this file's package: "+err.Error())}
		s.publish(ctx, dir, byFile, versionOf, []string{fmt.Sprintf("cannot load the package of %s: %v", path, err)})
		return
	}
	loaded := time.Now()
	res := g.Run(analyzers)
	if ctx.Err() != nil || res.Cancelled {
		return
	}
	if res.Unprepared {
		s.mu.Lock()
		if _, due := s.pending[dir]; !due {
			s.prepares[dir] = path
		}
		s.mu.Unlock()
	}
	if s.Verbose {
		hits, misses := s.memo.Stats()
		s.logf("exitlint lsp: %s: go list %s, analysis %s; %d packages from memory, %d not, analyzed %s", path,
			loaded.Sub(start).Round(time.Millisecond), time.Since(loaded).Round(time.Millisecond), hits, misses, strings.Join(res.Analyzed, ", "))
	}
	var logs []string
	lines := textpos.NewLines(read)
	type pkgError struct {
		pkg string
		err string
	}
	var broken []pkgError
	for _, p := range g.Roots {
		if p.IsTest() && strings.HasSuffix(p.ID, ".test") && !strings.Contains(p.ID, " ") {
			continue // the generated main package of the tests
		}
		goFiles, _ := p.Files()
		for _, f := range goFiles {
			if _, seen := byFile[f]; !seen {
				byFile[f] = nil
			}
		}
		errs, dep := p.Broken()
		if dep != nil {
			first, _ := dep.Broken()
			msg := "a package it imports does not type-check: " + dep.PkgPath
			if len(first) > 0 {
				msg += ": " + first[0]
			}
			errs = []string{msg}
		}
		if len(errs) == 0 {
			continue
		}
		for _, e := range errs {
			broken = append(broken, pkgError{p.PkgPath, e})
		}
		logs = append(logs, fmt.Sprintf("%s does not type-check, so it was not analyzed: %s", p.ID, strings.Join(errs, "; ")))
	}
	// The first error of each file, in place of its findings; errors
	// elsewhere on the file that was opened or saved.
	hasError := map[string]bool{}
	for _, b := range broken {
		file, line, col, msg := splitError(b.err)
		if _, in := byFile[file]; !in {
			file, line, col, msg = path, 0, 0, b.err
		}
		if hasError[file] {
			continue
		}
		hasError[file] = true
		r := lspRange{}
		if line > 0 {
			p := position{Line: line - 1, Character: lines.UTF16Column(file, line, max(col, 1)) - 1}
			r = lspRange{Start: p, End: p}
		}
		byFile[file] = append(byFile[file], notAnalyzed(r, fmt.Sprintf("exitlint cannot analyze %s until it compiles: %s", b.pkg, msg)))
	}
	c := findings.NewCollector(g.Fset, "", read)
	for _, act := range res.Actions {
		if act.Err != nil {
			logs = append(logs, fmt.Sprintf("the %s check failed on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err))
			continue
		}
		for _, d := range act.Diagnostics {
			c.Add(act.Analyzer, d)
		}
	}
	for _, f := range c.Findings() {
		byFile[f.Pos.Filename] = append(byFile[f.Pos.Filename], newFinding(f, versionOf))
	}
	s.publish(ctx, dir, byFile, versionOf, logs)
}

// lineOf returns line (from 0) of the file, "" when there is none.
func lineOf(read func(string) ([]byte, error), file string, line int) string {
	text, err := read(file)
	if err != nil {
		return ""
	}
	lines := strings.Split(string(text), "\n")
	if line >= len(lines) {
		return ""
	}
	return strings.TrimSuffix(lines[line], "\r")
}

// clearConfigErrors withdraws the error published on the config file an
// analysis could use, and on config files that are gone.
func (s *Server) clearConfigErrors(ctx context.Context, used string) {
	s.mu.Lock()
	if ctx.Err() != nil || s.shutdown || s.stopped {
		s.mu.Unlock()
		return // the next analysis withdraws them
	}
	var fixed []string
	for f := range s.configErrs {
		if _, err := os.Stat(f); f == used || err != nil {
			fixed = append(fixed, f)
			delete(s.configErrs, f)
		}
	}
	s.mu.Unlock()
	sort.Strings(fixed)
	for _, f := range fixed {
		s.out.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uriOf(f), Diagnostics: []diagnostic{}})
	}
}

// splitError splits an error of the driver's, "file:line:col: message" (or
// "file:line: message"), into its position and message; an error without
// a position is its message.
func splitError(e string) (file string, line, col int, msg string) {
	for i := 0; i < len(e); {
		j := strings.Index(e[i:], ": ")
		if j < 0 {
			break
		}
		file, line, col = splitPos(e[:i+j])
		if line > 0 {
			return file, line, col, e[i+j+2:]
		}
		i += j + 2
	}
	return "", 0, 0, e
}

// publish records and sends an analysis's findings, unless ctx was
// cancelled first or the editor asked for shutdown.
func (s *Server) publish(ctx context.Context, dir string, byFile map[string][]finding, versionOf func(string) *int, logs []string) {
	names := make([]string, 0, len(byFile))
	for f := range byFile {
		names = append(names, f)
	}
	s.mu.Lock()
	if ctx.Err() != nil || s.shutdown || s.stopped {
		s.mu.Unlock()
		return
	}
	for _, old := range s.byDir[dir] {
		if _, still := byFile[old]; !still {
			byFile[old] = nil // a file whose findings are gone (deleted, or no longer built)
			names = append(names, old)
		}
	}
	sort.Strings(names)
	for _, f := range names {
		s.published[f] = &published{version: versionOf(f), findings: byFile[f]}
	}
	s.byDir[dir] = names
	s.mu.Unlock()

	for _, l := range logs {
		s.logMessage(messageError, "%s", l)
	}
	for _, f := range names {
		diags := make([]diagnostic, 0, len(byFile[f]))
		for _, found := range byFile[f] {
			diags = append(diags, found.diag)
		}
		s.out.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uriOf(f), Version: versionOf(f), Diagnostics: diags})
	}
}

// notAnalyzed is the diagnostic that stands for the findings of a file
// whose package could not be analyzed.
func notAnalyzed(r lspRange, msg string) finding {
	return finding{diag: diagnostic{Range: r, Severity: severityInformation, Source: "exitlint", Message: msg}}
}

// splitPos splits go/packages' "file:line:col" (or "file:line", or "").
func splitPos(pos string) (file string, line, col int) {
	rest := pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	switch len(nums) {
	case 2:
		return rest, nums[0], nums[1]
	case 1:
		return rest, nums[0], 0
	}
	return pos, 0, 0
}

// newFinding is f as the protocol publishes it, with its fixes as quick
// fixes, each edit with the version of the buffer it was computed on.
func newFinding(f findings.Finding, versionOf func(string) *int) finding {
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
	for _, fx := range f.Fixes {
		var edits []fileEdits
		for _, e := range fx.Edits {
			i := 0
			for i < len(edits) && edits[i].path != e.Pos.Filename {
				i++
			}
			if i == len(edits) {
				edits = append(edits, fileEdits{path: e.Pos.Filename, version: versionOf(e.Pos.Filename)})
			}
			edits[i].edits = append(edits[i].edits, textEdit{Range: rangeOf(e.Pos, e.End), NewText: e.NewText})
		}
		out.fixes = append(out.fixes, fix{title: fx.Message, edits: edits})
	}
	return out
}

// rangeOf is the text from start to end: the protocol counts lines from 0
// and characters in UTF-16 code units from 0.
func rangeOf(start, end findings.Position) lspRange {
	return lspRange{Start: positionOf(start), End: positionOf(end)}
}

func positionOf(p findings.Position) position {
	return position{Line: max(p.Line-1, 0), Character: max(p.UTF16Column-1, 0)}
}

// codeActions returns the quick fixes of the findings that the requested
// range touches. A fix computed on a buffer that has changed since is
// withdrawn: its positions may no longer be the finding's.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	actions := []codeAction{}
	if len(p.Context.Only) > 0 && !onlyAllows(p.Context.Only) {
		return actions
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return actions
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	pub := s.published[path]
	if pub == nil || !s.current(path, pub.version) {
		return actions
	}
	for _, f := range pub.findings {
		if !overlaps(f.diag.Range, p.Range) {
			continue
		}
		for i, fx := range f.fixes {
			if edit, ok := s.edit(fx); ok {
				actions = append(actions, codeAction{
					Title: fx.title, Kind: quickFix, Diagnostics: []diagnostic{f.diag},
					IsPreferred: i == 0, Edit: edit, // a finding's first fix is the one it suggests first
				})
			}
		}
	}
	return actions
}

// current reports whether the buffer of path is still the version an
// analysis read (nil: the file on disk, no buffer open). s.mu is held.
func (s *Server) current(path string, version *int) bool {
	doc, open := s.docs[path]
	if version == nil {
		return !open
	}
	return open && !doc.lost && doc.version == *version
}

// edit is fx as a workspace edit: versioned documentChanges when the editor
// takes them, changes otherwise; ok is false when a file it edits has
// changed since. s.mu is held.
func (s *Server) edit(fx fix) (_ workspaceEdit, ok bool) {
	var edit workspaceEdit
	for _, fe := range fx.edits {
		if !s.current(fe.path, fe.version) {
			return workspaceEdit{}, false
		}
		uri := uriOf(fe.path)
		if s.docChanges {
			edit.DocumentChanges = append(edit.DocumentChanges, textDocumentEdit{
				TextDocument: optionalVersionedTextDocumentIdentifier{URI: uri, Version: fe.version},
				Edits:        fe.edits,
			})
		} else {
			if edit.Changes == nil {
				edit.Changes = map[string][]textEdit{}
			}
			edit.Changes[uri] = append(edit.Changes[uri], fe.edits...)
		}
	}
	return edit, true
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
