package driver

import (
	"container/heap"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

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
	if progress := s.g.cfg.Progress; progress != nil {
		progress(len(s.g.all)-s.left, len(s.g.all))
	}
	for _, d := range n.dependents {
		d.pending--
		if d.pending == 0 {
			heap.Push(&s.ready, d)
		}
	}
	if n.live == 0 && !s.g.cfg.KeepTypes {
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

// setActions records a requested package's actions.
func (s *schedule) setActions(n *Package, acts []*Action) {
	s.mu.Lock()
	s.actions[n] = acts
	s.mu.Unlock()
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
