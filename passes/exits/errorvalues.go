package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// An interface method called on a value that came out of an error can
// only be a method of an error: `var e interface{ ExitCode() int }` filled
// by errors.As(err, &e), or `err.(interface{ Code() int })`, holds an
// error of the chain, never a value of a type that is no error. So a
// type with an ExitCode method that is no error (a meter, a report) is no
// implementation there, though it has the interface's methods.

// holdsError reports whether x, the receiver of an interface method call
// in fn, holds an error: a type assertion of an error, or a local variable
// whose every value is one, or that an As function (errors.As,
// errors.AsType, an errors package's AsInterface) fills from an error.
func (fl *flow) holdsError(fn summary.Func, x ast.Expr) bool {
	info := fl.pass.TypesInfo
	x = ast.Unparen(x)
	if errorDerived(info, x) {
		return true
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != fl.pass.Pkg || v.Parent() == nil || v.Parent() == fl.pass.Pkg.Scope() {
		return false
	}
	values, complete := analyzerutil.AssignedValues(info, v, fn.Decl.Body)
	if !complete {
		return false
	}
	for _, val := range values {
		if !errorDerived(info, val) {
			return false
		}
	}
	filled, other := asTarget(info, v, fn.Decl.Body)
	return !other && (len(values) > 0 || filled)
}

// errorDerived reports whether e's value comes out of an error: a type
// assertion of one (err.(I)), or a call of an As function given one
// (errors.AsType[I](err)).
func errorDerived(info *types.Info, e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.TypeAssertExpr:
		return isErrorValue(info, x.X)
	case *ast.CallExpr:
		return asCall(info, x)
	}
	return false
}

// asTarget reports whether body hands &v to an As function with an error
// (filled), and whether it takes v's address anywhere else (other: a
// value of any kind may be stored there).
func asTarget(info *types.Info, v *types.Var, body *ast.BlockStmt) (filled, other bool) {
	targets := map[*ast.UnaryExpr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !asCall(info, call) {
			return true
		}
		for _, arg := range call.Args {
			if u, ok := ast.Unparen(arg).(*ast.UnaryExpr); ok && u.Op == token.AND && isVar(info, u.X, v) {
				targets[u] = true
				filled = true
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND && isVar(info, u.X, v) && !targets[u] {
			other = true
		}
		return !other
	})
	return filled, other
}

// asCall reports whether call calls a function named As… (errors.As,
// errors.AsType, AsInterface) with an error among its arguments.
func asCall(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || !strings.HasPrefix(fn.Name(), "As") {
		return false
	}
	for _, arg := range call.Args {
		if isErrorValue(info, arg) {
			return true
		}
	}
	return false
}

func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// isErrorValue reports whether e's static type is an error (it implements
// error): whatever dynamic value it holds is one.
func isErrorValue(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	if _, basic := t.Underlying().(*types.Basic); basic {
		return false // untyped nil, a number: no error
	}
	return types.Implements(t, errorInterface)
}

var errorInterface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
