package sideeffects

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/types"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/exits"
)

//go:embed doc.go
var doc string

// Analyzer finds side-effecting calls and exports a SideEffectFact on every
// function that may make one.
var Analyzer = &analysis.Analyzer{
	Name:       "sideeffects",
	Doc:        analyzerutil.Doc(doc, "sideeffects"),
	URL:        analyzerutil.URL("sideeffects"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{config.Analyzer},
	ResultType: reflect.TypeOf((*SideEffects)(nil)),
	FactTypes:  []analysis.Fact{(*SideEffectFact)(nil)},
}

// SideEffectFact marks a function that may change the world outside the
// process.
type SideEffectFact struct {
	Chain []string // the calls down to the effect: ["Save", "os.WriteFile"]
	What  string   // what the last one does: "writes a file"
}

func (*SideEffectFact) AFact() {}

func (f *SideEffectFact) String() string { return "sideEffect(" + Effect(*f).String() + ")" }

// Effect describes a side effect: the chain of calls that leads to it and
// what the last one does.
type Effect struct {
	Chain []string
	What  string
}

// String reads "Save → os.WriteFile writes a file".
func (e Effect) String() string {
	if len(e.Chain) == 0 {
		return e.What
	}
	return strings.Join(e.Chain, " → ") + " " + e.What
}

// Rule tells when a catalogue entry counts; see Entry.
type Rule struct {
	Kind string // "", "writeFlags" or "notStdio"
	Arg  int
}

// SideEffects answers, for the package being analyzed, which calls have side
// effects.
type SideEffects struct {
	pass    *analysis.Pass
	catalog map[string]Entry
	extra   map[string]bool
	named   *analyzerutil.Funcs // the catalogue's and the extra functions
	local   map[*types.Func]*SideEffectFact
}

// inCatalogue reports whether fn is an entry of the catalogue.
func (s *SideEffects) inCatalogue(fn *types.Func) bool {
	name, ok := s.named.Name(fn)
	return ok && s.catalog[name].Func != ""
}

var catalogueNames = func() []string {
	names := make([]string, len(Catalogue))
	for i, e := range Catalogue {
		names[i] = e.Func
	}
	return names
}()

var catalogue = func() map[string]Entry {
	m := map[string]Entry{}
	for _, e := range Catalogue {
		m[e.Func] = e
	}
	return m
}()

// Func returns the side effect a call of fn has and the rule that narrows
// it, if fn has one.
func (s *SideEffects) Func(fn *types.Func) (Effect, Rule, bool) {
	fn = fn.Origin()
	name, named := s.named.Name(fn)
	if !named {
		name = "" // in no package the catalogue or the flag names
	}
	if e, ok := s.catalog[name]; named && ok {
		return Effect{Chain: []string{exits.Name(fn)}, What: e.What}, Rule{e.Rule, e.Arg}, true
	}
	if named && s.extra[name] {
		return Effect{Chain: []string{exits.Name(fn)}, What: "has a side effect (-config.sideeffects)"}, Rule{}, true
	}
	if f := analyzerutil.FuncFact(s.pass, s.local, fn); f != nil {
		return Effect{Chain: append([]string{exits.Name(fn)}, f.Chain...), What: f.What}, Rule{}, true
	}
	return Effect{}, Rule{}, false
}

// Call returns the side effect of a call, if it has one.
func (s *SideEffects) Call(call *ast.CallExpr) (Effect, bool) {
	fn, ok := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return Effect{}, false
	}
	e, rule, ok := s.Func(fn)
	if !ok {
		return Effect{}, false
	}
	switch rule.Kind {
	case "writeFlags":
		if rule.Arg >= len(call.Args) {
			return Effect{}, false
		}
		tv := s.pass.TypesInfo.Types[call.Args[rule.Arg]]
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return Effect{}, false
		}
		n, _ := constant.Int64Val(tv.Value)
		if !WriteFlags(n) {
			return Effect{}, false
		}
	case "notStdio":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && IsStdio(s.pass.TypesInfo.Uses[selIdent(sel.X)]) {
			return Effect{}, false
		}
	}
	return e, true
}

func selIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// IsStdio reports whether obj is os.Stdout or os.Stderr.
func IsStdio(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.Pkg() != nil && v.Pkg().Path() == "os" && (v.Name() == "Stdout" || v.Name() == "Stderr") && v.Parent() == v.Pkg().Scope()
}

// WriteFlags reports whether os.OpenFile flags ask for writing.
func WriteFlags(flags int64) bool {
	return flags&int64(os.O_WRONLY|os.O_RDWR|os.O_CREATE|os.O_TRUNC|os.O_APPEND) != 0
}

func run(pass *analysis.Pass) (any, error) {
	s := &SideEffects{pass: pass, catalog: catalogue, extra: map[string]bool{}, local: map[*types.Func]*SideEffectFact{}}
	extra := pass.ResultOf[config.Analyzer].(*config.Config).SideEffects
	for _, f := range extra {
		s.extra[f] = true
	}
	s.named = analyzerutil.NewFuncs(catalogueNames, extra)
	if analyzerutil.InStd(pass) {
		// The catalogue is the authority on the standard library: a
		// function that reaches an entry internally (http.Get through
		// Client.Do) is no side effect unless it is an entry itself.
		return s, nil
	}
	type node struct {
		fn    *types.Func
		fact  *SideEffectFact
		calls []*types.Func
	}
	var nodes []*node
	byFunc := map[*types.Func]*node{}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		n := &node{fn: fn}
		if analyzerutil.HasDirective(fd.Doc, "sideeffect") {
			n.fact = &SideEffectFact{What: "is marked //exitlint:sideeffect"}
		}
		if fd.Body != nil && n.fact == nil {
			invoked := invokedLiterals(fd.Body)
			ast.Inspect(fd.Body, func(x ast.Node) bool {
				switch x := x.(type) {
				case *ast.FuncLit:
					return invoked[x]
				case *ast.CallExpr:
					callee, ok := typeutil.Callee(pass.TypesInfo, x).(*types.Func)
					if !ok {
						return true
					}
					if callee.Pkg() == pass.Pkg && !s.inCatalogue(callee) {
						n.calls = append(n.calls, callee.Origin())
						return true
					}
					if n.fact == nil {
						if e, ok := s.Call(x); ok {
							n.fact = &SideEffectFact{Chain: e.Chain, What: e.What}
						}
					}
				}
				return true
			})
		}
		nodes = append(nodes, n)
		byFunc[fn] = n
	}
	for changed := true; changed; {
		changed = false
		for _, n := range nodes {
			if n.fact != nil {
				continue
			}
			for _, callee := range n.calls {
				if m := byFunc[callee]; m != nil && m.fact != nil {
					n.fact = &SideEffectFact{Chain: append([]string{exits.Name(callee)}, m.fact.Chain...), What: m.fact.What}
					changed = true
					break
				}
			}
		}
	}
	for _, n := range nodes {
		if n.fact != nil {
			s.local[n.fn] = n.fact
			pass.ExportObjectFact(n.fn, n.fact)
		}
	}
	return s, nil
}

// invokedLiterals finds the function literals of body that run while the
// function does: called on the spot, deferred, started, or passed to a call
// (a callback such as filepath.WalkDir's). Literals only returned or stored
// run when someone else calls them.
func invokedLiterals(body *ast.BlockStmt) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	ast.Inspect(body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
				out[lit] = true
			}
			for _, a := range call.Args {
				if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
					out[lit] = true
				}
			}
		}
		return true
	})
	return out
}
