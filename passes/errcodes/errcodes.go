package errcodes

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

// Analyzer exports a codesFact on every function whose results may carry
// an exit code, and on every package-level variable whose value does.
var Analyzer = &analysis.Analyzer{
	Name:       "errcodes",
	Doc:        analyzerutil.Doc(doc, "errcodes"),
	URL:        analyzerutil.URL("errcodes"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{contract.Analyzer},
	ResultType: reflect.TypeFor[*Codes](),
	FactTypes:  []analysis.Fact{(*codesFact)(nil)},
}

// MaxDepth is how many steps (a conversion, a local variable's value, a
// wrapping call, a function literal's result) a value is followed to tell
// which codes it carries. A value is made a few steps from where it is
// returned; an SSA value takes a step more for each conversion the syntax
// leaves implicit, which the bound allows.
const MaxDepth = 8

// Set maps each exit code a value may carry to how it gets there: the
// constant ("exitcode.NotFound"), the function it is returned by ("fetch"),
// the carrier ("exitcode.New"), or the standard error exitcode.FromError
// classifies ("fs.ErrNotExist").
type Set map[int64]string

// add records code with via unless the set has it already: the first way
// found is the one a message shows.
func (s Set) add(code int64, via string) {
	if _, ok := s[code]; !ok {
		s[code] = via
	}
}

// union adds what other carries, each code with other's via, or with via
// when it is not "".
func (s Set) union(other Set, via string) {
	for _, code := range other.Codes() {
		if via != "" {
			s.add(code, via)
		} else {
			s.add(code, other[code])
		}
	}
}

// Codes returns the codes in the set, sorted.
func (s Set) Codes() []int64 {
	out := make([]int64, 0, len(s))
	for c := range s {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Carried is one exit code one result of a function (result 0: the value
// of a variable) may carry.
type Carried struct {
	Result int
	Code   int64
	Via    string
}

// codesFact marks a function whose results may carry exit codes, or a
// package-level variable whose value does; sorted by result, then code.
type codesFact struct{ Carried []Carried }

func (*codesFact) AFact() {}

func (f *codesFact) String() string {
	var parts []string
	for _, c := range f.Carried {
		parts = append(parts, fmt.Sprintf("%d: %d via %s", c.Result, c.Code, c.Via))
	}
	return "codes(" + strings.Join(parts, ", ") + ")"
}

func factOf(results map[int]Set) *codesFact {
	f := &codesFact{}
	for i, s := range results {
		for _, code := range s.Codes() {
			f.Carried = append(f.Carried, Carried{Result: i, Code: code, Via: s[code]})
		}
	}
	sort.Slice(f.Carried, func(a, b int) bool {
		x, y := f.Carried[a], f.Carried[b]
		return x.Result < y.Result || x.Result == y.Result && x.Code < y.Code
	})
	return f
}

// Codes answers, for the package being analyzed, which exit codes a value
// may carry and which functions may return them.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type Codes struct {
	info  *types.Info
	pkg   *types.Package
	c     *contract.Contract
	facts *summary.Table[codesFact, *codesFact]
	// sentinels are the package-level variables, this package's and those
	// of other packages it refers to, whose value carries codes
	// (var errNoArgs = exitcode.New(exitcode.ArgError, …)).
	sentinels map[*types.Var]Set
}

// Func returns the codes each result of fn may carry, from this package or
// a dependency, or nil.
func (c *Codes) Func(fn *types.Func) map[int]Set {
	f := c.facts.Of(fn)
	if f == nil {
		return nil
	}
	out := map[int]Set{}
	for _, k := range f.Carried {
		if out[k.Result] == nil {
			out[k.Result] = Set{}
		}
		out[k.Result].add(k.Code, k.Via)
	}
	return out
}

// Sentinel returns the codes the package-level variable v carries, or nil.
func (c *Codes) Sentinel(v *types.Var) Set { return c.sentinels[v] }

// IsCode reports whether a constant of type t with value v is an exit code
// of an exit-code enum, and which.
func (c *Codes) IsCode(t types.Type, v constant.Value) (int64, bool) {
	if v == nil || v.Kind() != constant.Int || t == nil || c.c.Enum(t) == nil {
		return 0, false
	}
	return constant.Int64Val(v)
}

// Of returns the codes e may carry; body is the enclosing function's body,
// for local variables (nil at package level).
func (c *Codes) Of(e ast.Expr, body *ast.BlockStmt) Set { return c.of(e, body, 0) }

// OfResult returns the codes result i of a call with several results may
// carry (return f(), where f returns (T, error)).
func (c *Codes) OfResult(call ast.Expr, i int, body *ast.BlockStmt) Set {
	return c.tupleCodes(call, i, body, 0)
}

// OfVar returns the codes the values body assigns to the local variable v
// may carry (a named result, returned bare).
func (c *Codes) OfVar(v *types.Var, body *ast.BlockStmt) Set { return c.localCodes(v, body, 0) }

func run(pass *analysis.Pass) (any, error) {
	c := &Codes{
		info:      pass.TypesInfo,
		pkg:       pass.Pkg,
		c:         pass.ResultOf[contract.Analyzer].(*contract.Contract),
		facts:     summary.NewTable[codesFact](pass),
		sentinels: importedSentinels(pass),
	}
	if !c.c.EnumsInView && !c.facts.Any(func(*codesFact) bool { return true }) && len(c.sentinels) == 0 && !refersToCarrier(pass) {
		// No exit-code enum, no framework error that takes a code, no
		// error exitcode.FromError classifies, and no dependency's
		// function or variable that carries one: no value carries a code.
		return c, nil
	}
	c.findSentinels(pass)
	funcs := summary.Funcs(pass)
	summary.Solve(c.facts, funcs, func(fn summary.Func, old *codesFact) (*codesFact, bool) {
		results := c.returns(fn.Obj, fn.Decl.Body)
		if len(results) == 0 {
			return old, false
		}
		f := factOf(results)
		return f, old == nil || len(f.Carried) != len(old.Carried)
	})
	c.facts.Export(pass)
	return c, nil
}

// findSentinels records the package-level variables of the package whose
// initial value carries codes, and exports a fact on each for the packages
// that import it.
func (c *Codes) findSentinels(pass *analysis.Pass) {
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
				if s := c.of(vs.Values[i], nil, 0); len(s) > 0 {
					c.sentinels[v] = s
					if !analyzerutil.InStd(pass) {
						pass.ExportObjectFact(v, factOf(map[int]Set{0: s}))
					}
				}
			}
		}
	}
}

// importedSentinels imports the facts of the package-level variables of
// other packages that the package refers to.
func importedSentinels(pass *analysis.Pass) map[*types.Var]Set {
	out := map[*types.Var]Set{}
	tried := map[*types.Var]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		v, ok := obj.(*types.Var)
		if !ok || v.Pkg() == nil || v.Pkg() == pass.Pkg || v.Parent() != v.Pkg().Scope() || tried[v] {
			continue
		}
		tried[v] = true
		if f := new(codesFact); pass.ImportObjectFact(v, f) {
			s := Set{}
			for _, k := range f.Carried {
				s.add(k.Code, k.Via)
			}
			out[v] = s
		} else if code, ok := classified[v.Pkg().Path()+"."+v.Name()]; ok {
			out[v] = Set{int64(code): v.Pkg().Name() + "." + v.Name()}
		}
	}
	return out
}

// classified are the standard errors exitcode.FromError gives a code of
// their own, by package path and name: an error that wraps one ends a
// command runner's phase with that code.
var classified = map[string]exitcode.Code{
	"io/fs.ErrNotExist":        exitcode.NotFound,
	"os.ErrNotExist":           exitcode.NotFound,
	"io/fs.ErrPermission":      exitcode.PermissionDenied,
	"os.ErrPermission":         exitcode.PermissionDenied,
	"io/fs.ErrExist":           exitcode.Conflict,
	"os.ErrExist":              exitcode.Conflict,
	"context.DeadlineExceeded": exitcode.Timeout,
	"os.ErrDeadlineExceeded":   exitcode.Timeout,
	"os/exec.ErrNotFound":      exitcode.Precondition,
}

// refersToCarrier reports whether the package refers to an error
// constructor that takes the exit code (CarrierExitCoder).
func refersToCarrier(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && CarrierOf(fn) == CarrierExitCoder {
			return true
		}
	}
	return false
}

// returns computes what the results of a function body may carry.
func (c *Codes) returns(fn *types.Func, body *ast.BlockStmt) map[int]Set {
	sig := fn.Signature()
	results := map[int]Set{}
	add := func(i int, s Set, via string) {
		if len(s) == 0 {
			return
		}
		if results[i] == nil {
			results[i] = Set{}
		}
		results[i].union(s, via)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == sig.Results().Len():
				for i, r := range n.Results {
					add(i, c.of(r, body, 0), "")
				}
			case len(n.Results) == 1:
				// return f(): f's results are this function's.
				if call, ok := ast.Unparen(n.Results[0]).(*ast.CallExpr); ok {
					if callee, ok := typeutil.Callee(c.info, call).(*types.Func); ok {
						for i, s := range c.Func(callee) {
							add(i, s, LocalName(callee))
						}
					}
				}
			case len(n.Results) == 0:
				// A bare return of named results.
				for i := 0; i < sig.Results().Len(); i++ {
					if v := sig.Results().At(i); v.Name() != "" {
						add(i, c.localCodes(v, body, 0), "")
					}
				}
			}
		}
		return true
	})
	return results
}

// of returns the codes e may carry (see the package documentation). body
// is the enclosing function's body, for local variables.
func (c *Codes) of(e ast.Expr, body *ast.BlockStmt, depth int) Set {
	if depth > MaxDepth || e == nil {
		return nil
	}
	info := c.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok {
		if code, ok := c.IsCode(tv.Type, tv.Value); ok {
			return Set{code: types.ExprString(e)}
		}
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return c.of(x.X, body, depth+1)
		}
	case *ast.StarExpr:
		return c.of(x.X, body, depth+1)
	case *ast.CompositeLit:
		out := Set{}
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			out.union(c.of(elt, body, depth+1), "")
		}
		return out
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return nil
		}
		if body != nil && !v.IsField() && v.Parent() != nil && v.Parent() != c.pkg.Scope() {
			return c.localCodes(v, body, depth+1)
		}
		return c.sentinels[v]
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
			return c.sentinels[v]
		}
	case *ast.CallExpr:
		return c.callCodes(x, body, depth)
	}
	return nil
}

// callCodes returns the codes a call's single result may carry.
func (c *Codes) callCodes(x *ast.CallExpr, body *ast.BlockStmt, depth int) Set {
	info := c.info
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		return c.of(x.Args[0], body, depth+1) // a conversion
	}
	if b, ok := typeutil.Callee(info, x).(*types.Builtin); ok {
		if b.Name() != "append" {
			return nil
		}
		// append(errs, e): what the appended elements carry (the slice
		// appended to is followed where it is assigned).
		out := Set{}
		for i, arg := range x.Args {
			if _, isIdent := ast.Unparen(arg).(*ast.Ident); i == 0 && isIdent {
				continue
			}
			out.union(c.of(arg, body, depth+1), "")
		}
		return out
	}
	if lit := c.literal(x.Fun, body); lit != nil {
		return c.literalCodes(lit, 0, depth+1)
	}
	callee, ok := typeutil.Callee(info, x).(*types.Func)
	if !ok {
		return nil
	}
	out := Set{}
	switch CarrierOf(callee) {
	case CarrierExitCoder:
		if i := ExitCoderArg(callee); i < len(x.Args) {
			if v := info.Types[x.Args[i]].Value; v != nil && v.Kind() == constant.Int {
				if n, exact := constant.Int64Val(v); exact {
					out.add(n, LocalName(callee))
				}
			}
		}
	case CarrierCode:
		if len(x.Args) > 0 {
			out.union(c.of(x.Args[0], body, depth+1), "exitcode.New")
		}
	case CarrierRecv:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			out.union(c.of(sel.X, body, depth+1), "")
		}
	case CarrierArgs:
		for _, arg := range x.Args {
			out.union(c.of(arg, body, depth+1), "")
		}
	case CarrierWrap:
		if len(x.Args) == 0 {
			break
		}
		wrapped, known := analyzerutil.WrappedArgs(info.Types[x.Args[0]].Value)
		for i, arg := range x.Args[1:] {
			if !known || slices.Contains(wrapped, i) {
				out.union(c.of(arg, body, depth+1), "")
			}
		}
	default:
		if callee.Signature().Results().Len() == 1 {
			out.union(c.Func(callee)[0], LocalName(callee))
		}
	}
	return out
}

// Carrier is how a call passes exit codes on from what it is given to what
// it returns. CarrierOf is the one table of carriers, read over syntax
// (here) and over SSA (the argerror pass's SSA view).
type Carrier int

const (
	// NoCarrier: the call passes nothing on by name (a function with a
	// fact may still return codes).
	NoCarrier Carrier = iota
	// CarrierCode: exitcode.New carries the code of its code argument,
	// the first.
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
	// cli.Exit(message, code)) carries the constant its ExitCoderArg is:
	// the code is a plain int there.
	CarrierExitCoder
)

// ExitCoderArg returns the index of the exit-code argument of a
// CarrierExitCoder (exits.ExitCoderArg).
func ExitCoderArg(fn *types.Func) int {
	i, _ := exits.ExitCoderArg(fn)
	return i
}

// CarrierOf returns how a call of fn carries exit codes on.
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

// localCodes returns what the values assigned to the local variable v in
// body carry.
func (c *Codes) localCodes(v *types.Var, body *ast.BlockStmt, depth int) Set {
	info := c.info
	out := Set{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					out.union(c.of(n.Rhs[i], body, depth), "")
				} else if len(n.Rhs) == 1 {
					out.union(c.tupleCodes(n.Rhs[0], i, body, depth), "")
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] == v && i < len(n.Values) && len(n.Names) == len(n.Values) {
					out.union(c.of(n.Values[i], body, depth), "")
				}
			}
		}
		return true
	})
	return out
}

// tupleCodes returns what result i of a call with several results carries.
func (c *Codes) tupleCodes(e ast.Expr, i int, body *ast.BlockStmt, depth int) Set {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if lit := c.literal(call.Fun, body); lit != nil {
		return c.literalCodes(lit, i, depth+1)
	}
	if callee, ok := typeutil.Callee(c.info, call).(*types.Func); ok {
		out := Set{}
		out.union(c.Func(callee)[i], LocalName(callee))
		return out
	}
	return nil
}

// LocalName names a function as a fact's via shows it: "Validate",
// "Error.With".
func LocalName(fn *types.Func) string {
	name, _ := analyzerutil.FuncName(fn)
	return name
}

// literal returns the function literal a call's function expression is:
// the literal itself, or a local variable of body assigned only that
// literal (check := func() error {…}; check()).
func (c *Codes) literal(fun ast.Expr, body *ast.BlockStmt) *ast.FuncLit {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return f
	case *ast.Ident:
		v, ok := c.info.Uses[f].(*types.Var)
		if !ok || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		values, complete := analyzerutil.AssignedValues(c.info, v, body)
		if !complete || len(values) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
		return lit
	}
	return nil
}

// literalCodes returns what result i of a function literal may carry: what
// its own return statements return there.
func (c *Codes) literalCodes(lit *ast.FuncLit, i, depth int) Set {
	out := Set{}
	if depth > MaxDepth {
		return out
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if i < len(n.Results) && len(n.Results) == lit.Type.Results.NumFields() {
				out.union(c.of(n.Results[i], lit.Body, depth+1), "func literal")
			}
		}
		return true
	})
	return out
}
