package lsp

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
)

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

// run is the analysis in progress, or a preparation: its context, which
// a newer event for its package cancels, and the buffers it reads, as
// they were when it started.
type run struct {
	dir, path string
	prepare   bool // a preparation (prepare), which any analysis asked for cancels
	ctx       context.Context
	cancel    context.CancelFunc
	snap      map[string]document
}

// report is what one analysis publishes for the package of path, in dir:
// each file's diagnostics, computed on the buffers of snap.
type report struct {
	dir, path string
	snap      map[string]document
	byFile    map[string][]finding
}

func newReport(dir, path string, snap map[string]document) *report {
	return &report{dir: dir, path: path, snap: snap, byFile: map[string][]finding{path: nil}}
}

// read reads a file as the analysis read it: its buffer, when one is open.
func (r *report) read(p string) ([]byte, error) {
	if d, ok := r.snap[p]; ok {
		return d.text, nil
	}
	return os.ReadFile(p)
}

// versionOf is the version of the buffer of p that the analysis read; nil
// for a file read from disk.
func (r *report) versionOf(p string) *int {
	if d, ok := r.snap[p]; ok {
		v := d.version
		return &v
	}
	return nil
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

// loop runs the pending analyses, one at a time, until ctx ends.
func (s *Server) loop(ctx context.Context) {
	for {
		s.mu.Lock()
		r, wait := s.start(ctx)
		s.mu.Unlock()
		if r == nil {
			if !s.sleep(ctx, wait) {
				return
			}
			continue
		}
		if r.prepare {
			s.prepare(r.ctx, r.dir, r.path, r.snap)
		} else {
			s.analyze(r.ctx, r.dir, r.path, r.snap)
		}
		r.cancel()
		s.mu.Lock()
		s.running = nil
		s.mu.Unlock()
	}
}

// start makes the next run the running one, when one is due: the pending
// package first by directory, once the wait after the newest event is
// over, or a preparation when nothing is pending. Otherwise it returns
// nil, and how long to wait (negative: until an event). s.mu is held.
func (s *Server) start(ctx context.Context) (*run, time.Duration) {
	wait := time.Duration(-1) // nothing to do
	if len(s.pending) > 0 && !s.stopped {
		wait = max(time.Until(s.due), 0)
	}
	prepare := len(s.pending) == 0 && len(s.prepares) > 0 && !s.stopped
	if wait != 0 && !prepare {
		return nil, wait
	}
	queue := s.pending
	if prepare {
		queue = s.prepares
	}
	dir := slices.Min(slices.Collect(maps.Keys(queue)))
	path := queue[dir]
	delete(queue, dir)
	rctx, cancel := context.WithCancel(ctx)
	s.running = &run{dir: dir, path: path, prepare: prepare, ctx: rctx, cancel: cancel, snap: s.snapshot()}
	return s.running, 0
}

// snapshot is the open Go buffers whose text the server knows, as an
// analysis reads them. s.mu is held.
func (s *Server) snapshot() map[string]document {
	snap := make(map[string]document, len(s.docs))
	for p, d := range s.docs {
		if strings.HasSuffix(p, ".go") && !d.lost {
			snap[p] = d
		}
	}
	return snap
}

// sleep waits for an event, or for wait to pass when it is not negative;
// it reports false when ctx ends first.
func (s *Server) sleep(ctx context.Context, wait time.Duration) bool {
	var fire <-chan time.Time
	if wait > 0 {
		timer := time.NewTimer(wait)
		defer timer.Stop()
		fire = timer.C
	}
	select {
	case <-ctx.Done():
		return false
	case <-s.kick:
	case <-fire:
	}
	return true
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
	setup, err := s.setupFor(dir)
	if err != nil {
		return // the analysis said why
	}
	start := time.Now()
	g, err := s.load(ctx, dir, path, overlayOf(snap), true)
	if err != nil || ctx.Err() != nil {
		return
	}
	res := g.Run(setup.Analyzers)
	if s.Verbose && !res.Cancelled {
		_, misses := s.memo.Stats()
		s.logf("exitlint lsp: %s: prepared for the next edit in %s; %d packages loaded", path, time.Since(start).Round(time.Millisecond), misses)
	}
}

// prepareLater queues a preparation of the package in dir (prepare),
// unless an analysis of it is pending, which loads what it would.
func (s *Server) prepareLater(dir, path string) {
	s.mu.Lock()
	if _, due := s.pending[dir]; !due {
		s.prepares[dir] = path
	}
	s.mu.Unlock()
}

// analyze runs the checks on the package of path as the buffers of snap
// have it and publishes the findings of each of its files, with the
// version of the buffer they were computed on; a file whose old findings
// are gone gets an empty list. A package that does not compile is not
// analyzed: its files' findings are withdrawn, and the first error of each
// file is published in their place. Nothing is published when ctx is
// cancelled: a newer analysis is on its way.
func (s *Server) analyze(ctx context.Context, dir, path string, snap map[string]document) {
	r := newReport(dir, path, snap)
	analyzers, ok := s.configure(ctx, r)
	if !ok {
		return
	}
	// The driver pins the toolchain as the command line does: no toolchain
	// is downloaded to analyze a buffer. The Memo keeps what does not
	// change from save to save (the dependencies' types and facts) in
	// memory; the package of the file and its test variants are loaded
	// from the buffers and analyzed again.
	start := time.Now()
	g, err := s.load(ctx, dir, path, overlayOf(snap), false)
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		r.byFile[path] = []finding{notAnalyzed(lspRange{}, "exitlint cannot load this file's package: "+err.Error())}
		s.publish(ctx, r, []string{fmt.Sprintf("cannot load the package of %s: %v", path, err)})
		return
	}
	loaded := time.Now()
	res := g.Run(analyzers)
	if ctx.Err() != nil || res.Cancelled {
		return
	}
	if res.Unprepared {
		s.prepareLater(dir, path)
	}
	if s.Verbose {
		hits, misses := s.memo.Stats()
		s.logf("exitlint lsp: %s: go list %s, analysis %s; %d packages from memory, %d not, analyzed %s", path,
			loaded.Sub(start).Round(time.Millisecond), time.Since(loaded).Round(time.Millisecond), hits, misses, strings.Join(res.Analyzed, ", "))
	}
	s.publish(ctx, r, r.collect(g, res))
}

// collect fills r from a run: each file of the requested packages gets
// its findings or, for a package that did not load, its first error
// (placeErrors). It returns the lines for the editor's log.
func (r *report) collect(g *driver.Graph, res *driver.Result) []string {
	c := findings.NewCollector(g.Fset, "", r.read)
	var roots []*driver.Package
	for _, p := range g.Roots {
		if p.IsTest() && strings.HasSuffix(p.ID, ".test") && !strings.Contains(p.ID, " ") {
			continue // the generated main package of the tests
		}
		roots = append(roots, p)
		goFiles, _ := p.Files()
		for _, f := range goFiles {
			if _, seen := r.byFile[f]; !seen {
				r.byFile[f] = nil
			}
		}
	}
	a := findings.Gather(roots, res.Actions, c)
	logs := r.placeErrors(a.Unloaded, c)
	for _, act := range a.Failed {
		logs = append(logs, fmt.Sprintf("the %s check failed on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err))
	}
	for _, f := range a.Findings {
		r.byFile[f.Pos.Filename] = append(r.byFile[f.Pos.Filename], newFinding(f, r.versionOf))
	}
	return logs
}

// placeErrors publishes, for each package that could not be analyzed,
// the first error of each of its files in place of the file's findings;
// an error that has no line in one of them goes on the file that was
// opened or saved (r.path). It returns a line for the editor's log per
// package.
func (r *report) placeErrors(unloaded []*driver.Package, c *findings.Collector) (logs []string) {
	hasError := map[string]bool{}
	for _, p := range unloaded {
		errs := loadErrors(p)
		logs = append(logs, fmt.Sprintf("%s does not type-check, so it was not analyzed: %s", p.ID, strings.Join(driver.ErrorTexts(errs), "; ")))
		for _, e := range errs {
			file, at, msg := r.path, lspRange{}, e.Error()
			if _, in := r.byFile[e.Pos.Filename]; in && e.Pos.Line > 0 {
				start := positionOf(c.Position(e.Pos))
				file, at, msg = e.Pos.Filename, lspRange{Start: start, End: start}, e.Msg
			}
			if hasError[file] {
				continue
			}
			hasError[file] = true
			r.byFile[file] = append(r.byFile[file], notAnalyzed(at, fmt.Sprintf("exitlint cannot analyze %s until it compiles: %s", p.PkgPath, msg)))
		}
	}
	return logs
}

// loadErrors is why p was not analyzed, as the editor is told: its own
// errors, or the import that does not type-check, with that import's
// first error when it has one of its own.
func loadErrors(p *driver.Package) []driver.PackageError {
	errs := p.Errors()
	if errs[0].Kind != driver.DependencyError {
		return errs
	}
	dep := errs[0].Import
	msg := "a package it imports does not type-check: " + dep.PkgPath
	if first := dep.Errors(); len(first) > 0 && first[0].Kind != driver.DependencyError {
		msg += ": " + first[0].Error()
	}
	return []driver.PackageError{{Kind: driver.DependencyError, Msg: msg, Import: dep}}
}

// publish records and sends an analysis's findings, unless ctx was
// cancelled first or the editor asked for shutdown.
func (s *Server) publish(ctx context.Context, r *report, logs []string) {
	dir, byFile, versionOf := r.dir, r.byFile, r.versionOf
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
