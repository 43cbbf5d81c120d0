package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// errorGated: a function that returns a code beside an error (`func
// refresh() (int, error)`) is often called by one that tests the error
// first and leaves when it is not nil, with a code of its own:
//
//	code, err := refresh(store)
//	if err != nil {
//		return mapErrorToExit(err)
//	}
//	return code
//
// The code reaches the exit only from the calls whose error is nil, so the
// codes the callee returns beside an error that is never nil (`return 1,
// err` under `if err != nil`, `return 2, fmt.Errorf(…)`) are no exit
// codes of that caller: every finding on them would name a value no run
// exits with. A caller that reads the code whatever the error (in the
// branch that tests it, or without testing it) exits with all of them.
// Evidence: OpsKit's refreshStatusState and executeStages (nine returns of
// exitcode.Failure beside an error, every caller exits with a code of its
// own when the error is set), specd-cli's RenderJSON (a bare 2 beside each
// error, its one caller exits through its own failure path); in the code
// corpus, fosrl/cli's ssh RunExec (`return 1, err`, its caller exits 1
// itself in the error branch and with the code otherwise), and the mains
// of programs built on a command framework whose Run returns (int, error)
// (consul's realMain, pagarme/deployer's run).

// errorGated reports whether the local v, assigned from call together with
// an error variable, is read only where that error is nil: the statement
// after the assignment is `if err != nil { … }`, ending in a return, a
// branch or a panic, and v is not read in it.
func errorGated(info *types.Info, v *types.Var, call *ast.CallExpr, body *ast.BlockStmt) bool {
	var errVar *types.Var
	var next ast.Stmt
	find := func(list []ast.Stmt) {
		for i, st := range list {
			as, ok := st.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call || len(as.Lhs) < 2 || i+1 >= len(list) {
				continue
			}
			holds := false
			for _, l := range as.Lhs[:len(as.Lhs)-1] {
				if id, ok := l.(*ast.Ident); ok && info.ObjectOf(id) == v {
					holds = true
				}
			}
			last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
			if !holds || !ok {
				continue
			}
			if w, ok := info.ObjectOf(last).(*types.Var); ok && analyzerutil.IsError(w.Type()) {
				errVar, next = w, list[i+1]
			}
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if errVar != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.BlockStmt:
			find(n.List)
		case *ast.CaseClause:
			find(n.Body)
		case *ast.CommClause:
			find(n.Body)
		}
		return true
	})
	if errVar == nil {
		return false
	}
	ifs, ok := next.(*ast.IfStmt)
	if !ok || ifs.Init != nil || !testsNonNil(info, ifs.Cond, errVar) || !leaves(info, ifs.Body) {
		return false
	}
	reads := false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			reads = true
		}
		return !reads
	})
	return !reads
}

// testsNonNil reports whether cond is `w != nil` (or `nil != w`).
func testsNonNil(info *types.Info, cond ast.Expr, w *types.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == w
	}
	return is(b.X) && analyzerutil.IsNil(info, b.Y) || analyzerutil.IsNil(info, b.X) && is(b.Y)
}

// leaves reports whether a block ends by leaving its function or loop: a
// return, a branch statement, a call of panic, of an exit function
// (os.Exit) or of log's Fatal functions.
func leaves(info *types.Info, block *ast.BlockStmt) bool {
	if len(block.List) == 0 {
		return false
	}
	switch st := block.List[len(block.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := ast.Unparen(st.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		if fn := typeutil.StaticCallee(info, call); fn != nil {
			return IsExit(fn) || fn.Pkg() != nil && fn.Pkg().Path() == "log" && strings.HasPrefix(fn.Name(), "Fatal")
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		return ok && b.Name() == "panic"
	}
	return false
}

// withError returns the return statements of fn's body (its function
// literals' excluded) whose error result is never nil: `nil` is not, a
// call of errors.New or fmt.Errorf, a composite literal or its address
// always are, and so is a variable the enclosing if tests for being
// non-nil (`if err != nil { return 1, err }`). A function whose last
// result is no error has none.
func withError(info *types.Info, decl *ast.FuncDecl, sig *types.Signature) map[*ast.ReturnStmt]bool {
	res := sig.Results()
	if res.Len() < 2 || !analyzerutil.IsError(res.At(res.Len()-1).Type()) || decl.Body == nil {
		return nil
	}
	out := map[*ast.ReturnStmt]bool{}
	var walk func(n ast.Node, tested []*types.Var)
	walk = func(n ast.Node, tested []*types.Var) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if n.Init != nil {
					walk(n.Init, tested)
				}
				inner := tested
				if b, ok := ast.Unparen(n.Cond).(*ast.BinaryExpr); ok {
					for _, side := range []ast.Expr{b.X, b.Y} {
						if id, ok := ast.Unparen(side).(*ast.Ident); ok {
							if w, ok := info.Uses[id].(*types.Var); ok && testsNonNil(info, n.Cond, w) {
								inner = append(append([]*types.Var(nil), tested...), w)
							}
						}
					}
				}
				walk(n.Body, inner)
				if n.Else != nil {
					walk(n.Else, tested)
				}
				return false
			case *ast.ReturnStmt:
				if len(n.Results) == res.Len() && nonNil(info, n.Results[len(n.Results)-1], tested) {
					out[n] = true
				}
			}
			return true
		})
	}
	walk(decl.Body, nil)
	return out
}

// nonNil reports whether the error expression e is never nil: see
// withError.
func nonNil(info *types.Info, e ast.Expr, tested []*types.Var) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(x.X).(*ast.CompositeLit)
		return x.Op == token.AND && lit
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(info, x)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		p, name := fn.Pkg().Path(), fn.Name()
		return p == "errors" && name == "New" || p == "fmt" && name == "Errorf"
	case *ast.Ident:
		w, ok := info.Uses[x].(*types.Var)
		if !ok {
			return false
		}
		for _, t := range tested {
			if t == w {
				return true
			}
		}
	}
	return false
}
