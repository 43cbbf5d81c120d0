package driver

import (
	"bytes"
	"container/heap"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"io"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Action is one analyzer's run on one requested package.
type Action struct {
	Analyzer    *analysis.Analyzer
	Package     *Package
	Diagnostics []analysis.Diagnostic
	Err         error
}

// Result is what Run found.
type Result struct {
	// Actions holds, for each requested package that loaded, one action
	// per analyzer asked for, in the order of the roots and the analyzers.
	Actions []*Action
	// Source and Export count the packages type-checked from source and
	// read from export data.
	Source, Export int
	// Analyzed lists the packages whose analyzers ran, by ID; Reused
	// counts those whose facts and findings came from the cache or the
	// Memo instead.
	Analyzed []string
	Reused   int
	// CachedTypes counts the reused packages whose types a package
	// analyzed needed, read from what the cache kept; ExportTypes the
	// reused standard packages whose types came from the go command's
	// export data instead; KeptTypes those whose types the cache did not
	// have yet, type-checked from source and added to their entries.
	CachedTypes, ExportTypes, KeptTypes int
	// CacheErr is why the cache and the Memo were not used, if they were
	// configured and could not be (exitlint's own executable unreadable).
	CacheErr error
	// Cancelled reports that the Context ended the run: the packages not
	// yet loaded were not.
	Cancelled bool
	// Unprepared reports that a requested package's results came from the
	// cache and what it imports was not loaded: a run with
	// Config.LoadImports would load it (into the Memo, if there is one).
	Unprepared bool
}

// Run type-checks the graph's packages in dependency order, as many at a
// time as there are CPUs, and runs on each package from source the
// analyzers it needs: on a requested package, analyzers and everything
// they require; on a dependency, the analyzers whose facts the requested
// packages import, and what those require. Packages that cannot be loaded
// are reported by Broken. Run may be called once per Graph.
func (g *Graph) Run(analyzers []*analysis.Analyzer) *Result {
	s := newSchedule(g, analyzers)
	res := &Result{CacheErr: s.plan()}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := s.next(); n != nil; n = s.next() {
				s.process(n)
				s.done(n)
			}
		}()
	}
	wg.Wait()
	for _, n := range g.all {
		switch {
		case n.PkgPath == "unsafe":
		case n.memo != nil || n.entry != nil:
			if n.Source {
				res.Reused++
			}
		case n.Source:
			res.Source++
		default:
			res.Export++
		}
		if n.analyzed {
			res.Analyzed = append(res.Analyzed, n.ID)
		}
		if n.cachedTypes {
			res.CachedTypes++
		}
		if n.exportTypes {
			res.ExportTypes++
		}
	}
	sort.Strings(res.Analyzed)
	res.KeptTypes = s.keptTypes
	res.Unprepared = s.unprepared
	res.Cancelled = g.cfg.Context != nil && g.cfg.Context.Err() != nil
	for _, r := range g.Roots {
		res.Actions = append(res.Actions, s.actions[r]...)
	}
	return res
}

// schedule hands out packages whose imports are all done, deepest chain of
// dependents first.
type schedule struct {
	g        *Graph
	wanted   []*analysis.Analyzer // the analyzers asked for
	order    []*analysis.Analyzer // them and what they require, requirements first
	forFacts map[*analysis.Analyzer]bool

	exportMu sync.Mutex // export data is read one package at a time

	mu         sync.Mutex
	cond       *sync.Cond
	ready      readyHeap
	left       int // packages not yet done
	actions    map[*Package][]*Action
	keptTypes  int  // cache entries given their package's types (keepTypes)
	unprepared bool // Result.Unprepared
}

func newSchedule(g *Graph, analyzers []*analysis.Analyzer) *schedule {
	s := &schedule{g: g, wanted: analyzers, forFacts: map[*analysis.Analyzer]bool{}, actions: map[*Package][]*Action{}}
	s.cond = sync.NewCond(&s.mu)
	s.order = analyzerutil.Required(analyzers)
	// On dependencies: the analyzers with facts, and what they require.
	var need func(a *analysis.Analyzer)
	need = func(a *analysis.Analyzer) {
		if !s.forFacts[a] {
			s.forFacts[a] = true
			for _, req := range a.Requires {
				need(req)
			}
		}
	}
	for _, a := range s.order {
		if len(a.FactTypes) > 0 {
			need(a)
		}
	}
	s.left = len(g.all)
	for _, n := range g.all {
		n.pending = len(n.deps)
		n.live = len(n.dependents)
		if n.pending == 0 {
			heap.Push(&s.ready, n)
		}
	}
	return s
}

// next waits for a package whose imports are done; nil when all are.
func (s *schedule) next() *Package {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.ready.Len() == 0 {
		if s.left == 0 {
			return nil
		}
		s.cond.Wait()
	}
	return heap.Pop(&s.ready).(*Package)
}

// done releases the packages that were waiting only for n.
func (s *schedule) done(n *Package) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.left--
	for _, d := range n.dependents {
		d.pending--
		if d.pending == 0 {
			heap.Push(&s.ready, d)
		}
	}
	if n.live == 0 {
		s.release(n)
	}
	s.cond.Broadcast()
}

// release lets go of a done package's types and facts once nothing that
// could refer to them is left to load: every package that imports it,
// directly or not, is done and released. A test's packages go first, then
// what only they imported, and so on down. The caller holds s.mu.
func (s *schedule) release(n *Package) {
	s.g.typesMu.Lock()
	delete(s.g.byTypes, n.types)
	s.g.typesMu.Unlock()
	n.types = nil
	n.facts = nil
	for _, d := range n.deps {
		d.live--
		if d.live == 0 {
			s.release(d) // done: it was loaded before n
		}
	}
}

// plan decides, when there is a cache or a Memo, what each package
// needs: a package found in either with all it imports is reused; one
// found in neither is analyzed; what an analyzed package imports, directly
// or not, is type-checked (or read from export data) for its types, and
// its facts come from the cache. Without either, every package is loaded
// and analyzed. plan then asks go list for the export data of the
// standard packages whose types are needed, and counts the parse cache's
// references. It returns why the cache could not be used, if it could not.
func (s *schedule) plan() error {
	g := s.g
	var cacheErr error
	if g.cfg.Cache != nil || g.cfg.Memo != nil {
		sl, err := salt(g.cfg, g.sizes, s.order)
		if err != nil {
			cacheErr = err
			g.cfg.Cache, g.cfg.Memo = nil, nil
		} else {
			g.computeKeys(sl)
		}
	}
	keyed := g.cfg.Cache != nil || g.cfg.Memo != nil
	for _, a := range s.order {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
	// The cache's entries, read and decoded on every CPU.
	entries := map[*Package]*entry{}
	if c := g.cfg.Cache; c != nil {
		var want []*Package
		for _, n := range g.all {
			if n.Source && n.PkgPath != "unsafe" && len(n.ListErrors) == 0 && !n.uncacheable {
				want = append(want, n)
			}
		}
		got := make([]*entry, len(want))
		var next atomic.Int64
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := int(next.Add(1)) - 1; i < len(want); i = int(next.Add(1)) - 1 {
					got[i] = c.get(want[i].key)
				}
			}()
		}
		wg.Wait()
		for i, n := range want {
			if got[i] != nil {
				entries[n] = got[i]
			}
		}
	}
	// In dependency order: a Memo entry is used only with its imports',
	// whose types it refers to.
	depsFirst(g.all, func(n *Package) {
		if !keyed || n.PkgPath == "unsafe" || len(n.ListErrors) > 0 || n.uncacheable {
			return
		}
		if m := g.cfg.Memo; m != nil {
			all := true
			for _, d := range n.deps {
				all = all && (d.memo != nil || d.PkgPath == "unsafe")
			}
			wanted := 0
			if n.Root {
				wanted = len(s.wanted)
			}
			if e := m.get(n.key, all, wanted); e != nil {
				n.memo = e
				return
			}
		}
		if g.cfg.Cache != nil && n.Source {
			if e := entries[n]; e != nil {
				if n.Root {
					acts, err := g.decodeActions(n, e, s.wanted)
					if err != nil {
						return
					}
					n.actions = acts
				}
				n.entry = e
			}
		}
	})
	// What must be loaded: the packages analyzed, and what they import.
	var need func(n *Package)
	need = func(n *Package) {
		if n.needTypes || n.memo != nil {
			return
		}
		n.needTypes = true
		for _, d := range n.deps {
			need(d)
		}
	}
	for _, n := range g.all {
		if !keyed || (n.Source && n.memo == nil && n.entry == nil) {
			need(n)
		}
	}
	for _, r := range g.Roots {
		if r.memo != nil {
			continue // its imports are in the Memo too
		}
		for _, d := range r.deps {
			switch {
			case g.cfg.LoadImports:
				need(d)
			case keyed && d.memo == nil && !d.needTypes && d.PkgPath != "unsafe":
				s.unprepared = true
			}
		}
	}
	var exported []*Package
	for _, n := range g.exported {
		if n.needTypes {
			exported = append(exported, n)
		}
	}
	// A standard package reused from the cache keeps no types there
	// (remember): they come from the go command's export data, as for
	// every standard package not analyzed.
	var cachedStd []*Package
	for _, n := range g.all {
		if n.Source && n.needTypes && n.entry != nil && len(n.entry.Types) == 0 && standard(n.meta) {
			cachedStd = append(cachedStd, n)
		}
	}
	exportFiles(g.cfg, g.Roots, append(exported, cachedStd...))
	for _, n := range exported {
		if n.exportFile == "" {
			n.Source = true // no export data: type-check it like the rest
		}
	}
	for _, n := range g.all {
		if n.Source && n.needTypes && n.exportFile == "" && (n.entry == nil || len(n.entry.Types) == 0) {
			for _, f := range n.meta.CompiledGoFiles {
				g.file(f).refs++
			}
		}
	}
	return cacheErr
}

// process loads one package and, if it is from source, analyzes it.
func (s *schedule) process(n *Package) {
	defer func() {
		if r := recover(); r != nil {
			// A bug in exitlint or go/types must cost this package, not the run.
			n.errors = append(n.errors, PackageError{Kind: InternalError, Msg: fmt.Sprintf("internal error while loading %s: %v\n%s", n.ID, r, debug.Stack())})
		}
	}()
	if ctx := s.g.cfg.Context; ctx != nil && ctx.Err() != nil {
		if len(n.ListErrors) == 0 {
			n.errors = append(n.errors, PackageError{Kind: NotLoaded, Msg: fmt.Sprintf("%s was not loaded: %v", n.ID, context.Cause(ctx))})
		}
		return
	}
	if n.PkgPath == "unsafe" {
		if n.Root { // the checks run on it as on any requested package
			s.analyze(n, nil, newInfo())
		}
		return
	}
	if len(n.ListErrors) > 0 {
		return
	}
	for _, d := range n.deps {
		if len(d.Errors()) > 0 {
			n.errors = []PackageError{{Kind: DependencyError, Msg: "a package it imports does not load: " + d.ID, Import: d}}
			return
		}
	}
	if e := n.memo; e != nil {
		s.g.setTypes(n, e.types)
		n.facts = e.facts
		if n.Root {
			var acts []*Action
			for _, a := range e.actions {
				c := *a
				c.Package = n
				acts = append(acts, &c)
			}
			s.setActions(n, acts)
		}
		return
	}
	if !n.needTypes {
		// Reused from the cache, and nothing analyzed imports it.
		if n.Root {
			s.setActions(n, n.actions)
		}
		return
	}
	if e := n.entry; e != nil && (len(e.Types) > 0 || n.exportFile != "") {
		// Reused from the cache, and imported by a package analyzed:
		// its types from what the cache kept (or, for a standard
		// package, the go command's export data), its facts decoded on
		// them.
		var err error
		if len(e.Types) > 0 {
			err = s.readTypes(n, e.Types)
		} else {
			err = s.readExport(n)
		}
		if err == nil && n.decodeFacts(e) == nil {
			n.cachedTypes = len(e.Types) > 0
			n.exportTypes = !n.cachedTypes
			if n.Root {
				s.setActions(n, n.actions)
			}
			s.remember(n, n.actions)
			return
		}
		// Type-check it from source instead, and decode the facts on
		// what that gives.
		e.Types, n.exportFile = nil, ""
		n.facts = &facts{}
		s.g.setTypes(n, types.NewPackage(n.PkgPath, n.meta.Name))
		for _, f := range n.meta.CompiledGoFiles {
			s.g.acquire(f)
		}
	}
	if !n.Source {
		if err := s.readExport(n); err == nil {
			s.remember(n, nil)
			return
		}
		// Unreadable export data (a go command newer than exitlint, say):
		// type-check the package from source instead.
		n.Source = true
		s.g.setTypes(n, types.NewPackage(n.PkgPath, n.meta.Name))
		for _, f := range n.meta.CompiledGoFiles {
			s.g.acquire(f)
		}
	}
	files, info := s.check(n)
	if n.writable() {
		s.g.sumGenerated(n)
	}
	if len(n.errors) == 0 {
		if e := n.entry; e != nil && n.decodeFacts(e) == nil {
			if n.Root {
				s.setActions(n, n.actions)
			}
			if s.remember(n, n.actions) {
				s.keepTypes(n, e)
			}
		} else {
			n.entry, n.actions = nil, nil
			n.facts = &facts{}
			s.analyze(n, files, info)
		}
	}
	for _, f := range n.meta.CompiledGoFiles {
		s.g.release(f)
	}
}

// setActions records a requested package's actions.
func (s *schedule) setActions(n *Package, acts []*Action) {
	s.mu.Lock()
	s.actions[n] = acts
	s.mu.Unlock()
}

// remember keeps a package that loaded, and its results, in the Memo, and
// writes a package it analyzed to the cache, unless one of its files
// changed while the run read it. It reports whether it kept the package.
func (s *schedule) remember(n *Package, actions []*Action) bool {
	g := s.g
	if g.cfg.Memo == nil && g.cfg.Cache == nil {
		return false
	}
	if n.uncacheable || len(n.errors) > 0 || (g.cfg.Context != nil && g.cfg.Context.Err() != nil) {
		return false
	}
	for _, f := range n.keyFiles() {
		if g.fileChanged(f) {
			return false
		}
	}
	if m := g.cfg.Memo; m != nil {
		m.put(n.key, &memoEntry{types: n.types, facts: n.facts, actions: actions})
	}
	if c := g.cfg.Cache; c != nil && n.analyzed {
		// The entry holds no types: most runs never read them, and their
		// export data was most of what a cold run wrote (keepTypes).
		if e, err := g.encodeEntry(n, actions); err == nil {
			c.put(e)
		}
	}
	return true
}

// keepTypes adds n's types to its cache entry, e, when this run had to
// type-check n from source because a package that imports it was
// analyzed: the next run that analyzes that package again reads them
// instead. It is done only when a run first needs them, not when n is
// analyzed, because the export data of every dependency would double the
// cost of writing the cache and most runs never read it. Only the
// packages a requested package imports keep their types (one that only
// other dependencies import is type-checked from source when needed: its
// importers change only when their own files do), and no standard one,
// whose types the go command's export data gives.
func (s *schedule) keepTypes(n *Package, e *entry) {
	g := s.g
	c := g.cfg.Cache
	if c == nil || len(e.Types) > 0 || standard(n.meta) || !slices.ContainsFunc(n.dependents, func(d *Package) bool { return d.Root }) {
		return
	}
	var buf bytes.Buffer
	if gcexportdata.Write(&buf, g.Fset, n.types) != nil {
		return
	}
	e.Types = buf.Bytes()
	c.put(e)
	s.mu.Lock()
	s.keptTypes++
	s.mu.Unlock()
}

// readExport reads n's types from its export data.
func (s *schedule) readExport(n *Package) error {
	data, err := os.ReadFile(n.exportFile)
	if err != nil {
		return err
	}
	return s.readTypes(n, data)
}

// readTypes reads n's types from export data: the go command's, or what
// the cache kept.
func (s *schedule) readTypes(n *Package, data []byte) error {
	s.exportMu.Lock()
	defer s.exportMu.Unlock()
	var r io.Reader = bytes.NewReader(data)
	if bytes.HasPrefix(data, []byte("!<arch>\n")) {
		// Up to Go 1.27, go list -export names the compiler's archive;
		// from Go 1.28 on, a file gcexportdata.Read takes as it is.
		var err error
		//lint:ignore SA1019 archives are what the go command of Go 1.27 and earlier lists
		r, err = gcexportdata.NewReader(r)
		if err != nil {
			return err
		}
	}
	// Export data names packages by path. The view maps each path in n's
	// dependency closure to that closure's package (a test variant, where
	// there is one), so no types.Package is created twice.
	view := map[string]*types.Package{}
	closure(n, func(p *Package) { view[p.PkgPath] = p.types })
	tp, err := gcexportdata.Read(r, s.g.Fset, view, n.PkgPath)
	if err != nil {
		return err
	}
	if tp != n.types {
		return fmt.Errorf("export data of %s made a second package", n.ID)
	}
	return nil
}

// check parses and type-checks a package from source.
func (s *schedule) check(n *Package) ([]*ast.File, *types.Info) {
	var files []*ast.File
	for _, name := range n.meta.CompiledGoFiles {
		f, err := s.g.parse(name, n.writable())
		if f != nil {
			files = append(files, f)
		}
		if err != nil {
			n.errors = append(n.errors, parseErrors(name, err)...)
		}
	}
	info := newInfo()
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if d := n.imports[path]; d != nil {
				return d.types, nil
			}
			return nil, fmt.Errorf("go list did not list the import %q of %s", path, n.ID)
		}),
		Sizes: s.g.sizes,
		Error: func(err error) {
			n.errors = append(n.errors, typeError(err))
		},
	}
	if m := n.meta.Module; m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	err := types.NewChecker(conf, s.g.Fset, n.types, info).Files(files)
	if err != nil && len(n.errors) == 0 {
		n.errors = append(n.errors, typeError(err))
	}
	return files, info
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// analyze runs the analyzers n needs, requirements first.
func (s *schedule) analyze(n *Package, files []*ast.File, info *types.Info) {
	results := map[*analysis.Analyzer]any{}
	failed := map[*analysis.Analyzer]error{}
	acts := map[*analysis.Analyzer]*Action{}
	module := &analysis.Module{}
	if m := n.meta.Module; m != nil {
		module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	// runOne runs a once its requirements have run; the strict mode runs
	// independent analyzers at once, so it guards the maps.
	var mu sync.Mutex
	runOne := func(a *analysis.Analyzer) {
		act := &Action{Analyzer: a, Package: n}
		mu.Lock()
		acts[a] = act
		var bad []string
		inputs := map[*analysis.Analyzer]any{}
		for _, req := range a.Requires {
			if failed[req] != nil {
				bad = append(bad, req.Name)
			}
			inputs[req] = results[req]
		}
		mu.Unlock()
		if bad != nil {
			mu.Lock()
			act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(bad, ", "))
			failed[a] = act.Err
			mu.Unlock()
			return
		}
		pass, finish := s.pass(n, a, act, files, info, module, inputs)
		res, err := run(a, pass)
		finish()
		if err == nil && reflect.TypeOf(res) != a.ResultType {
			err = fmt.Errorf("internal error: %s returned a %T on %s, not its declared %v", a.Name, res, n.ID, a.ResultType)
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			act.Err = err
			failed[a] = err
			return
		}
		results[a] = res
	}
	var needed []*analysis.Analyzer
	for _, a := range s.order {
		if n.Root || s.forFacts[a] {
			needed = append(needed, a)
		}
	}
	if s.g.strict {
		runConcurrently(needed, runOne)
	} else {
		for _, a := range needed {
			runOne(a)
		}
	}
	n.analyzed = true
	var out []*Action
	if n.Root {
		for _, a := range s.wanted {
			out = append(out, acts[a])
		}
		s.setActions(n, out)
	}
	if n.PkgPath != "unsafe" {
		s.remember(n, out)
	}
}

// runConcurrently runs each analyzer as soon as its requirements have run,
// independent ones at the same time. needed is in dependency order and
// holds every requirement of each of its analyzers.
func runConcurrently(needed []*analysis.Analyzer, runOne func(*analysis.Analyzer)) {
	done := map[*analysis.Analyzer]chan struct{}{}
	for _, a := range needed {
		done[a] = make(chan struct{})
	}
	var wg sync.WaitGroup
	for _, a := range needed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[a])
			for _, req := range a.Requires {
				<-done[req]
			}
			runOne(a)
		}()
	}
	wg.Wait()
}

// run runs one analyzer, turning a panic into an error.
func run(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %s panicked on %s: %v\n%s", a.Name, pass.Pkg.Path(), r, debug.Stack())
		}
	}()
	return a.Run(pass)
}

// finish is to be called when the pass's Run has returned: in the strict
// mode, the pass's fact and report functions panic from then on.
func (s *schedule) pass(n *Package, a *analysis.Analyzer, act *Action, files []*ast.File, info *types.Info, module *analysis.Module, inputs map[*analysis.Analyzer]any) (_ *analysis.Pass, finish func()) {
	declared := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		declared[reflect.TypeOf(f)] = true
	}
	factType := func(f analysis.Fact) reflect.Type {
		t := reflect.TypeOf(f)
		if !declared[t] {
			panic(fmt.Sprintf("analyzer %s uses fact type %v, which it does not declare", a.Name, t))
		}
		return t
	}
	meta := n.meta
	allowed := map[string]bool{}
	for _, list := range [][]string{meta.GoFiles, meta.CompiledGoFiles, meta.OtherFiles, meta.IgnoredFiles} {
		for _, f := range list {
			allowed[f] = true
		}
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         s.g.Fset,
		Files:        files,
		OtherFiles:   meta.OtherFiles,
		IgnoredFiles: meta.IgnoredFiles,
		Pkg:          n.types,
		TypesInfo:    info,
		TypesSizes:   s.g.sizes,
		Module:       module,
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			if d.URL == "" {
				d.URL = a.URL
			}
			act.Diagnostics = append(act.Diagnostics, d)
		},
		ReadFile: func(name string) ([]byte, error) {
			if !allowed[name] {
				return nil, fmt.Errorf("%s may read only its package's files, not %s", a.Name, name)
			}
			if src, ok := s.g.overlay[name]; ok {
				return bytes.Clone(src), nil
			}
			return os.ReadFile(name)
		},
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("ImportObjectFact of a nil object")
			}
			owner := s.g.owner(obj.Pkg())
			return owner != nil && owner.facts.object(obj, factType(ptr), ptr)
		},
		ImportPackageFact: func(pkg *types.Package, ptr analysis.Fact) bool {
			owner := s.g.owner(pkg)
			return owner != nil && owner.facts.packageFact(factType(ptr), ptr)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != n.types {
				panic(fmt.Sprintf("%s exported a fact on %s, which belongs to another package than %s", a.Name, obj, n.ID))
			}
			n.facts.setObject(obj, factType(fact), fact)
		},
		ExportPackageFact: func(fact analysis.Fact) {
			n.facts.setPkg(factType(fact), fact)
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			closure(n, func(p *Package) { out = p.facts.allObjects(declared, out) })
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var out []analysis.PackageFact
			closure(n, func(p *Package) { out = p.facts.allPkg(p.types, declared, out) })
			return out
		},
	}
	if !s.g.strict {
		return pass, func() {}
	}
	// What nogo's pass leaves unset.
	pass.Module, pass.ReadFile, pass.OtherFiles = nil, nil, nil
	return enforce(pass)
}

// enforce wraps the pass's fact and report functions so that they panic
// when called after the pass is complete, as the analysis API says they
// may; finish marks it complete.
func enforce(pass *analysis.Pass) (_ *analysis.Pass, finish func()) {
	var complete atomic.Bool
	check := func(what string) {
		if complete.Load() {
			panic(fmt.Sprintf("%s called after the %s pass on %s is complete", what, pass.Analyzer.Name, pass.Pkg.Path()))
		}
	}
	p := *pass
	p.Report = func(d analysis.Diagnostic) { check("Report"); pass.Report(d) }
	p.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
		check("ImportObjectFact")
		return pass.ImportObjectFact(obj, f)
	}
	p.ImportPackageFact = func(pkg *types.Package, f analysis.Fact) bool {
		check("ImportPackageFact")
		return pass.ImportPackageFact(pkg, f)
	}
	p.ExportObjectFact = func(obj types.Object, f analysis.Fact) { check("ExportObjectFact"); pass.ExportObjectFact(obj, f) }
	p.ExportPackageFact = func(f analysis.Fact) { check("ExportPackageFact"); pass.ExportPackageFact(f) }
	p.AllObjectFacts = func() []analysis.ObjectFact { check("AllObjectFacts"); return pass.AllObjectFacts() }
	p.AllPackageFacts = func() []analysis.PackageFact { check("AllPackageFacts"); return pass.AllPackageFacts() }
	return &p, func() { complete.Store(true) }
}

// owner finds the package of the graph that pkg is the types of.
func (g *Graph) owner(pkg *types.Package) *Package {
	g.typesMu.RLock()
	defer g.typesMu.RUnlock()
	return g.byTypes[pkg]
}

// setTypes gives n a new types.Package.
func (g *Graph) setTypes(n *Package, pkg *types.Package) {
	g.typesMu.Lock()
	defer g.typesMu.Unlock()
	delete(g.byTypes, n.types)
	n.types = pkg
	g.byTypes[pkg] = n
}

// closure calls f on n and each package it depends on, directly or not.
func closure(n *Package, f func(*Package)) {
	seen := map[*Package]bool{n: true}
	var visit func(p *Package)
	visit = func(p *Package) {
		f(p)
		for _, d := range p.deps {
			if !seen[d] {
				seen[d] = true
				visit(d)
			}
		}
	}
	visit(n)
}

// parsed is one file of the parse cache. A package and its test variant
// share their files; an entry is dropped when the last package that lists
// it is done.
type parsed struct {
	refs int // packages from source that list the file and are not done
	once sync.Once
	file *ast.File
	err  error
}

// file returns the cache entry of a file; the caller holds filesMu.
func (g *Graph) file(name string) *parsed {
	p := g.files[name]
	if p == nil {
		p = &parsed{}
		g.files[name] = p
	}
	return p
}

func (g *Graph) acquire(name string) {
	g.filesMu.Lock()
	g.file(name).refs++
	g.filesMu.Unlock()
}

func (g *Graph) release(name string) {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	if p := g.files[name]; p != nil {
		p.refs--
		if p.refs <= 0 {
			delete(g.files, name)
		}
	}
}

// parse parses a file once, and records its content's sum when sum is
// set.
func (g *Graph) parse(name string, sum bool) (*ast.File, error) {
	g.filesMu.Lock()
	p := g.file(name)
	g.filesMu.Unlock()
	p.once.Do(func() {
		src, err := g.readFile(name)
		if err != nil {
			p.err = err
			return
		}
		if sum || g.keyed(name) {
			s := sha256.Sum256(src)
			if sum {
				g.sum(name, s)
			}
			g.verify(name, s)
		}
		p.file, p.err = parser.ParseFile(g.Fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	})
	return p.file, p.err
}

// writable reports whether the package belongs to a main module, the
// only packages whose files a writer (exitlint -fix) may change: their
// files' sums are recorded.
func (p *Package) writable() bool {
	return p.meta.Module != nil && p.meta.Module.Main
}

// sum records the content of a file as it was read for the analysis.
func (g *Graph) sum(name string, sum [sha256.Size]byte) {
	g.filesMu.Lock()
	g.sums[name] = sum
	g.filesMu.Unlock()
}

// sumGenerated records the content of the source files the go command
// rewrote into the files the package is compiled from (cmd/cgo's input):
// the analysis saw them through the rewrite.
func (g *Graph) sumGenerated(n *Package) {
	compiled := map[string]bool{}
	for _, f := range n.meta.CompiledGoFiles {
		compiled[f] = true
	}
	for _, f := range n.meta.GoFiles {
		if compiled[f] {
			continue
		}
		if src, err := g.readFile(f); err == nil {
			s := sha256.Sum256(src)
			g.sum(f, s)
			g.verify(f, s)
		}
	}
}

// readyHeap orders ready packages by height, highest first, then by ID so
// a run is reproducible.
type readyHeap []*Package

func (h readyHeap) Len() int { return len(h) }
func (h readyHeap) Less(i, j int) bool {
	if h[i].height != h[j].height {
		return h[i].height > h[j].height
	}
	return h[i].ID < h[j].ID
}
func (h readyHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *readyHeap) Push(x any)   { *h = append(*h, x.(*Package)) }
func (h *readyHeap) Pop() any {
	old := *h
	n := old[len(old)-1]
	*h = old[:len(old)-1]
	return n
}

// readFile reads a file, or its overlay.
func (g *Graph) readFile(name string) ([]byte, error) {
	if src, ok := g.overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}

// keyed reports whether a key hashed the file's content.
func (g *Graph) keyed(name string) bool {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	_, ok := g.keySums[name]
	return ok
}

// verify notes a file whose content, as read to be parsed, is not what
// its package's key hashed: what the package's analysis finds then is not
// what its key names.
func (g *Graph) verify(name string, sum [sha256.Size]byte) {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	if want, ok := g.keySums[name]; ok && want != sum {
		g.changed[name] = true
	}
}

func (g *Graph) fileChanged(name string) bool {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	return g.changed[name]
}
