package driver

import (
	"bytes"
	"encoding/gob"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

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
