package summary

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// The engine alone, on synthetic call graphs: a function's fact is the set
// of marks (bits) it reaches through calls, its own included. The reference
// answer is plain graph reachability, so whatever order Solve visits
// functions in, its fixed point must be that.

type bitsFact struct{ Marks uint64 }

func (*bitsFact) AFact() {}

// graph is a call graph: calls[i] are the callees of function i, own[i] its
// own marks.
type graph struct {
	funcs []*types.Func
	calls [][]int
	own   []uint64
}

func newGraph(n int) *graph {
	pkg := types.NewPackage("example.com/g", "g")
	g := &graph{calls: make([][]int, n), own: make([]uint64, n)}
	for i := range n {
		sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
		g.funcs = append(g.funcs, types.NewFunc(token.NoPos, pkg, fmt.Sprintf("f%d", i), sig))
	}
	return g
}

func randomGraph(r *rand.Rand, n int, p float64) *graph {
	g := newGraph(n)
	for i := range n {
		for j := range n {
			if r.Float64() < p {
				g.calls[i] = append(g.calls[i], j) // self-calls included
			}
		}
		if r.IntN(3) == 0 {
			g.own[i] = 1 << r.IntN(8)
		}
	}
	return g
}

// reach is the reference: the marks of every function reachable from i.
func (g *graph) reach(i int) uint64 {
	seen := make([]bool, len(g.funcs))
	var m uint64
	var visit func(i int)
	visit = func(i int) {
		if seen[i] {
			return
		}
		seen[i] = true
		m |= g.own[i]
		for _, j := range g.calls[i] {
			visit(j)
		}
	}
	visit(i)
	return m
}

func (g *graph) index(fn *types.Func) int { return slices.Index(g.funcs, fn) }

// order returns the graph's functions in the order perm gives.
func (g *graph) order(perm []int) []Func {
	out := make([]Func, len(perm))
	for k, i := range perm {
		out[k] = Func{Obj: g.funcs[i]}
	}
	return out
}

func newTable(pkg *types.Package) *Table[bitsFact, *bitsFact] {
	return &Table[bitsFact, *bitsFact]{pkg: pkg, local: map[*types.Func]*bitsFact{}, imported: map[*types.Func]*bitsFact{}}
}

// solved is one run of Solve and what the step saw of it.
type solved struct {
	t     *Table[bitsFact, *bitsFact]
	steps int
	// errs are breaches of the engine's contract the step saw.
	errs []string
}

// errSpin ends a run of Solve that goes on for far more rounds than a
// fixed point takes: an engine that does not stop.
var errSpin = errors.New("spins")

// solve runs Solve over g in the order perm with a step that only lets
// facts grow, and checks, from inside the step, that the engine keeps its
// side: each call is handed the fact the table holds for the function,
// which is the last fact the step returned as changed.
func solve(g *graph, perm []int) (s *solved) {
	s = &solved{t: newTable(g.funcs[0].Pkg())}
	n := len(g.funcs)
	defer func() {
		if r := recover(); r != nil {
			if r != errSpin {
				panic(r)
			}
			s.errs = append(s.errs, fmt.Sprintf("Solve made %d steps over %d functions and did not end", s.steps, n))
		}
	}()
	last := map[*types.Func]*bitsFact{}
	Solve(s.t, g.order(perm), func(fn Func, cur *bitsFact) (*bitsFact, bool) {
		s.steps++
		if s.steps > 4*(n+2)*n {
			panic(errSpin)
		}
		if cur != last[fn.Obj] {
			s.errs = append(s.errs, fmt.Sprintf("%s: step given %v, the table's last fact was %v", fn.Obj.Name(), cur, last[fn.Obj]))
		}
		i := g.index(fn.Obj)
		m := g.own[i]
		if cur != nil {
			m |= cur.Marks
		}
		for _, j := range g.calls[i] {
			if f := s.t.Local(g.funcs[j]); f != nil {
				m |= f.Marks
			}
		}
		if m == 0 || (cur != nil && m == cur.Marks) {
			// No change: offer an empty fact, which the engine must not
			// store (facts only grow).
			return &bitsFact{}, false
		}
		next := &bitsFact{Marks: m}
		last[fn.Obj] = next
		return next, true
	})
	return s
}

// check compares a run with the reference.
func (s *solved) check(t *testing.T, g *graph, what string) {
	t.Helper()
	for _, e := range s.errs {
		t.Errorf("%s: %s", what, e)
	}
	for i, fn := range g.funcs {
		want := g.reach(i)
		got := s.t.Local(fn)
		switch {
		case want == 0 && got != nil:
			t.Errorf("%s: %s has fact %b; it reaches no mark", what, fn.Name(), got.Marks)
		case want != 0 && (got == nil || got.Marks != want):
			t.Errorf("%s: %s has fact %v; want %b", what, fn.Name(), got, want)
		}
	}
}

// rounds is how many rounds over the functions a run took.
func (s *solved) rounds(g *graph) int { return s.steps / len(g.funcs) }

func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func reversed(n int) []int {
	p := identity(n)
	slices.Reverse(p)
	return p
}

// permutations yields every order of n functions (n small).
func permutations(n int, yield func([]int)) {
	p := identity(n)
	var gen func(k int)
	gen = func(k int) {
		if k == n {
			yield(slices.Clone(p))
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			gen(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	gen(0)
}

// TestSolveSelfRecursion: a function that calls itself gets its own mark,
// in two rounds (one that sets it, one that changes nothing).
func TestSolveSelfRecursion(t *testing.T) {
	g := newGraph(1)
	g.calls[0] = []int{0}
	g.own[0] = 1
	s := solve(g, identity(1))
	s.check(t, g, "self")
	if r := s.rounds(g); r != 2 {
		t.Errorf("self-recursion took %d rounds; want 2", r)
	}
}

// TestSolveMutualRecursion: in a cycle every function reaches every mark on
// the cycle, and what enters the cycle from outside reaches all of it.
func TestSolveMutualRecursion(t *testing.T) {
	// 0 ⇄ 1, and 1 → 2 → 3 → 1; 4 → 0; 3 calls 5, which marks.
	g := newGraph(6)
	g.calls[0] = []int{1}
	g.calls[1] = []int{0, 2}
	g.calls[2] = []int{3}
	g.calls[3] = []int{1, 5}
	g.calls[4] = []int{0}
	g.own[0], g.own[2], g.own[5] = 1, 2, 4
	permutations(len(g.funcs), func(p []int) {
		solve(g, p).check(t, g, fmt.Sprint("order ", p))
	})
	if got := g.reach(4); got != 7 {
		t.Fatalf("reference: f4 reaches %b; want 111", got)
	}
}

// TestSolveNoMarkNoFact: a cycle that reaches no mark leaves its functions
// without facts, however often the rounds visit it.
func TestSolveNoMarkNoFact(t *testing.T) {
	g := newGraph(3)
	g.calls[0], g.calls[1], g.calls[2] = []int{1}, []int{2}, []int{0}
	s := solve(g, identity(3))
	s.check(t, g, "cycle")
	if s.t.HasLocal() {
		t.Errorf("HasLocal: true for a cycle with no mark")
	}
}

// TestSolveRounds: rounds go over the functions in the order given, until
// one changes nothing. A chain declared callers first needs a round per
// link; declared callees first, one round and the round that confirms it.
func TestSolveRounds(t *testing.T) {
	const n = 6
	g := newGraph(n)
	for i := range n - 1 {
		g.calls[i] = []int{i + 1}
	}
	g.own[n-1] = 1
	for _, c := range []struct {
		name   string
		perm   []int
		rounds int
	}{
		{"callers first", identity(n), n + 1},
		{"callees first", reversed(n), 2},
	} {
		s := solve(g, c.perm)
		s.check(t, g, c.name)
		if r := s.rounds(g); r != c.rounds || s.steps%n != 0 {
			t.Errorf("%s: %d steps, %d rounds; want %d rounds of %d", c.name, s.steps, r, c.rounds, n)
		}
	}
}

// TestSolveOrderIndependent: on random graphs with cycles, every order of
// the functions reaches the same fixed point, the reference's, within n+1
// rounds (a mark travels at least one call per round).
func TestSolveOrderIndependent(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 1))
	for trial := range 200 {
		n := 1 + r.IntN(9)
		g := randomGraph(r, n, 0.25)
		orders := [][]int{identity(n), reversed(n)}
		for range 20 {
			p := identity(n)
			r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
			orders = append(orders, p)
		}
		for _, p := range orders {
			s := solve(g, p)
			s.check(t, g, fmt.Sprintf("graph %d, order %v", trial, p))
			if rounds := s.rounds(g); rounds > n+1 {
				t.Errorf("graph %d, order %v: %d rounds for %d functions", trial, p, rounds, n)
			}
		}
		if t.Failed() {
			t.Logf("graph %d: calls %v own %v", trial, g.calls, g.own)
			return
		}
	}
}

// TestSolveTerminates: a large dense graph with long cycles ends, and in
// time; a broken loop (changed never reset) would spin.
func TestSolveTerminates(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 27))
	g := randomGraph(r, 300, 0.02)
	for i := range 300 {
		g.calls[i] = append(g.calls[i], (i+1)%300) // one cycle through all
		g.own[i] = 1 << (i % 64)
	}
	done := make(chan *solved, 1)
	go func() { done <- solve(g, identity(300)) }()
	select {
	case s := <-done:
		s.check(t, g, "large")
		if s.rounds(g) > 301 {
			t.Errorf("%d rounds for 300 functions", s.rounds(g))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Solve did not end within 30s")
	}
}

// ends fails the test when f does not return within a few seconds: a
// broken engine spins rather than fails.
func ends(t *testing.T, f func()) {
	t.Helper()
	done := make(chan bool)
	go func() {
		f()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Solve did not end within 10s")
	}
}

// TestSolveEmpty: no functions, no steps, and an end.
func TestSolveEmpty(t *testing.T) {
	tab := newTable(types.NewPackage("example.com/g", "g"))
	steps := 0
	ends(t, func() {
		Solve(tab, nil, func(Func, *bitsFact) (*bitsFact, bool) {
			steps++
			return nil, false
		})
	})
	if steps > 0 {
		t.Errorf("%d steps with no functions", steps)
	}
}

// TestSolveKeepsFactsGrown: a fact set before Solve (a pass's own facts,
// as exits sets them) is what the first step is given, and a step that
// reports no change leaves it in place.
func TestSolveKeepsFactsGrown(t *testing.T) {
	g := newGraph(2)
	g.calls[0] = []int{1}
	tab := newTable(g.funcs[0].Pkg())
	seed := &bitsFact{Marks: 2}
	tab.Set(g.funcs[1], seed)
	var given []*bitsFact
	ends(t, func() {
		Solve(tab, g.order(identity(2)), func(fn Func, cur *bitsFact) (*bitsFact, bool) {
			if fn.Obj == g.funcs[1] {
				given = append(given, cur)
				return nil, false
			}
			callee := tab.Local(g.funcs[1])
			if cur == nil && callee != nil {
				return &bitsFact{Marks: callee.Marks}, true
			}
			return nil, false
		})
	})
	if len(given) == 0 || given[0] != seed {
		t.Errorf("the step for f1 was given %v; want the fact set before Solve", given)
	}
	if tab.Local(g.funcs[1]) != seed {
		t.Errorf("f1's fact was replaced by a step that reported no change")
	}
	if f := tab.Local(g.funcs[0]); f == nil || bits.OnesCount64(f.Marks) != 1 || f.Marks != 2 {
		t.Errorf("f0 = %v; want f1's mark", f)
	}
}

// TestTableOf: Of answers from the package's own facts for its functions
// and from the imported ones for others; Local, Set and Of all key a
// generic function's instance by its origin.
func TestTableOf(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	other := types.NewPackage("example.com/q", "q")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	own := types.NewFunc(token.NoPos, pkg, "F", sig)
	dep := types.NewFunc(token.NoPos, other, "G", sig)
	tab := newTable(pkg)
	if tab.Of(nil) != nil || tab.Of(own) != nil || tab.Any(func(*bitsFact) bool { return true }) {
		t.Fatal("an empty table answers")
	}
	tab.Set(own, &bitsFact{Marks: 1})
	tab.imported[dep] = &bitsFact{Marks: 2}
	if f := tab.Of(own); f == nil || f.Marks != 1 {
		t.Errorf("Of(own) = %v", f)
	}
	if f := tab.Of(dep); f == nil || f.Marks != 2 {
		t.Errorf("Of(dep) = %v", f)
	}
	if tab.Local(dep) != nil {
		t.Errorf("Local(dep) answers with an imported fact")
	}
	// A function of the package missing from local is not looked up among
	// the imported ones, nor the other way round.
	tab.imported[own] = &bitsFact{Marks: 4}
	delete(tab.local, own)
	if tab.Of(own) != nil {
		t.Errorf("Of(own) read an imported fact for a function of the package")
	}
	if !tab.Any(func(f *bitsFact) bool { return f.Marks == 2 }) || tab.Any(func(f *bitsFact) bool { return f.Marks == 8 }) {
		t.Errorf("Any does not look at both tables, or answers for a fact that is not there")
	}
	if tab.HasLocal() {
		t.Errorf("HasLocal with no local fact")
	}
}

// TestTableGenericOrigin: a method of a generic type's instance, as a
// selection or SSA names it, is keyed by the method of the generic type,
// for Set, Local and Of alike.
func TestTableGenericOrigin(t *testing.T) {
	const src = `package p
type Box[T any] struct{}
func (Box[T]) Get() {}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := new(types.Config).Check("example.com/p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	box := pkg.Scope().Lookup("Box").Type()
	inst, err := types.Instantiate(nil, box, []types.Type{types.Typ[types.Int]}, true)
	if err != nil {
		t.Fatal(err)
	}
	get, _, _ := types.LookupFieldOrMethod(box, false, pkg, "Get")
	instGet, _, _ := types.LookupFieldOrMethod(inst, false, pkg, "Get")
	if instGet == get {
		t.Fatal("the instance's method is the generic one: nothing to test")
	}
	tab := newTable(pkg)
	fact := &bitsFact{Marks: 1}
	tab.Set(instGet.(*types.Func), fact)
	if tab.Local(get.(*types.Func)) != fact || tab.Of(get.(*types.Func)) != fact {
		t.Errorf("Set on the instance's method is not found on the generic method")
	}
	if tab.Local(instGet.(*types.Func)) != fact || tab.Of(instGet.(*types.Func)) != fact {
		t.Errorf("Local or Of on the instance's method misses the generic method's fact")
	}
	// Imported facts are keyed by origin too (NewTable imports them so).
	dep := newTable(types.NewPackage("example.com/q", "q"))
	dep.imported[get.(*types.Func)] = fact
	if dep.Of(instGet.(*types.Func)) != fact {
		t.Errorf("Of on an imported instance's method misses the generic method's fact")
	}
}
