package driver

import (
	"bytes"
	"encoding/gob"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
)

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
	cacheErr := g.keyPackages(s.order)
	registerFactTypes(s.order)
	entries := g.readEntries()
	// In dependency order: a Memo entry is used only with its imports',
	// whose types it refers to.
	depsFirst(g.all, func(n *Package) {
		if g.mayReuse(n) && !s.reuseFromMemo(n) {
			s.reuseFromCache(n, entries[n])
		}
	})
	s.markNeeded()
	g.askExportData()
	g.countParses()
	return cacheErr
}

// reusing reports whether the run may reuse what a cache or a Memo holds,
// or write what it finds to them.
func (g *Graph) reusing() bool {
	return g.cfg.Cache != nil || g.cfg.Memo != nil
}

// mayReuse reports whether n may come from the cache or the Memo: its key
// names its results only when go list listed it and its files could be
// read (unsafe, whose types are built in, is never kept).
func (g *Graph) mayReuse(n *Package) bool {
	return g.reusing() && !g.cfg.Fresh && n.PkgPath != "unsafe" && len(n.ListErrors) == 0 && !n.uncacheable
}

// keyPackages gives every package its key, when there is a cache or a
// Memo to look keys up in. A key that cannot be computed (exitlint's own
// executable unreadable) could name stale results: the run then uses
// neither, and returns why.
func (g *Graph) keyPackages(order []*analysis.Analyzer) error {
	if !g.reusing() {
		return nil
	}
	sl, err := salt(g.cfg, g.sizes, order)
	if err != nil {
		g.cfg.Cache, g.cfg.Memo = nil, nil
		return err
	}
	g.computeKeys(sl)
	return nil
}

// registerFactTypes lets gob encode and decode the analyzers' facts, as
// cache entries hold them.
func registerFactTypes(order []*analysis.Analyzer) {
	for _, a := range order {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
}

// readEntries reads and decodes the cache's entries of the packages that
// may have one, on every CPU: most of a warm run is spent here.
func (g *Graph) readEntries() map[*Package]*entry {
	entries := map[*Package]*entry{}
	c := g.cfg.Cache
	if c == nil {
		return entries
	}
	var want []*Package
	for _, n := range g.all {
		if n.Source && g.mayReuse(n) {
			want = append(want, n)
		}
	}
	got := make([]*entry, len(want))
	onEveryCPU(len(want), func(i int) { got[i] = c.get(want[i].key) })
	for i, n := range want {
		if got[i] != nil {
			entries[n] = got[i]
		}
	}
	return entries
}

// reuseFromMemo decides whether n is taken whole from the Memo: its key
// is there, every import of n was taken from it too (n's types refer to
// theirs), and for a requested package the entry holds the findings of
// every analyzer asked for.
func (s *schedule) reuseFromMemo(n *Package) bool {
	m := s.g.cfg.Memo
	if m == nil {
		return false
	}
	all := true
	for _, d := range n.deps {
		all = all && (d.memo != nil || d.PkgPath == "unsafe")
	}
	wanted := 0
	if n.Root {
		wanted = len(s.wanted)
	}
	n.memo = m.get(n.key, all, wanted)
	return n.memo != nil
}

// reuseFromCache decides whether n's facts, and for a requested package
// its findings, come from its cache entry e: a requested package's
// findings must decode on this run's file set, or it is analyzed again.
func (s *schedule) reuseFromCache(n *Package, e *entry) {
	if s.g.cfg.Cache == nil || !n.Source || e == nil {
		return
	}
	if n.Root {
		acts, err := s.g.decodeActions(n, e, s.wanted)
		if err != nil {
			return
		}
		n.actions = acts
	}
	n.entry = e
}

// markNeeded marks what must be loaded: every package analyzed, and what
// it imports, directly or not, for its types. With LoadImports, what the
// requested packages import is loaded even when they are reused;
// otherwise the run says it left that undone (Result.Unprepared).
func (s *schedule) markNeeded() {
	g := s.g
	for _, n := range g.all {
		if !g.reusing() || g.cfg.Fresh || (n.Source && n.memo == nil && n.entry == nil) {
			needTypes(n)
		}
	}
	for _, r := range g.Roots {
		if r.memo != nil {
			continue // its imports are in the Memo too
		}
		for _, d := range r.deps {
			switch {
			case g.cfg.LoadImports:
				needTypes(d)
			case g.reusing() && d.memo == nil && !d.needTypes && d.PkgPath != "unsafe":
				s.unprepared = true
			}
		}
	}
}

// needTypes marks n and what it imports as needing their types, down to
// the packages the Memo gives whole, types included.
func needTypes(n *Package) {
	if n.needTypes || n.memo != nil {
		return
	}
	n.needTypes = true
	for _, d := range n.deps {
		needTypes(d)
	}
}

// askExportData asks go list for the export data of the standard packages
// whose types are needed: those not read from source, and those reused
// from the cache, which keeps no types for a standard package (keepTypes).
// A package go list has none for is type-checked from source.
func (g *Graph) askExportData() {
	var exported []*Package
	for _, n := range g.exported {
		if n.needTypes {
			exported = append(exported, n)
		}
	}
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
}

// countParses counts, for each file, the packages that will parse it, so
// that the parse cache drops the file when the last of them is done.
func (g *Graph) countParses() {
	for _, n := range g.all {
		if n.Source && n.needTypes && n.exportFile == "" && (n.entry == nil || len(n.entry.Types) == 0) {
			for _, f := range n.meta.CompiledGoFiles {
				g.file(f).refs++
			}
		}
	}
}

// remember keeps a package that loaded, and its results, in the Memo, and
// writes a package it analyzed to the cache, unless one of its files
// changed while the run read it. It reports whether it kept the package.
func (s *schedule) remember(n *Package, actions []*Action) bool {
	g := s.g
	if !g.reusing() {
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
