package summary_test

import (
	"errors"
	"go/ast"
	"go/constant"
	"go/types"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// reachFact is the set of marks a function reaches through static calls:
// the strings it gives a function named mark, and "new" for a function
// named New.
type reachFact struct{ Marks []string }

func (*reachFact) AFact() {}

func (f *reachFact) String() string { return "reach(" + strings.Join(f.Marks, " ") + ")" }

// reachResult is what the engine answered beside the facts.
type reachResult struct {
	HasLocal    bool
	AnyImported bool // some imported fact holds a mark of another package
	Orders      int  // how many orders of the functions were solved
}

// reach is a fact pass built on the engine as exits, sideeffects, argerror
// and contract are: a table, the package's functions, Solve, Export. It
// reports, at each call of another package's function, what the table's
// Of says of it; in a function whose doc holds //summary:calls, every call
// Calls yields; and, for a function whose fact differs when Solve visits
// the functions in another order, or is no fixed point, what differs.
var reach = &analysis.Analyzer{
	Name:       "reach",
	Doc:        "marks reached through static calls, by the summary engine",
	Run:        runReach,
	FactTypes:  []analysis.Fact{(*reachFact)(nil)},
	ResultType: reflect.TypeFor[*reachResult](),
}

type reacher struct {
	pass    *analysis.Pass
	own     map[*types.Func][]string
	callees map[*types.Func][]*types.Func
}

func runReach(pass *analysis.Pass) (any, error) {
	r := &reacher{pass: pass, own: map[*types.Func][]string{}, callees: map[*types.Func][]*types.Func{}}
	t := summary.NewTable[reachFact](pass)
	funcs := summary.Funcs(pass)
	for _, fn := range funcs {
		r.scan(t, fn)
	}
	r.solve(t, funcs)
	for _, fn := range funcs {
		if _, changed := r.step(t, fn, t.Local(fn.Obj)); changed {
			pass.Reportf(fn.Decl.Name.Pos(), "not a fixed point: %s changes in another round", fn.Obj.Name())
		}
	}
	orders := r.orders(funcs)
	for _, order := range orders {
		other := summary.NewTable[reachFact](pass)
		r.solve(other, order)
		for _, fn := range funcs {
			if a, b := show(t.Local(fn.Obj)), show(other.Local(fn.Obj)); a != b {
				pass.Reportf(fn.Decl.Name.Pos(), "order-dependent: %s is %s in source order, %s in order %s", fn.Obj.Name(), a, b, names(order))
			}
		}
	}
	t.Export(pass)
	return &reachResult{
		HasLocal: t.HasLocal(),
		AnyImported: t.Any(func(f *reachFact) bool {
			return !slices.ContainsFunc(f.Marks, func(m string) bool { return r.ownMark(m) })
		}),
		Orders: len(orders) + 1,
	}, nil
}

// ownMark reports whether some function of the package has mark m of its
// own.
func (r *reacher) ownMark(m string) bool {
	for _, marks := range r.own {
		if slices.Contains(marks, m) {
			return true
		}
	}
	return false
}

// scan records fn's own marks and callees, reporting what Of says of each
// callee of another package, and each call when fn asks.
func (r *reacher) scan(t *summary.Table[reachFact, *reachFact], fn summary.Func) {
	pass := r.pass
	if fn.Obj.Name() == "New" {
		r.own[fn.Obj] = append(r.own[fn.Obj], "new")
	}
	listed := fn.Decl.Doc != nil && slices.ContainsFunc(fn.Decl.Doc.List, func(c *ast.Comment) bool { return c.Text == "//summary:calls" })
	// Literals called on the spot run while the function does.
	onTheSpot := map[*ast.FuncLit]bool{}
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
				onTheSpot[lit] = true
			}
		}
		return true
	})
	summary.Calls(pass.TypesInfo, fn.Decl.Body, func(lit *ast.FuncLit) bool { return onTheSpot[lit] }, func(call *ast.CallExpr, callee *types.Func) {
		// A method as its selection names it: of a generic type's
		// instance, the instance's method (as SSA and LookupFieldOrMethod
		// give it), which the table keys by its origin.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := pass.TypesInfo.Selections[sel]; ok {
				callee = s.Obj().(*types.Func)
			}
		}
		if listed {
			pass.Reportf(call.Pos(), "calls %s", analyzerutil.CallName(callee))
		}
		if callee.Name() == "mark" && len(call.Args) == 1 {
			if v := pass.TypesInfo.Types[call.Args[0]].Value; v != nil && v.Kind() == constant.String {
				r.own[fn.Obj] = append(r.own[fn.Obj], constant.StringVal(v))
			}
		}
		r.callees[fn.Obj] = append(r.callees[fn.Obj], callee)
		if callee.Pkg() != pass.Pkg {
			pass.Reportf(call.Pos(), "Of(%s) = %s", analyzerutil.CallName(callee), show(t.Of(callee)))
		}
	})
}

// step is the fact of fn from its own marks, its current fact and its
// callees' facts (Of: the package's own as they stand, imported ones).
// Facts only grow.
func (r *reacher) step(t *summary.Table[reachFact, *reachFact], fn summary.Func, cur *reachFact) (*reachFact, bool) {
	set := slices.Clone(r.own[fn.Obj])
	if cur != nil {
		set = append(set, cur.Marks...)
	}
	for _, callee := range r.callees[fn.Obj] {
		if f := t.Of(callee); f != nil {
			set = append(set, f.Marks...)
		}
	}
	slices.Sort(set)
	set = slices.Compact(set)
	if len(set) == 0 || (cur != nil && len(set) == len(cur.Marks)) {
		return cur, false
	}
	return &reachFact{Marks: set}, true
}

// solve runs Solve over funcs; an engine that goes on far longer than a
// fixed point takes is reported, not waited for.
func (r *reacher) solve(t *summary.Table[reachFact, *reachFact], funcs []summary.Func) {
	if len(funcs) == 0 {
		return // a package of declarations only; TestSolveEmpty covers it
	}
	steps, limit := 0, 4*(len(funcs)+2)*len(funcs)
	defer func() {
		if x := recover(); x != nil {
			if x != errSpin {
				panic(x)
			}
			r.pass.Reportf(r.pass.Files[0].Package, "Solve made %d steps over %d functions and did not end", steps, len(funcs))
		}
	}()
	summary.Solve(t, funcs, func(fn summary.Func, cur *reachFact) (*reachFact, bool) {
		if steps++; steps > limit {
			panic(errSpin)
		}
		return r.step(t, fn, cur)
	})
}

var errSpin = errors.New("spins")

// orders returns other orders of funcs: reversed, and shuffled.
func (r *reacher) orders(funcs []summary.Func) [][]summary.Func {
	rev := slices.Clone(funcs)
	slices.Reverse(rev)
	out := [][]summary.Func{rev}
	rnd := rand.New(rand.NewPCG(uint64(len(funcs)), 27))
	for range 10 {
		p := slices.Clone(funcs)
		rnd.Shuffle(len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
		out = append(out, p)
	}
	return out
}

// show spells a fact, or nil.
func show(f *reachFact) string {
	if f == nil {
		return "nil"
	}
	return f.String()
}

func names(funcs []summary.Func) string {
	var s []string
	for _, fn := range funcs {
		s = append(s, fn.Obj.Name())
	}
	return strings.Join(s, ",")
}

// TestEngine runs the reach pass over lib, a call graph with recursion,
// cycles, generics and literals, and user, which imports lib's facts: the
// facts are asserted in the testdata, and so is what Of answers for each
// call of another package's function and which calls Calls yields.
func TestEngine(t *testing.T) {
	results := analysistest.Run(t, testdata, reach, "cases/passes/summary/lib", "cases/passes/summary/user")
	if len(results) != 2 {
		t.Fatalf("%d results", len(results))
	}
	for _, res := range results {
		r, ok := res.Result.(*reachResult)
		if !ok {
			t.Fatalf("%s: result %T", res.Pass.Pkg.Path(), res.Result)
		}
		if !r.HasLocal || r.Orders < 10 {
			t.Errorf("%s: HasLocal %t, %d orders solved", res.Pass.Pkg.Path(), r.HasLocal, r.Orders)
		}
		// lib imports no fact; user imports lib's, whose marks are not
		// user's own (new is both).
		if want := strings.HasSuffix(res.Pass.Pkg.Path(), "/user"); r.AnyImported != want {
			t.Errorf("%s: Any over imported facts = %t; want %t", res.Pass.Pkg.Path(), r.AnyImported, want)
		}
	}
}

// TestExportOnlyOwnFacts: the facts a package exports are those of its own
// functions, on the origin of a generic function; none for the standard
// library's (errors.New is named New and has a local fact there).
func TestExportOnlyOwnFacts(t *testing.T) {
	results := analysistest.Run(t, testdata, reach, "cases/passes/summary/user")
	var own, imported []string
	for _, f := range results[0].Action.AllObjectFacts() {
		name := f.Object.Pkg().Path() + "." + f.Object.Name()
		if fn, ok := f.Object.(*types.Func); ok && fn.Origin() != fn {
			t.Errorf("a fact on %s, an instance, not its origin", fn)
		}
		if f.Object.Pkg() == results[0].Pass.Pkg {
			own = append(own, name)
		} else {
			imported = append(imported, name)
		}
	}
	for _, name := range imported {
		if !strings.HasPrefix(name, "cases/passes/summary/lib.") {
			t.Errorf("a fact on %s, outside the packages analyzed: the standard library exports none", name)
		}
	}
	slices.Sort(own)
	if got, want := strings.Join(own, " "), "cases/passes/summary/user.Caller cases/passes/summary/user.Generic cases/passes/summary/user.New cases/passes/summary/user.Recursion"; got != want {
		t.Errorf("user's facts on %s; want %s", got, want)
	}
	if len(imported) < 10 {
		t.Errorf("only %d of lib's facts in view: %q", len(imported), imported)
	}
}
