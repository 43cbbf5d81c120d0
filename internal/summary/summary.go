// Package summary is what exitlint's fact passes (exits, sideeffects,
// errcodes, argerror) share: per-function facts computed to a fixed point over a
// package's static calls, and a table of them, the package's own and the
// imported ones its code refers to, that is filled during the pass and
// outlives it. A result built on a Table holds no *analysis.Pass, so
// checks may read it after the pass has ended and from any goroutine.
package summary

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Table holds the facts of type F on functions: those the pass computes on
// its own package, and those imported on the other packages' functions its
// code refers to. Generic functions and methods are keyed by their origin.
type Table[F any, P interface {
	*F
	analysis.Fact
}] struct {
	pkg      *types.Package
	local    map[*types.Func]P
	imported map[*types.Func]P
}

// NewTable imports, during the pass, the facts of type F on every function
// of another package that the package's code refers to: the only functions
// a question about a call can name.
func NewTable[F any, P interface {
	*F
	analysis.Fact
}](pass *analysis.Pass) *Table[F, P] {
	t := &Table[F, P]{pkg: pass.Pkg, local: map[*types.Func]P{}, imported: map[*types.Func]P{}}
	for _, fn := range analyzerutil.RefsOf(pass).Funcs {
		f := P(new(F))
		if pass.ImportObjectFact(fn, f) {
			t.imported[fn] = f
		}
	}
	return t
}

// Of returns fn's fact, or nil.
func (t *Table[F, P]) Of(fn *types.Func) P {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if fn.Pkg() == t.pkg {
		return t.local[fn]
	}
	return t.imported[fn]
}

// Set records the fact of a function of the package.
func (t *Table[F, P]) Set(fn *types.Func, f P) { t.local[fn.Origin()] = f }

// Local returns the fact of a function of the package, or nil.
func (t *Table[F, P]) Local(fn *types.Func) P { return t.local[fn.Origin()] }

// Export exports the package's facts, except in the standard library, whose
// functions carry none (analyzerutil.InStd).
func (t *Table[F, P]) Export(pass *analysis.Pass) {
	if analyzerutil.InStd(pass) {
		return
	}
	for fn, f := range t.local {
		pass.ExportObjectFact(fn, f)
	}
}

// HasLocal reports whether some function of the package has a fact.
func (t *Table[F, P]) HasLocal() bool { return len(t.local) > 0 }

// Any reports whether some fact in the table satisfies pred.
func (t *Table[F, P]) Any(pred func(P) bool) bool {
	for _, m := range []map[*types.Func]P{t.local, t.imported} {
		for _, f := range m {
			if pred(f) {
				return true
			}
		}
	}
	return false
}

// Func is a function of the package with a body, and its declaration.
type Func struct {
	Obj  *types.Func
	Decl *ast.FuncDecl
}

// Funcs returns the package's functions with bodies, in source order.
func Funcs(pass *analysis.Pass) []Func {
	var out []Func
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if fd.Body != nil {
			out = append(out, Func{fn, fd})
		}
	}
	return out
}

// Solve computes the facts of funcs to a fixed point. step recomputes one
// function's fact from its current one (nil at first) and its callees'
// current facts, which it reads from the table, and says whether it
// changed; rounds over funcs in order run until none does. A step must
// only let facts grow (more codes, a shorter path), so that the rounds end.
func Solve[F any, P interface {
	*F
	analysis.Fact
}](t *Table[F, P], funcs []Func, step func(fn Func, cur P) (next P, changed bool)) {
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if next, ok := step(fn, t.local[fn.Obj]); ok {
				t.local[fn.Obj] = next
				changed = true
			}
		}
	}
}

// Calls yields the calls of a function body with a static callee, in source
// order. A function literal's calls are the literal's, not the body's,
// unless enter says they run while the function does.
func Calls(info *types.Info, body *ast.BlockStmt, enter func(*ast.FuncLit) bool, yield func(call *ast.CallExpr, callee *types.Func)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return enter != nil && enter(n)
		case *ast.CallExpr:
			if callee, ok := typeutil.Callee(info, n).(*types.Func); ok {
				yield(n, callee)
			}
		}
		return true
	})
}
