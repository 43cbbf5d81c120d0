// Package driver is exitlint's standalone analysis driver: it loads the
// packages that patterns name and runs analyzers on them in dependency
// order, in one process.
//
// What it loads from where:
//
//   - The requested packages, and every dependency outside the standard
//     library, are parsed and type-checked from source: the checks need
//     their syntax, and their facts flow to the packages that import them.
//   - The rest of the standard library is read from the export data the
//     go command keeps in its build cache. exitlint's passes export no facts
//     for standard packages (analyzerutil.InStd): what they do is known by
//     name, so their syntax would be parsed for nothing.
//   - A package's syntax trees and type information are dropped as soon as
//     the analyzers are done with it; its types and facts stay for the
//     packages that import it.
//
// Facts live with the package that exported them and are looked up there,
// never copied from package to package.
package driver

import (
	"context"
	"crypto/sha256"
	"go/token"
	"go/types"
	"maps"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Config says how to load.
type Config struct {
	Tests bool     // include test packages and test variants
	Dir   string   // directory the go command runs in ("" for the current one)
	Env   []string // the go command's environment (nil for this process's)
	// Tags are build tags to consider satisfied, comma-separated, as for
	// go build -tags and go vet -tags.
	Tags string
	// Strict holds the analyzers to the analysis API as it is written, for
	// tests: a pass's fact and report functions panic once its Run has
	// returned, and the analyzers of a package that do not require one
	// another run at the same time, so that a result is read from several
	// goroutines at once. The pass leaves Module, ReadFile and OtherFiles
	// unset, as Bazel's nogo does. Findings do not change; only a broken
	// analyzer fails.
	Strict bool

	// Cache, when set, is the persistent cache: a package whose key
	// (key.go) it holds is neither type-checked nor analyzed unless a
	// package that imports it must be, and then only type-checked.
	Cache *Cache
	// Memo, when set, keeps types, facts and findings in memory from one
	// run to the next (the language server).
	Memo *Memo
	// Fresh reads nothing from the cache or the Memo: every package is
	// loaded and analyzed from its files, and the cache is written as
	// usual. exitlint -fix runs fresh, so that what it writes comes from
	// the files it writes, never from an entry of a cache others may
	// write.
	Fresh bool
	// KeepTypes keeps every package's types once the run is done, for
	// Recheck; without it they go as soon as nothing left to load needs
	// them.
	KeepTypes bool
	// LoadImports asks for the types and facts of what the requested
	// packages import even when the requested packages' results come
	// from the cache: with a Memo, it prepares the next edit of one of
	// them (Result.Unprepared says when a run left that undone).
	LoadImports bool
	// Salt is what else the caller knows determines the analysis, for
	// the keys; the analyzers' flags, the tags and the environment are
	// in them already.
	Salt string
	// Progress, when set, is called as packages are done, with how many
	// are and how many the run has (type-checked, read from export data or
	// reused), from the worker that finished one: it must be quick and
	// safe to call from several goroutines.
	Progress func(done, total int)
	// PackageSalt, when set, is what else determines the analysis of
	// the package in dir (dependency: of another module at a version),
	// for its key: the settings its config file gives it.
	PackageSalt func(dir string, dependency bool) string
	// Overlay replaces the content of files, by absolute path: an
	// editor's unsaved buffers. The go command sees them too.
	Overlay map[string][]byte
	// Context, when set, stops the run when it is done: go list, and
	// the packages not yet loaded, which are reported as not loaded.
	Context context.Context
}

// Graph is what Load found: the requested packages and their dependencies.
type Graph struct {
	Roots []*Package // in go list's order
	Fset  *token.FileSet
	// Unmatched are the patterns that named no package to analyze, when
	// there were several patterns and some did; a single pattern that
	// names nothing leaves Roots with errors only, or empty.
	Unmatched []Unmatched

	all    []*Package
	sizes  types.Sizes
	strict bool

	cfg      Config
	exported []*Package // standard packages to read from export data, if their types are needed
	overlay  map[string][]byte
	restored map[string]*token.File // files added to Fset for cached positions
	changed  map[string]bool        // files whose content differs from what their key hashed
	keySums  map[string][sha256.Size]byte

	filesMu sync.Mutex
	files   map[string]*parsed // the parse cache, shared by a package and its test variant
	sums    map[string][sha256.Size]byte

	typesMu sync.RWMutex
	byTypes map[*types.Package]*Package
}

// Packages returns every package of the graph, the requested ones and
// their dependencies.
func (g *Graph) Packages() []*Package { return g.all }

// metaMode is what the first go list call asks for: the import graph and
// the files, no types and nothing compiled.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes

// exportMode asks go list for export data (the build cache's, compiled if
// it is missing there).
const exportMode = packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps

// Load lists the packages that patterns name, with their dependencies, and
// decides for each whether it is type-checked from source or read from
// export data. It returns the go command's own failure as an error, a
// *GoCommandError, or a *ToolchainError when the module asks for a Go
// toolchain that would have to be downloaded; errors of single packages
// are in their ListErrors.
//
// The go command runs with cfg.Env, with two changes: the toolchain is
// pinned to the one the go command selects without downloading anything
// (see ToolchainEnv), and cfg.Tags become its -tags flag.
func Load(cfg Config, patterns ...string) (*Graph, error) {
	// A Memo may hold go list's answer to the same question, still true
	// of the files (listing.go): an edit below the imports.
	var lkey string
	var reused *listing
	if cfg.Memo != nil {
		lkey = listingKey(cfg, patterns)
		if l := cfg.Memo.listing(lkey); l != nil {
			if fp, ok := listingFingerprint(cfg.Memo, l.roots, cfg.Overlay); ok && fp == l.fingerprint {
				reused = l
			}
		}
	}
	var roots []*packages.Package
	var unmatched []Unmatched
	if reused != nil {
		cfg.Env, roots = reused.env, reused.roots
		cfg.Memo.keepListing(lkey, reused)
	} else {
		env, err := ToolchainEnv(cfg)
		if err != nil {
			return nil, err
		}
		cfg.Env = env
		roots, unmatched, err = list(cfg, patterns)
		if err != nil {
			return nil, err
		}
		if cfg.Memo != nil && len(unmatched) == 0 {
			if fp, ok := listingFingerprint(cfg.Memo, roots, cfg.Overlay); ok {
				cfg.Memo.keepListing(lkey, &listing{roots: roots, env: env, fingerprint: fp})
			}
		}
	}
	return newGraph(cfg, roots, unmatched), nil
}

// list asks go list for the packages, their files and their imports; with
// several patterns, also which patterns named none.
func list(cfg Config, patterns []string) ([]*packages.Package, []Unmatched, error) {
	env := cfg.Env
	// Which patterns named nothing: asked beside the main go list call,
	// and only when there are several patterns (one that names nothing
	// leaves nothing to analyze, which the caller sees).
	type answer struct {
		unmatched []Unmatched
		err       error
	}
	var found chan answer
	if len(patterns) > 1 {
		found = make(chan answer, 1)
		go func() {
			u, err := unmatchedPatterns(cfg, env, patterns)
			found <- answer{u, err}
		}()
	}
	roots, err := packages.Load(&packages.Config{Mode: metaMode, Tests: cfg.Tests, Dir: cfg.Dir, Env: env, BuildFlags: buildFlags(cfg), Overlay: cfg.Overlay, Context: cfg.Context}, patterns...)
	var unmatched []Unmatched
	if found != nil {
		a := <-found
		if err == nil && a.err != nil {
			err = a.err
		}
		unmatched = a.unmatched
	}
	if err != nil {
		return nil, nil, cleanLoadError(err)
	}
	return roots, unmatched, nil
}

// newGraph builds the graph of go list's answer.
func newGraph(cfg Config, roots []*packages.Package, unmatched []Unmatched) *Graph {
	g := &Graph{Fset: token.NewFileSet(), Unmatched: unmatched, files: map[string]*parsed{}, sums: map[string][sha256.Size]byte{}, byTypes: map[*types.Package]*Package{}, strict: cfg.Strict,
		cfg: cfg, overlay: cfg.Overlay, restored: map[string]*token.File{}, changed: map[string]bool{}, keySums: map[string][sha256.Size]byte{}}
	if cfg.Memo != nil {
		g.Fset = cfg.Memo.begin()
	}
	byID := map[string]*Package{}
	var node func(mp *packages.Package) *Package
	node = func(mp *packages.Package) *Package {
		if n, ok := byID[mp.ID]; ok {
			return n
		}
		n := &Package{ID: mp.ID, PkgPath: mp.PkgPath, meta: mp, imports: map[string]*Package{}, facts: &facts{}}
		for _, e := range mp.Errors {
			n.ListErrors = append(n.ListErrors, listError(e))
		}
		byID[mp.ID] = n
		g.all = append(g.all, n)
		paths := make([]string, 0, len(mp.Imports))
		for path := range mp.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		seen := map[*Package]bool{}
		for _, path := range paths {
			dep := node(mp.Imports[path])
			n.imports[path] = dep
			if !seen[dep] {
				seen[dep] = true
				n.deps = append(n.deps, dep)
				dep.dependents = append(dep.dependents, n)
			}
		}
		return n
	}
	for _, mp := range roots {
		n := node(mp)
		n.Root = true
		g.Roots = append(g.Roots, n)
		if g.sizes == nil && mp.TypesSizes != nil {
			g.sizes = mp.TypesSizes
		}
	}
	if g.sizes == nil {
		g.sizes = types.SizesFor("gc", runtime.GOARCH)
	}

	// Source for what the checks read and what carries facts; export data
	// for the rest of the standard library, where the build cache has it.
	var exported []*Package
	for _, n := range g.all {
		switch {
		case n.PkgPath == "unsafe":
		case n.Root || !standard(n.meta) || len(n.ListErrors) > 0:
			n.Source = true
		default:
			exported = append(exported, n)
		}
	}
	g.exported = exported
	for _, n := range g.all {
		n.types = types.NewPackage(n.PkgPath, n.meta.Name)
		if n.PkgPath == "unsafe" {
			n.types = types.Unsafe
		}
		g.byTypes[n.types] = n
	}
	heights(g.all)
	return g
}

// standard reports whether a package of go list's is part of the standard
// library, by the rule analyzerutil.InStd applies to a pass.
func standard(p *packages.Package) bool {
	files := p.CompiledGoFiles
	if len(files) == 0 {
		files = p.GoFiles
	}
	return len(files) > 0 && analyzerutil.StdFile(files[0])
}

// exportFiles asks go list for the export data of the standard packages
// that will not be type-checked from source. The standard library's test
// variants (a package recompiled for another's test) exist only when the
// requested packages are standard and tests are included; they are listed
// through those packages. If go list fails, the packages are type-checked
// from source instead: slower, never wrong.
func exportFiles(cfg Config, roots, exported []*Package) {
	if len(exported) == 0 {
		return
	}
	want := map[string]*Package{}
	for _, n := range exported {
		want[n.ID] = n
	}
	ask := func(tests bool, patterns []string) {
		if len(patterns) == 0 {
			return
		}
		pkgs, err := packages.Load(&packages.Config{Mode: exportMode, Tests: tests, Dir: cfg.Dir, Env: cfg.Env, BuildFlags: buildFlags(cfg)}, patterns...)
		if err != nil {
			return
		}
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if n := want[p.ID]; n != nil && len(p.Errors) == 0 {
				n.exportFile = p.ExportFile
				delete(want, p.ID)
			}
		})
	}
	if cfg.Tests {
		var stdRoots []string
		seen := map[string]bool{}
		for _, r := range roots {
			if standard(r.meta) && r.ID == r.PkgPath && !seen[r.PkgPath] {
				seen[r.PkgPath] = true
				stdRoots = append(stdRoots, r.PkgPath)
			}
		}
		variants := false
		for id := range want {
			variants = variants || strings.Contains(id, " [")
		}
		if variants {
			ask(true, stdRoots)
		}
	}
	var rest []string
	for id, n := range want {
		if id == n.PkgPath { // a test variant left over stays on source
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	ask(false, rest)
}

// depsFirst calls f on every package of all and of what they import, each
// once and after the packages it imports.
func depsFirst(all []*Package, f func(n *Package)) {
	done := map[*Package]bool{}
	var visit func(n *Package)
	visit = func(n *Package) {
		if done[n] {
			return
		}
		done[n] = true
		for _, d := range n.deps {
			visit(d)
		}
		f(n)
	}
	for _, n := range all {
		visit(n)
	}
}

// heights sets each package's longest path up to a package nothing in the
// graph imports: the scheduler starts the packages with the longest chain
// of dependents above them first.
func heights(all []*Package) {
	var visit func(n *Package) int
	done := map[*Package]bool{}
	visit = func(n *Package) int {
		if done[n] {
			return n.height
		}
		done[n] = true
		h := 0
		for _, d := range n.dependents {
			if dh := visit(d) + 1; dh > h {
				h = dh
			}
		}
		n.height = h
		return h
	}
	for _, n := range all {
		visit(n)
	}
}

// Sums returns the SHA-256 of the content of each file of a main module's
// packages as it was read for the analysis: the files parsed, and the
// source files cmd/cgo rewrote into them. A writer compares them with the
// files on disk to find a file that changed since.
func (g *Graph) Sums() map[string][sha256.Size]byte {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	return maps.Clone(g.sums)
}
