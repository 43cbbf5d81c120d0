package driver

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
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
// say why in their Errors. Run may be called once per Graph.
func (g *Graph) Run(analyzers []*analysis.Analyzer) *Result {
	s := newSchedule(g, analyzers)
	cacheErr := s.plan()
	s.work()
	return s.result(cacheErr)
}

// work processes the packages on as many workers as there are CPUs, each
// taking the next package whose imports are done.
func (s *schedule) work() {
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
}

// onEveryCPU calls f with each index below n, on as many goroutines as
// there are CPUs: for work on files and cache entries that needs no order.
func onEveryCPU(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// result is what the run did, once every package is done.
func (s *schedule) result(cacheErr error) *Result {
	g := s.g
	res := &Result{CacheErr: cacheErr}
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
