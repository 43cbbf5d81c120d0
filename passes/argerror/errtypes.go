package argerror

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// A helper that maps errors to exit codes often gives ARG_ERROR to one
// class of the error it is given alone (`if errors.As(err, &providerErr) {
// return ExitError{Code: 3} }`). Where it is called, its ARG_ERROR is
// emitted only if the error it is given may be of that class: one the
// functions that made the error may return. So the fact on such a helper
// names the class (Guard), and every function carries the program's error
// types it may return (errTypesFact), computed from syntax like the other
// facts: the types it builds, and those of the functions it calls.

// maxErrTypes is how many error types a function's fact names before it
// says Many: a function that may return more is a dispatcher or a runner,
// whose error may be anything.
const maxErrTypes = 8

// errTypesFact marks a function that may return an error of one of the
// program's error types (named types outside the standard library that
// implement error): one it builds, or one a function it calls may return.
// Many says it may return others too: more than maxErrTypes, or errors of
// calls not told (an interface method, a function value).
type errTypesFact struct {
	Types []string // "path.Name", sorted
	Many  bool
}

func (*errTypesFact) AFact() {}

func (f *errTypesFact) String() string {
	s := "errTypes(" + strings.Join(f.Types, ", ")
	if f.Many {
		s += " …"
	}
	return s + ")"
}

// has reports whether the fact says the function may return type t.
func (f *errTypesFact) has(t string) bool {
	return f != nil && (f.Many || slices.Contains(f.Types, t))
}

// add returns the fact with type t or the other fact's types added, and
// whether it grew.
func (f *errTypesFact) add(types []string, many bool) (*errTypesFact, bool) {
	next := &errTypesFact{Many: many}
	if f != nil {
		next.Types = slices.Clone(f.Types)
		next.Many = next.Many || f.Many
	}
	for _, t := range types {
		if !slices.Contains(next.Types, t) {
			next.Types = append(next.Types, t)
		}
	}
	if len(next.Types) > maxErrTypes {
		next.Types, next.Many = nil, true
	}
	if next.Many {
		next.Types = nil
	}
	slices.Sort(next.Types)
	grew := f == nil || next.Many != f.Many || len(next.Types) != len(f.Types)
	if !grew {
		return f, false
	}
	return next, true
}

// Guard says that a function returns ARG_ERROR only for errors of one type
// given as its parameter Param: under errors.As(param, &target) or a type
// assertion param.(Type).
type Guard struct {
	Param int
	Type  string // "path.Name"
}

// errorTypes computes the package's errTypesFacts and exports them.
func errorTypes(pass *analysis.Pass) *summary.Table[errTypesFact, *errTypesFact] {
	t := summary.NewTable[errTypesFact](pass)
	if analyzerutil.InStd(pass) {
		return t
	}
	funcs := summary.Funcs(pass)
	summary.Solve(t, funcs, func(fn summary.Func, cur *errTypesFact) (*errTypesFact, bool) {
		next, grew := cur, false
		ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
			var g bool
			switch n := n.(type) {
			case *ast.CompositeLit:
				if name := errTypeName(pass.TypesInfo.TypeOf(n)); name != "" {
					next, g = next.add([]string{name}, false)
				}
			case *ast.CallExpr:
				next, g = callErrTypes(pass.TypesInfo, t, n, fn.Decl.Body, next)
			}
			grew = grew || g
			return !(next != nil && next.Many)
		})
		return next, grew
	})
	t.Export(pass)
	return t
}

// callErrTypes adds to cur the error types a call in body may return.
func callErrTypes(info *types.Info, t *summary.Table[errTypesFact, *errTypesFact], call *ast.CallExpr, body *ast.BlockStmt, cur *errTypesFact) (*errTypesFact, bool) {
	if !returnsError(info.TypeOf(call)) {
		return cur, false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		if _, builtin := typeutil.Callee(info, call).(*types.Builtin); builtin || info.Types[call.Fun].IsType() || ownLiteral(info, call.Fun, body) {
			return cur, false // a literal's own calls are the body's
		}
		return cur.add(nil, true) // a function value
	}
	if isInterfaceMethod(fn) {
		// A method of the standard library's interfaces returns its
		// errors; one of the program's may return any of the program's.
		return cur.add(nil, !analyzerutil.StdPackage(fn.Pkg().Path()))
	}
	if f := t.Of(fn); f != nil {
		return cur.add(f.Types, f.Many)
	}
	return cur, false
}

// ownLiteral reports whether a called function expression is a function
// literal of body: on the spot, or a local variable assigned only
// literals (check := func() error {…}; check()).
func ownLiteral(info *types.Info, fun ast.Expr, body *ast.BlockStmt) bool {
	if _, ok := ast.Unparen(fun).(*ast.FuncLit); ok {
		return true
	}
	values, ok := analyzerutil.LocalValues(info, fun, body)
	if !ok {
		return false
	}
	for _, val := range values {
		if _, ok := ast.Unparen(val).(*ast.FuncLit); !ok {
			return false
		}
	}
	return true
}

// returnsError reports whether a call's type is error or a tuple holding
// one.
func returnsError(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if analyzerutil.IsError(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && analyzerutil.IsError(t)
}

func isInterfaceMethod(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type()) && fn.Pkg() != nil
}

// errTypeName returns "path.Name" of a named type outside the standard
// library that, or a pointer to which, implements error; "" otherwise.
func errTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || analyzerutil.StdPackage(n.Obj().Pkg().Path()) {
		return ""
	}
	if !types.Implements(n, errorIface) && !types.Implements(types.NewPointer(n), errorIface) {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// guard returns the guard every ARG_ERROR return of a function is under,
// if one is: each lies in the body of an if whose condition tests that a
// parameter, never assigned, is of one error type (errors.As(err,
// &target), a type assertion), the same for all; or each returns the
// result of a guarded function given that parameter.
func (a *ArgErrors) guard(fn *types.Func, body *ast.BlockStmt, rets []*ast.ReturnStmt) *Guard {
	if len(rets) == 0 {
		return nil
	}
	var g *Guard
	for _, ret := range rets {
		h := a.returnGuard(fn, body, ret)
		if h == nil || (g != nil && *g != *h) {
			return nil
		}
		g = h
	}
	return g
}

// returnGuard returns the guard one return statement is under.
func (a *ArgErrors) returnGuard(fn *types.Func, body *ast.BlockStmt, ret *ast.ReturnStmt) *Guard {
	path := pathTo(body, ret)
	for i := len(path) - 1; i > 0; i-- {
		if ifs, ok := path[i-1].(*ast.IfStmt); ok && path[i] == ast.Node(ifs.Body) {
			if g := a.ifGuard(fn, body, ifs); g != nil {
				return g
			}
		}
	}
	// return classify(err): the callee's guard, on a parameter of fn.
	if len(ret.Results) == 1 {
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
			if callee, ok := typeutil.Callee(a.info, call).(*types.Func); ok {
				if f := a.Func(callee); f != nil && f.Guard != nil && f.Guard.Param < len(call.Args) {
					if p := a.param(fn, body, call.Args[f.Guard.Param]); p >= 0 {
						return &Guard{Param: p, Type: f.Guard.Type}
					}
				}
			}
		}
	}
	return nil
}

// pathTo returns the nodes from root down to n, n included.
func pathTo(root, n ast.Node) []ast.Node {
	var path []ast.Node
	found := false
	ast.Inspect(root, func(x ast.Node) bool {
		switch {
		case found:
			return false
		case x == nil:
			path = path[:len(path)-1]
			return false
		case x.Pos() > n.Pos() || n.End() > x.End():
			return false // n is not inside x
		}
		path = append(path, x)
		if x == n {
			found = true
			return false
		}
		return true
	})
	return path
}

// ifGuard returns the guard an if's condition sets on its body:
// errors.As(param, &target) with the target's type, or ok of
// `v, ok := param.(T)`.
func (a *ArgErrors) ifGuard(fn *types.Func, body *ast.BlockStmt, ifs *ast.IfStmt) *Guard {
	tt, ok := analyzerutil.TypeTestOf(a.info, ifs.Cond, ifs.Init)
	if !ok {
		return nil
	}
	if p := a.param(fn, body, tt.X); p >= 0 {
		if name := errTypeName(tt.Type); name != "" {
			return &Guard{Param: p, Type: name}
		}
	}
	return nil
}

// param returns the index of the parameter of fn that e names, when body
// never assigns it; -1 otherwise.
func (a *ArgErrors) param(fn *types.Func, body *ast.BlockStmt, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	v, ok := a.info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			if values, complete := analyzerutil.AssignedValues(a.info, v, body); complete && len(values) == 0 {
				return i
			}
		}
	}
	return -1
}
