package argerror

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
)

//go:embed doc.go
var doc string

// Analyzer exports an argFact on every function that may return ARG_ERROR.
var Analyzer = &analysis.Analyzer{
	Name:       "argerror",
	Doc:        analyzerutil.Doc(doc, "argerror"),
	URL:        analyzerutil.URL("argerror"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{contract.Analyzer, exits.Analyzer},
	ResultType: reflect.TypeFor[*ArgErrors](),
	FactTypes:  []analysis.Fact{(*argFact)(nil), (*exitFieldFact)(nil), (*errTypesFact)(nil)},
}

// ArgCode is ARG_ERROR's value in the table.
const ArgCode = int(exitcode.ArgError)

// maxCarryDepth is how many steps (a conversion, a local variable's value,
// a wrapping call, a function literal's result) the syntax side and the SSA
// side alike follow a value to tell whether it carries ARG_ERROR. A value is
// made a few steps from where it is returned; an SSA value takes a step more
// for each conversion the syntax leaves implicit, which the bound allows.
const maxCarryDepth = 8

// Returns says which results of a function may carry ARG_ERROR, and how.
type Returns struct {
	Results []int  // indexes of the results that may carry ARG_ERROR
	Via     string // how: "exitcode.New", "ArgError", "validate"
	// Guard, when set, says the function returns ARG_ERROR only for an
	// error of one type given as a parameter (errtypes.go).
	Guard *Guard
}

// Has reports whether result i may carry ARG_ERROR.
func (f *Returns) Has(i int) bool {
	for _, r := range f.Results {
		if r == i {
			return true
		}
	}
	return false
}

// argFact marks a function that may return ARG_ERROR in some results.
type argFact struct{ Returns }

func (*argFact) AFact() {}

func (f *argFact) String() string {
	var idx []string
	for _, i := range f.Results {
		idx = append(idx, fmt.Sprint(i))
	}
	s := "argError(results " + strings.Join(idx, ",") + " via " + f.Via
	if f.Guard != nil {
		s += fmt.Sprintf(" if parameter %d is %s", f.Guard.Param, f.Guard.Type)
	}
	return s + ")"
}

// ArgErrors answers, for the package being analyzed, which functions may
// return ARG_ERROR.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type ArgErrors struct {
	info  *types.Info
	pkg   *types.Package
	c     *contract.Contract
	facts *summary.Table[argFact, *argFact]
	// sentinels are the package-level variables, this package's and those
	// of other packages it refers to, whose value carries ARG_ERROR
	// (var errNoArgs = exitcode.New(exitcode.ArgError, …)), with how.
	sentinels map[*types.Var]string
	// errTypes are the error types the package's functions, and those of
	// other packages it calls, may return.
	errTypes *summary.Table[errTypesFact, *errTypesFact]
	// coders are the exit-code fields of error types, and the
	// constructors that fill them (exitcoder.go).
	coders *exitCoders
	// Any reports whether the package can emit ARG_ERROR: it mentions the
	// value 3 of an exit-code enum, calls a function with an argFact, or
	// exits with 3 (os.Exit(3), a helper that may). Only then can a check
	// find an emission in it.
	Any bool
}

// Func returns which results of fn may carry ARG_ERROR, from this package
// or a dependency, or nil.
func (a *ArgErrors) Func(fn *types.Func) *Returns {
	if f := a.facts.Of(fn); f != nil {
		return &f.Returns
	}
	return nil
}

// Sentinel returns how the package-level variable v carries ARG_ERROR, or
// "" if it does not.
func (a *ArgErrors) Sentinel(v *types.Var) string { return a.sentinels[v] }

// IsArgConst reports whether a constant of type t with value v is ARG_ERROR:
// the value 3 of an exit-code enum.
func (a *ArgErrors) IsArgConst(t types.Type, v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int || t == nil || a.c.Enum(t) == nil {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == int64(ArgCode)
}

func run(pass *analysis.Pass) (any, error) {
	a := &ArgErrors{
		info:      pass.TypesInfo,
		pkg:       pass.Pkg,
		c:         pass.ResultOf[contract.Analyzer].(*contract.Contract),
		facts:     summary.NewTable[argFact](pass),
		sentinels: importedSentinels(pass),
		errTypes:  errorTypes(pass),
	}
	ex := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	a.coders = findExitCoders(pass, ex)
	if !a.c.EnumsInView && !a.facts.Any(func(*argFact) bool { return true }) && !callsExitCoder(pass) && len(a.coders.fields) == 0 {
		// No exit-code enum, no error that takes a code, and no
		// dependency's function that returns ARG_ERROR: no value is
		// ARG_ERROR, but an exit may be.
		a.Any = exitsWithArgError(pass, ex)
		return a, nil
	}
	a.findSentinels(pass)
	funcs := summary.Funcs(pass)
	summary.Solve(a.facts, funcs, func(fn summary.Func, old *argFact) (*argFact, bool) {
		f := a.returns(fn.Obj, fn.Decl.Body)
		// A guard only goes: a new return that carries ARG_ERROR without
		// it takes it away.
		return f, f != nil && (old == nil || len(f.Results) != len(old.Results) || (old.Guard != nil && f.Guard == nil))
	})
	a.facts.Export(pass)
	a.Any = a.facts.HasLocal() || len(a.sentinels) > 0 || a.mentions() || exitsWithArgError(pass, ex)
	return a, nil
}

// findSentinels records the package-level variables of the package whose
// initial value carries ARG_ERROR, and exports an argFact on each (result 0:
// the variable's value) for the packages that import it.
func (a *ArgErrors) findSentinels(pass *analysis.Pass) {
	for gd := range analyzerutil.VarDecls(pass) {
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Values) != len(vs.Names) {
				continue
			}
			for i, name := range vs.Names {
				v, ok := pass.TypesInfo.Defs[name].(*types.Var)
				if !ok {
					continue
				}
				if via := a.Carries(vs.Values[i], nil, 0); via != "" {
					a.sentinels[v] = via
					if !analyzerutil.InStd(pass) {
						pass.ExportObjectFact(v, &argFact{Returns{Results: []int{0}, Via: via}})
					}
				}
			}
		}
	}
}

// importedSentinels imports the facts of the package-level variables of
// other packages that the package refers to.
func importedSentinels(pass *analysis.Pass) map[*types.Var]string {
	out := map[*types.Var]string{}
	tried := map[*types.Var]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() == nil || v.Pkg() == pass.Pkg || v.Parent() != v.Pkg().Scope() || tried[v] {
			continue
		}
		tried[v] = true
		if f := new(argFact); pass.ImportObjectFact(v, f) {
			out[v] = f.Via
		}
	}
	return out
}

// callsExitCoder reports whether the package refers to an error
// constructor that takes the exit code (CarrierExitCoder).
func callsExitCoder(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && CarrierOf(fn) == CarrierExitCoder {
			return true
		}
	}
	return false
}

// mentions reports whether the package uses an ARG_ERROR constant, calls
// a function with an argFact from a dependency, or builds an error whose
// exit-code field holds 3.
func (a *ArgErrors) mentions() bool {
	for e, tv := range a.info.Types {
		if a.IsArgConst(tv.Type, tv.Value) {
			return true
		}
		switch e := e.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(a.info, e).(*types.Func); ok && (a.Func(fn) != nil || a.coders.callCarries(a.info, fn, e.Args) != "") {
				return true
			}
		case *ast.CompositeLit:
			if a.coders.literalCarries(a.info, e) != "" {
				return true
			}
		}
	}
	return false
}

// exitsWithArgError reports whether the package has an exit call with the
// constant 3 (os.Exit(3)), calls a helper that may exit with 3, or has a
// constant 3 that becomes an exit code some other way (exits.CodeSite:
// die(3), a run function's result).
func exitsWithArgError(pass *analysis.Pass, ex *exits.Exits) bool {
	for _, site := range ex.Sites() {
		if IsArgCode(pass.TypesInfo.Types[site.Expr].Value) {
			return true
		}
	}
	// Only an exit function (os, syscall, exitcode) or a helper whose fact
	// has code 3 can exit with ARG_ERROR: most packages have neither.
	if !analyzerutil.Imports(pass.Pkg, "os", "syscall", analyzerutil.ExitcodePath) && !ex.InView(ArgCode) {
		return false
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if e, ok := ex.Call(call); ok && (e.Code == ArgCode || (e.Summary != nil && e.Summary.Has(ArgCode))) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// returns computes the fact of a function body: the results whose returned
// values may carry ARG_ERROR.
func (a *ArgErrors) returns(fn *types.Func, body *ast.BlockStmt) *argFact {
	results := map[int]string{}
	var rets []*ast.ReturnStmt // the returns that carry ARG_ERROR
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			carried := false
			a.returnCarries(fn.Signature(), body, n, func(i int, via string) {
				carried = true
				if results[i] == "" {
					results[i] = via
				}
			})
			if carried {
				rets = append(rets, n)
			}
		}
		return true
	})
	if len(results) == 0 {
		return nil
	}
	f := &argFact{}
	for i := range results {
		f.Results = append(f.Results, i)
	}
	sort.Ints(f.Results)
	f.Via = results[f.Results[0]]
	f.Guard = a.guard(fn, body, rets)
	return f
}

// returnCarries yields the results a return statement returns ARG_ERROR
// in, and how.
func (a *ArgErrors) returnCarries(sig *types.Signature, body *ast.BlockStmt, ret *ast.ReturnStmt, yield func(i int, via string)) {
	switch {
	case len(ret.Results) == sig.Results().Len():
		for i, r := range ret.Results {
			if via := a.Carries(r, body, 0); via != "" {
				yield(i, via)
			}
		}
	case len(ret.Results) == 1:
		// return f(): f's results are this function's.
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
			if callee, ok := typeutil.Callee(a.info, call).(*types.Func); ok {
				if f := a.Func(callee); f != nil {
					for _, i := range f.Results {
						yield(i, localName(callee))
					}
				}
			}
		}
	case len(ret.Results) == 0:
		// A bare return of named results.
		for i := 0; i < sig.Results().Len(); i++ {
			if v := sig.Results().At(i); v.Name() != "" {
				if via := a.localCarries(v, body, 0); via != "" {
					yield(i, via)
				}
			}
		}
	}
}

// Carries reports how e may carry ARG_ERROR ("" if it does not): see the
// package documentation. body is the enclosing function's body, for local
// variables.
func (a *ArgErrors) Carries(e ast.Expr, body *ast.BlockStmt, depth int) string {
	if depth > maxCarryDepth || e == nil {
		return ""
	}
	info := a.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && a.IsArgConst(tv.Type, tv.Value) {
		return types.ExprString(e)
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return a.Carries(x.X, body, depth+1)
		}
	case *ast.StarExpr:
		return a.Carries(x.X, body, depth+1)
	case *ast.CompositeLit:
		if via := a.coders.literalCarries(info, x); via != "" {
			return via
		}
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			if via := a.Carries(elt, body, depth+1); via != "" {
				return via
			}
		}
	case *ast.Ident:
		if v, ok := info.Uses[x].(*types.Var); ok && body != nil && !v.IsField() && v.Parent() != nil && v.Parent() != a.pkg.Scope() {
			return a.localCarries(v, body, depth+1)
		}
		if v, ok := info.Uses[x].(*types.Var); ok {
			return a.sentinels[v]
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
			return a.sentinels[v]
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return a.Carries(x.Args[0], body, depth+1) // a conversion
		}
		if b, ok := typeutil.Callee(info, x).(*types.Builtin); ok && b.Name() == "append" {
			// append(errs, e): what the appended elements carry (the
			// slice appended to is followed where it is assigned).
			for i, arg := range x.Args {
				if _, isIdent := ast.Unparen(arg).(*ast.Ident); i == 0 && isIdent {
					continue
				}
				if via := a.Carries(arg, body, depth+1); via != "" {
					return via
				}
			}
			return ""
		}
		if lit := a.literal(x.Fun, body); lit != nil {
			return a.literalCarries(lit, 0, depth+1)
		}
		callee, ok := typeutil.Callee(info, x).(*types.Func)
		if !ok {
			return ""
		}
		if via := a.coders.callCarries(info, callee, x.Args); via != "" {
			return via
		}
		switch CarrierOf(callee) {
		case CarrierExitCoder:
			if i := ExitCoderArg(callee); i < len(x.Args) && IsArgCode(info.Types[x.Args[i]].Value) {
				return localName(callee)
			}
			return ""
		case CarrierCode:
			if len(x.Args) > 0 && a.Carries(x.Args[0], body, depth+1) != "" {
				return "exitcode.New"
			}
			return ""
		case CarrierRecv:
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				return a.Carries(sel.X, body, depth+1)
			}
			return ""
		case CarrierArgs:
			for _, arg := range x.Args {
				if via := a.Carries(arg, body, depth+1); via != "" {
					return via
				}
			}
			return ""
		case CarrierWrap:
			if len(x.Args) == 0 {
				return ""
			}
			wrapped, known := analyzerutil.WrappedArgs(info.Types[x.Args[0]].Value)
			for i, arg := range x.Args[1:] {
				if known && !slices.Contains(wrapped, i) {
					continue
				}
				if via := a.Carries(arg, body, depth+1); via != "" {
					return via
				}
			}
			return ""
		}
		if f := a.Func(callee); f != nil && f.Has(0) && callee.Signature().Results().Len() == 1 {
			return localName(callee)
		}
	}
	return ""
}

// Carrier is how a call passes ARG_ERROR on from what it is given to what
// it returns. CarrierOf is the one table of carriers, read over syntax
// (Carries) and over SSA (the SSA view).
type Carrier int

const (
	// NoCarrier: the call passes nothing on by name (a function with an
	// argFact may still return ARG_ERROR).
	NoCarrier Carrier = iota
	// CarrierCode: exitcode.New carries ARG_ERROR when its code argument,
	// the first, is ARG_ERROR.
	CarrierCode
	// CarrierRecv: a With method of *exitcode.Error, and Wrap, carry what
	// their receiver carries.
	CarrierRecv
	// CarrierArgs: errors.Join carries what any argument carries.
	CarrierArgs
	// CarrierWrap: fmt.Errorf carries what an argument formatted with %w
	// carries (WrappedArgs); %v and the other verbs only copy its text, and
	// the result is a plain error, GENERAL_ERROR to exitcode.FromError.
	CarrierWrap
	// CarrierExitCoder: a framework's error constructor that takes the
	// exit code the framework ends the process with (urfave/cli's
	// cli.Exit(message, code)) carries ARG_ERROR when that argument,
	// ExitCoderArg, is the constant 3: the code is a plain int there.
	CarrierExitCoder
)

// ExitCoderArg returns the index of the exit-code argument of a
// CarrierExitCoder (exits.ExitCoderArg).
func ExitCoderArg(fn *types.Func) int {
	i, _ := exits.ExitCoderArg(fn)
	return i
}

// IsArgCode reports whether a constant is the number 3, ARG_ERROR's exit
// code, whatever its integer type: what an exit call, a framework's
// exit-code argument or an exit-code result holds.
func IsArgCode(v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == int64(ArgCode)
}

// CarrierOf returns how a call of fn carries ARG_ERROR on.
func CarrierOf(fn *types.Func) Carrier {
	if _, ok := exits.ExitCoderArg(fn); ok {
		return CarrierExitCoder
	}
	name, ok := carrierFuncs.Name(fn)
	switch {
	case !ok:
		return NoCarrier
	case name == analyzerutil.ExitcodePath+".New":
		return CarrierCode
	case strings.HasPrefix(name, "(*"+analyzerutil.ExitcodePath+".Error).With"), name == "(*"+analyzerutil.ExitcodePath+".Error).Wrap":
		return CarrierRecv
	case name == "fmt.Errorf":
		return CarrierWrap
	case name == "errors.Join":
		return CarrierArgs
	}
	return NoCarrier
}

// carrierFuncs are the packages of the carriers CarrierOf knows by name.
var carrierFuncs = analyzerutil.NewFuncs([]string{analyzerutil.ExitcodePath + ".New", "fmt.Errorf", "errors.Join"})

// localCarries reports whether any value assigned to the local variable v
// in body carries ARG_ERROR.
func (a *ArgErrors) localCarries(v *types.Var, body *ast.BlockStmt, depth int) string {
	info := a.info
	via := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if via != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					via = a.Carries(n.Rhs[i], body, depth)
				} else if len(n.Rhs) == 1 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok {
						if lit := a.literal(call.Fun, body); lit != nil {
							via = a.literalCarries(lit, i, depth+1)
							continue
						}
						if callee, ok := typeutil.Callee(info, call).(*types.Func); ok {
							if f := a.Func(callee); f != nil && f.Has(i) {
								via = localName(callee)
							}
						}
					}
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] == v && i < len(n.Values) && len(n.Names) == len(n.Values) {
					via = a.Carries(n.Values[i], body, depth)
				}
			}
		}
		return true
	})
	return via
}

// localName names a function as a fact's Via shows it: "Validate",
// "Error.With".
func localName(fn *types.Func) string {
	name, _ := analyzerutil.FuncName(fn)
	return name
}

// literal returns the function literal a call's function expression is:
// the literal itself, or a local variable of body assigned only that
// literal (check := func() error {…}; check()).
func (a *ArgErrors) literal(fun ast.Expr, body *ast.BlockStmt) *ast.FuncLit {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return f
	case *ast.Ident:
		v, ok := a.info.Uses[f].(*types.Var)
		if !ok || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		values, complete := analyzerutil.AssignedValues(a.info, v, body)
		if !complete || len(values) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
		return lit
	}
	return nil
}

// literalCarries reports how result i of a function literal may carry
// ARG_ERROR: what its own return statements return there.
func (a *ArgErrors) literalCarries(lit *ast.FuncLit, i, depth int) string {
	if depth > maxCarryDepth {
		return ""
	}
	via := ""
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if via == "" && i < len(n.Results) && len(n.Results) == lit.Type.Results.NumFields() {
				if a.Carries(n.Results[i], lit.Body, depth+1) != "" {
					via = "func literal"
				}
			}
		}
		return via == ""
	})
	return via
}
