package exits

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/suppress"
)

// A Source is a constant that a function's integer result may be: one the
// function returns, directly or through the functions of its package it
// returns the result of. The function's package cannot know whether the
// result becomes an exit code (os.Exit(cli.Main()) is written in an
// importing main), so it records its sources in a resultFact, and the
// package where the result reaches an exit reports them where they are
// written.
type Source struct {
	Pos, End analyzerutil.Loc
	Value    int64
	Text     string // the constant as written: "2", "ExitUsage", "errs.CodeNotFound"
	// ConstPkg and Const name a named constant (its package's path and its
	// name); both are empty for a literal.
	ConstPkg, Const string
	// Chain names the functions of the source's package its value is
	// returned through, innermost first, up to the function the fact is on
	// (left out): ["runInit"] for RunCLI's return runInit(args).
	Chain []string
	// LastBranch marks a 1 that is the contract's last resort where it is
	// written: the last branch of a classification (Exemptions.LastResort).
	LastBranch bool
	// Ignored are the checks an //exitlint:ignore directive at the source
	// names, in its own package (a generated file ignores every check).
	Ignored []string
	// Kinds are the one-word strings beside the constant in the composite
	// literal that holds it (Kinds): cliError{exit: 5, code: "not_found"}.
	Kinds []string
	// Reported marks a constant its own package already knows as an exit
	// code (one of its Sites, through a function that follows the
	// ExitCode convention there): its checks report it, and an importing
	// package must not again.
	Reported bool
	// WithError marks a code returned only beside an error that is never
	// nil (`return 2, err` under `if err != nil`): a caller that reads the
	// code only where the error is nil never exits with it (errorGated).
	WithError bool
}

// resultFact marks a function whose integer result may be a constant of
// its package: the sources of the result, for the importing packages.
type resultFact struct {
	Sources []Source
	// Other marks a function whose package uses its result as a number of
	// another kind (an index, a length, an operand of arithmetic): a
	// general-purpose helper, whose constants are no exit codes whatever an
	// importer does with one call's result.
	Other bool
	// Fields are the fields (by fieldKey) whose value the result may be
	// (an ExitCode method that returns e.code): what the packages that
	// import this one store in them is the result too.
	Fields []string
}

func (*resultFact) AFact() {}

func (f *resultFact) String() string {
	var parts []string
	for _, s := range f.Sources {
		p := s.Text
		if len(s.Chain) > 0 {
			p += " ← " + strings.Join(s.Chain, " ← ")
		}
		if s.LastBranch {
			p += " (last branch)"
		}
		parts = append(parts, p)
	}
	for _, k := range f.Fields {
		parts = append(parts, "field "+fieldDisplay(k))
	}
	out := "result(" + strings.Join(parts, ", ")
	if f.Other {
		out += "; other uses"
	}
	return out + ")"
}

// ForeignSite is a constant of another package that becomes the exit code
// of this one: a source of the result of that package's function, which
// this package passes to an exit.
type ForeignSite struct {
	Source
	// Via says how the result reaches the exit: "cli.Main's result →
	// os.Exit".
	Via string
	// Exit is where, in this package, the result reaches the exit.
	Exit analyzerutil.Loc
}

// maxSources bounds the sources a fact carries, since facts cross every
// package boundary. It is set above what real programs write: an agent
// CLI that spells its codes in the literals of its error type
// (`cliError{exit: 2, …}`) gives one function 129 of them, and the 64 this
// bound once was left half of them unreported.
const maxSources = 256

// forwardFacts computes, for every exported function or method of the
// package with one integer result, the constants its result may be, and
// exports them (resultFact): for the packages that import it. The
// standard library and exitlint's runtime export none.
func (fl *flow) forwardFacts(sup *suppress.Suppressions) {
	if fl.runtime() {
		// The runtime's codes are the contract's own (FromError's
		// GENERAL_ERROR is its classification's last branch).
		return
	}
	fl.fwd = map[*types.Func]forwardResult{}
	fl.sup = sup
	fl.siteExprs = map[ast.Expr]bool{}
	for _, site := range fl.e.sites {
		fl.siteExprs[site.Expr] = true
	}
	for _, fn := range fl.funcs {
		if !fn.Obj.Exported() || fl.inTest(fn.Decl) || codeResult(fn.Obj.Signature()) < 0 {
			continue
		}
		if r := fl.forward(fn); len(r.Sources) > 0 || len(r.Fields) > 0 {
			fl.results.Set(fn.Obj, &resultFact{Sources: r.Sources, Fields: r.Fields, Other: fl.otherUse(fn.Obj)})
		}
	}
	fl.interfaceFacts()
	fl.results.Export(fl.pass)
	fl.fieldStoreFacts()
}

// forwardResult is what forward finds of a function's integer result.
type forwardResult struct {
	Sources []Source
	Fields  []string
}

// forward returns the sources of fn's integer result, and the fields it
// may return, memoized; a function met again while its sources are being
// found (recursion) adds none.
func (fl *flow) forward(fn summary.Func) forwardResult {
	if r, ok := fl.fwd[fn.Obj]; ok {
		return r
	}
	fl.fwd[fn.Obj] = forwardResult{}
	res := codeResult(fn.Obj.Signature())
	if res < 0 {
		return forwardResult{}
	}
	var out forwardResult
	seen := map[analyzerutil.Loc]int{} // a source's index in out.Sources
	add := func(s Source, chain ...string) {
		if i, ok := seen[s.Pos]; ok {
			// Returned beside a nil error by one return, it may reach
			// an exit whatever another return pairs it with.
			out.Sources[i].WithError = out.Sources[i].WithError && s.WithError
			return
		}
		if len(out.Sources) >= maxSources {
			return
		}
		seen[s.Pos] = len(out.Sources)
		if len(chain) > 0 {
			s.Chain = append(slices.Clone(s.Chain), chain...)
		}
		out.Sources = append(out.Sources, s)
	}
	addField := func(key string) {
		if key != "" && !slices.Contains(out.Fields, key) {
			out.Fields = append(out.Fields, key)
		}
	}
	fl.returns(fn, res, func(e ast.Expr, ret *ast.ReturnStmt) {
		withErr := fl.errorReturn(fn, ret)
		fl.origins(fn, e, func(o origin) {
			switch {
			case o.konst != nil:
				if s, ok := fl.source(o.konst, ret); ok {
					s.WithError = withErr
					add(s)
				}
			case o.result != nil:
				if g, ok := fl.decl[o.result]; ok && !fl.inTest(g.Decl) {
					r := fl.forward(g)
					for _, s := range r.Sources {
						if o.okOnly && s.WithError {
							continue
						}
						s.WithError = withErr
						add(s, fl.name(g.Obj))
					}
					for _, k := range r.Fields {
						addField(k)
					}
				}
			case o.foreign != nil && !o.foreign.Other:
				for _, s := range o.foreign.Sources {
					if o.okOnly && s.WithError {
						continue
					}
					s.WithError = withErr
					add(s, analyzerutil.CallName(o.callee))
				}
				for _, k := range o.foreign.Fields {
					addField(k)
				}
			case o.status != nil:
				fl.storedSources(o.status, func(s Source) { add(s) })
				for _, s := range fl.importedStores(o.status) {
					add(s)
				}
				if o.status.IsField() {
					addField(fl.fieldKey(o.status))
				}
			}
		})
	})
	fl.fwd[fn.Obj] = out
	return out
}

// storedSources yields the constants the package stores into the
// variable or field v, outside tests, directly or through the parameters
// of the functions that store them.
func (fl *flow) storedSources(v *types.Var, yield func(Source)) {
	fl.storedSourcesVisited(v, map[any]bool{v: true}, yield)
}

// storedSourcesVisited is storedSources within one walk that has visited
// the parameters and fields in visited.
func (fl *flow) storedSourcesVisited(v *types.Var, visited map[any]bool, yield func(Source)) {
	for _, st := range fl.storesInto(v) {
		fl.constSources(st.fn, st.val, nil, visited, yield)
	}
}

// source describes the constant e, returned by ret (nil for a store).
func (fl *flow) source(e ast.Expr, ret *ast.ReturnStmt) (Source, bool) {
	info := fl.pass.TypesInfo
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return Source{}, false
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact {
		return Source{}, false
	}
	fset := fl.pass.Fset
	s := Source{Pos: analyzerutil.LocOf(fset, e.Pos()), End: analyzerutil.LocOf(fset, e.End()), Value: n, Text: types.ExprString(e)}
	if k, ok := info.Uses[analyzerutil.NameIdent(analyzerutil.Unconvert(info, e))].(*types.Const); ok && k.Pkg() != nil {
		s.ConstPkg, s.Const = k.Pkg().Path(), k.Name()
	}
	if n == generalErrorCode {
		s.LastBranch = fl.e.exempt.LastResort(e, ret)
	}
	s.Reported = fl.siteExprs[e]
	s.Kinds = fl.e.KindsBeside(e)
	for _, check := range []string{"barecode", "fallback"} {
		if fl.sup.Suppressed(check, e.Pos()) {
			s.Ignored = append(s.Ignored, check)
		}
	}
	return s, true
}

// generalErrorCode is GENERAL_ERROR's value.
const generalErrorCode = 1

// interfaceFacts gives each method of the package's interfaces that has
// one integer result the sources of the package's methods that implement
// it: errors.TaskError's Code() is every Code() of the package's error
// types.
func (fl *flow) interfaceFacts() {
	scope := fl.pass.Pkg.Scope()
	var named []*types.Named
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
			if n, ok := tn.Type().(*types.Named); ok {
				named = append(named, n)
			}
		}
	}
	for _, n := range named {
		iface, ok := n.Underlying().(*types.Interface)
		if !ok || !n.Obj().Exported() {
			continue
		}
		// Only the methods the interface declares: one it embeds is the
		// embedded interface's object, whose fact that interface's
		// implementations give (another interface of the package), or
		// another package's (io.Writer's Write), not this package's to set.
		for m := range iface.ExplicitMethods() {
			if !m.Exported() || codeResult(m.Signature()) < 0 {
				continue
			}
			var srcs []Source
			var fields []string
			for _, impl := range named {
				if _, isIface := impl.Underlying().(*types.Interface); isIface {
					continue
				}
				for _, t := range []types.Type{impl, types.NewPointer(impl)} {
					if !types.Implements(t, iface) {
						continue
					}
					obj, _, _ := types.LookupFieldOrMethod(t, false, fl.pass.Pkg, m.Name())
					if impl, ok := obj.(*types.Func); ok {
						if f := fl.results.Local(impl); f != nil && !f.Other {
							srcs = append(srcs, f.Sources...)
							for _, k := range f.Fields {
								if !slices.Contains(fields, k) {
									fields = append(fields, k)
								}
							}
						}
					}
					break
				}
			}
			if len(srcs) > maxSources {
				srcs = srcs[:maxSources]
			}
			if len(srcs) > 0 || len(fields) > 0 {
				fl.results.Set(m, &resultFact{Sources: srcs, Fields: fields})
			}
		}
	}
}

// foreignSite makes the site of a source of another package's function
// callee, whose result reaches an exit of this package as via says, at the
// call.
func (fl *flow) foreignSite(s Source, callee *types.Func, via string, call ast.Node) ForeignSite {
	chain := slices.Clone(s.Chain)
	if !abstract(callee) || len(chain) == 0 {
		// An interface method's sources name the method that implements
		// it already (implementations).
		chain = append(chain, analyzerutil.CallName(callee))
	}
	return ForeignSite{
		Source: s,
		Via:    fmt.Sprintf("%s's result → %s", strings.Join(chain, "'s result → "), via),
		Exit:   analyzerutil.LocOf(fl.pass.Fset, call.Pos()),
	}
}

// otherUse reports whether the package uses fn's integer result as a
// number of another kind than an exit code: an index or slice bound, an
// operand of arithmetic, a bound compared with another variable (directly,
// or through the local variable the result is assigned to). Such a
// function is a general-purpose helper (a conversion used for indices and
// for a code), and its constants are no exit codes.
func (fl *flow) otherUse(fn *types.Func) bool {
	if fl.numberUse == nil {
		fl.numberUse = fl.findNumberUses()
	}
	return fl.numberUse[fn.Origin()]
}

// findNumberUses finds the functions of the package whose integer result
// some call, outside tests, uses as a number of another kind (otherUse).
func (fl *flow) findNumberUses() map[*types.Func]bool {
	info := fl.pass.TypesInfo
	out := map[*types.Func]bool{}
	for _, file := range fl.pass.Files {
		if analyzerutil.InTestFile(fl.pass.Fset, file.Pos()) {
			continue
		}
		var stack []ast.Node
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok || len(stack) < 2 {
				return true
			}
			fn, ok := typeutil.Callee(info, call).(*types.Func)
			if !ok || fn.Pkg() != fl.pass.Pkg || out[fn.Origin()] {
				return true
			}
			res := codeResult(fn.Signature())
			if res < 0 {
				return true
			}
			if numberContext(info, stack[len(stack)-2], call) {
				out[fn.Origin()] = true
				return true
			}
			if v := resultVar(info, stack[len(stack)-2], call, res); v != nil && fl.numberVar(v, stack) {
				out[fn.Origin()] = true
			}
			return true
		})
	}
	return out
}

// numberContext reports whether parent uses e as a number of another kind
// than an exit code.
func numberContext(info *types.Info, parent ast.Node, e ast.Expr) bool {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		switch p.Op {
		case token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.AND_NOT:
			return true
		case token.LSS, token.GTR, token.LEQ, token.GEQ:
			other := p.X
			if other == e {
				other = p.Y
			}
			return info.Types[other].Value == nil // a bound, not a test of the code's value
		}
	case *ast.IndexExpr:
		return p.Index == e
	case *ast.SliceExpr:
		return p.Low == e || p.High == e || p.Max == e
	case *ast.IncDecStmt:
		return true
	case *ast.AssignStmt:
		return p.Tok != token.ASSIGN && p.Tok != token.DEFINE // x += f()
	case *ast.RangeStmt:
		return p.X == e
	}
	return false
}

// resultVar returns the local variable parent, an assignment or
// declaration, gives result res of call, or nil.
func resultVar(info *types.Info, parent ast.Node, call *ast.CallExpr, res int) *types.Var {
	var lhs []ast.Expr
	switch p := parent.(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) != 1 || p.Rhs[0] != ast.Expr(call) {
			return nil
		}
		lhs = p.Lhs
	case *ast.ValueSpec:
		if len(p.Values) != 1 || p.Values[0] != ast.Expr(call) {
			return nil
		}
		for _, name := range p.Names {
			lhs = append(lhs, name)
		}
	default:
		return nil
	}
	i := res
	if len(lhs) == 1 {
		i = 0
	}
	if i >= len(lhs) {
		return nil
	}
	id, ok := lhs[i].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}

// numberVar reports whether the function the stack is in uses the local
// variable v as a number of another kind (numberContext).
func (fl *flow) numberVar(v *types.Var, stack []ast.Node) bool {
	var body ast.Node
	for i := len(stack) - 1; i >= 0 && body == nil; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
	}
	if body == nil {
		return false
	}
	info := fl.pass.TypesInfo
	found := false
	var inner []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			inner = inner[:len(inner)-1]
			return true
		}
		inner = append(inner, n)
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v && len(inner) >= 2 && numberContext(info, inner[len(inner)-2], id) {
			found = true
		}
		return !found
	})
	return found
}

// Const returns the named constant a source of another package spells, or
// nil for a literal or a constant of a package the package being analyzed
// does not import, directly or not.
func (e *Exits) Const(s Source) *types.Const {
	p := e.imports[s.ConstPkg]
	if s.Const == "" || p == nil {
		return nil
	}
	k, _ := p.Scope().Lookup(s.Const).(*types.Const)
	return k
}

// importClosure returns the packages pkg imports, directly or not, by
// path.
func importClosure(pkg *types.Package) map[string]*types.Package {
	out := map[string]*types.Package{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if _, seen := out[p.Path()]; seen {
			return
		}
		out[p.Path()] = p
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(pkg)
	return out
}

// abstract reports whether fn is an interface's method.
func abstract(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	_, ok := recv.Type().Underlying().(*types.Interface)
	return ok
}

// impls are the methods that implement an interface method: the package's
// own (with bodies), and what the others' result facts say, as one.
type impls struct {
	local   []*types.Func
	foreign *resultFact
}

// implKey asks for the implementations of an interface method, of error
// types only or of every type.
type implKey struct {
	m          *types.Func
	errorsOnly bool
}

// implementations finds, once per method, the methods of the named types
// of this package and of those it imports (directly or not) that
// implement the interface m belongs to, and gathers them; with
// errorsOnly, of the types that are errors too (the call's receiver holds
// an error: holdsError).
func (fl *flow) implementations(m *types.Func, errorsOnly bool) impls {
	key := implKey{m, errorsOnly}
	if got, ok := fl.impls[key]; ok {
		return got
	}
	var out impls
	iface, _ := m.Signature().Recv().Type().Underlying().(*types.Interface)
	if fl.closure == nil {
		fl.closure = importClosure(fl.pass.Pkg)
	}
	merged := &resultFact{}
	for _, path := range slices.Sorted(maps.Keys(fl.closure)) {
		pkg := fl.closure[path]
		if analyzerutil.StdPackage(path) || iface == nil {
			continue
		}
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			if _, isIface := tn.Type().Underlying().(*types.Interface); isIface {
				continue
			}
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(t, iface) || errorsOnly && !types.Implements(t, errorInterface) {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
				impl, ok := obj.(*types.Func)
				if !ok {
					break
				}
				if pkg == fl.pass.Pkg {
					if _, local := fl.decl[impl.Origin()]; local {
						out.local = append(out.local, impl.Origin())
					}
					break
				}
				f := new(resultFact)
				if fl.pass.ImportObjectFact(impl, f) && !f.Other {
					for _, src := range f.Sources {
						src.Chain = append(slices.Clone(src.Chain), analyzerutil.CallName(impl))
						merged.Sources = append(merged.Sources, src)
					}
					for _, k := range f.Fields {
						if !slices.Contains(merged.Fields, k) {
							merged.Fields = append(merged.Fields, k)
						}
					}
				}
				break
			}
		}
	}
	if len(merged.Sources) > maxSources {
		merged.Sources = merged.Sources[:maxSources]
	}
	if len(merged.Sources) > 0 || len(merged.Fields) > 0 {
		out.foreign = merged
	}
	fl.impls[key] = out
	return out
}
