package analyzerutil

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// TypeTest is a test of a value's dynamic type that binds a variable to
// it: errors.As(X, &Var), or ok of `Var, ok := X.(T)`.
type TypeTest struct {
	X    ast.Expr   // the value tested
	Type types.Type // the type it is tested for
	Var  *types.Var // the variable bound; nil when errors.As is given no &variable
}

// TypeTestOf returns the type test cond is: a call errors.As(X, target),
// or an identifier bound as ok by `v, ok := X.(T)` in one of assigns (an
// if statement's init, the statement before it).
func TypeTestOf(info *types.Info, cond ast.Expr, assigns ...ast.Stmt) (TypeTest, bool) {
	switch cond := ast.Unparen(cond).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, cond).(*types.Func)
		if !ok || fn.FullName() != "errors.As" || len(cond.Args) != 2 {
			return TypeTest{}, false
		}
		target, ok := info.TypeOf(cond.Args[1]).(*types.Pointer)
		if !ok {
			return TypeTest{}, false
		}
		tt := TypeTest{X: cond.Args[0], Type: target.Elem()}
		if addr, ok := ast.Unparen(cond.Args[1]).(*ast.UnaryExpr); ok {
			if id, ok := ast.Unparen(addr.X).(*ast.Ident); ok {
				tt.Var, _ = info.Uses[id].(*types.Var)
			}
		}
		return tt, true
	case *ast.Ident:
		okVar := info.ObjectOf(cond)
		for _, s := range assigns {
			as, isAssign := s.(*ast.AssignStmt)
			if !isAssign || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
				continue
			}
			ta, isAssert := ast.Unparen(as.Rhs[0]).(*ast.TypeAssertExpr)
			if !isAssert || ta.Type == nil {
				continue
			}
			if ok, isIdent := as.Lhs[1].(*ast.Ident); !isIdent || okVar == nil || info.ObjectOf(ok) != okVar {
				continue
			}
			tt := TypeTest{X: ta.X, Type: info.TypeOf(ta.Type)}
			if v, isIdent := as.Lhs[0].(*ast.Ident); isIdent {
				tt.Var, _ = info.ObjectOf(v).(*types.Var)
			}
			return tt, true
		}
	}
	return TypeTest{}, false
}
