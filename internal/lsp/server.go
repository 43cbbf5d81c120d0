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
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/driver"
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

// handle answers one request or notification, when the server's state
// lets it: only initialize before initialize, only exit after shutdown.
func (s *Server) handle(m *message) (any, *rpcError) {
	if ok, rerr := s.admits(m); !ok {
		return nil, rerr
	}
	switch m.method {
	case "initialize":
		return s.initialize(m)
	case "initialized":
		s.watchConfigFiles()
		return nil, nil
	case "shutdown":
		s.shutDown()
		return nil, nil
	case "workspace/didChangeWatchedFiles":
		return nil, withParams(m, s.didChangeWatchedFiles)
	case "textDocument/didOpen":
		return nil, withParams(m, s.didOpen)
	case "textDocument/didChange":
		return nil, withParams(m, s.didChange)
	case "textDocument/didSave":
		return nil, withParams(m, s.didSave)
	case "textDocument/didClose":
		return nil, withParams(m, s.didClose)
	case "textDocument/codeAction":
		var p codeActionParams
		if err := params(m, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	}
	if m.id == nil {
		return nil, nil // notifications the server has no use for
	}
	return nil, &rpcError{codeMethodNotFound, "exitlint's server does not handle " + m.method}
}

// admits reports whether the server's state lets it handle m, and the
// error that answers a request it does not; a notification it does not
// handle is dropped unanswered.
func (s *Server) admits(m *message) (bool, *rpcError) {
	s.mu.Lock()
	initialized, shutdown := s.initialized, s.shutdown
	s.mu.Unlock()
	request := m.id != nil
	switch {
	case shutdown && request:
		return false, &rpcError{codeInvalidRequest, "the server is shut down: send exit"}
	case shutdown:
		return false, nil
	case !initialized && m.method != "initialize":
		if request {
			return false, &rpcError{codeNotInitialized, "the server is not initialized: send initialize first"}
		}
		return false, nil
	}
	return true, nil
}

// withParams decodes the params of the notification m as P and hands them
// to handle.
func withParams[P any](m *message, handle func(P) *rpcError) *rpcError {
	var p P
	if err := params(m, &p); err != nil {
		return err
	}
	return handle(p)
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
