package lsp

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf16"

	"golang.org/x/tools/go/analysis"
)

// didChangeWatchedFiles analyzes every package again when the editor
// reports that a config file was created, changed or deleted.
func (s *Server) didChangeWatchedFiles(p didChangeWatchedFilesParams) *rpcError {
	for _, c := range p.Changes {
		if path, err := pathOf(c.URI); err == nil && s.isConfig(path) {
			s.reanalyzeAll()
			break
		}
	}
	return nil
}

// watchConfigFiles asks the editor, when it lets the server ask, to
// report the config files changed outside it (a checkout, another
// editor).
func (s *Server) watchConfigFiles() {
	s.mu.Lock()
	watch := s.watch && len(s.ConfigNames) > 0
	s.mu.Unlock()
	if !watch {
		return
	}
	var watchers []fileSystemWatcher
	for _, name := range s.ConfigNames {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/" + name})
	}
	s.out.request(registerID, "client/registerCapability", registrationParams{Registrations: []registration{{
		ID: "exitlint-config", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}})
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

// setupFor is the checks to run on the package in dir: Configure's
// answer, or the server's own checks when Configure is not set.
func (s *Server) setupFor(dir string) (Setup, error) {
	if s.Configure == nil {
		return Setup{Analyzers: s.analyzers}, nil
	}
	return s.Configure(dir)
}

// configure is the checks to run for r. A config file that cannot be used
// is published instead, as an error at its line and on the file analyzed
// in place of its findings, and ok is false: the package is not analyzed
// until the file can be used.
func (s *Server) configure(ctx context.Context, r *report) (_ []*analysis.Analyzer, ok bool) {
	setup, err := s.setupFor(r.dir)
	var cerr *ConfigError
	switch {
	case errors.As(err, &cerr):
		line := max(cerr.Line-1, 0)
		at := lspRange{Start: position{Line: line}, End: position{Line: line, Character: len(utf16.Encode([]rune(lineOf(r.read, cerr.File, line))))}}
		r.byFile[cerr.File] = []finding{{diag: diagnostic{Range: at, Severity: severityError, Source: "exitlint", Message: cerr.Msg}}}
		r.byFile[r.path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot analyze this package until its config file can be used: "+cerr.Error())}
		s.mu.Lock()
		s.configErrs[cerr.File] = true
		s.mu.Unlock()
		s.publish(ctx, r, []string{cerr.Error()})
		return nil, false
	case err != nil:
		r.byFile[r.path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot analyze this package: "+err.Error())}
		s.publish(ctx, r, []string{err.Error()})
		return nil, false
	}
	s.clearConfigErrors(ctx, setup.File)
	return setup.Analyzers, true
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
