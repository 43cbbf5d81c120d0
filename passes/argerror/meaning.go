package argerror

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// MeantOther reports whether the syntax n (a return statement, a call, an
// assignment) spells the value 3 it holds only as members of the
// program's own exit tables named for another outcome than a bad argument
// (`FailedUpdate = 3`, `ExitAuth = 3`, `CouldNotWriteOutputFile = 3`),
// and at least once: such a 3 is no ARG_ERROR the program means, and its
// fault is the member's value, which barecode reports at the declaration.
// A bare 3, the contract's ArgError, a constant of a dependency, and a
// member whose name says a bad argument (ExitUsage, ExitInvalidArgs) or
// nothing at all (Exit3) are ARG_ERROR. Function literals inside n are
// not looked into.
func (a *ArgErrors) MeantOther(n ast.Node) bool {
	other, arg := false, false
	ast.Inspect(n, func(n ast.Node) bool {
		if arg {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if _, ok := e.(*ast.FuncLit); ok {
			return false
		}
		tv, ok := a.info.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return true
		}
		if !IsArgCode(tv.Value) {
			return false
		}
		if a.spelledOther(e) {
			other = true
		} else {
			arg = true
		}
		return false
	})
	return other && !arg
}

// spelledOther reports whether the constant expression e, whose value is
// 3, is a member of a table of the program's module named for another
// outcome than a bad argument.
func (a *ArgErrors) spelledOther(e ast.Expr) bool {
	// Through conversions, int(codes.X): the member inside it.
	id := analyzerutil.NameIdent(analyzerutil.Unconvert(a.info, e))
	if id == nil {
		return false
	}
	k, ok := a.info.Uses[id].(*types.Const)
	if !ok || k.Pkg() == nil || !a.inModule(k.Pkg().Path()) {
		return false
	}
	if meant, ok := exits.Meaning(k.Name()); ok {
		return meant != exitcode.ArgError
	}
	return !exits.SaysNothing(k.Name())
}

// inModule reports whether a package is of the analyzed module and not
// exitlint's runtime: its constants are the program's own.
func (a *ArgErrors) inModule(path string) bool {
	if path == analyzerutil.ExitcodePath {
		return false
	}
	if a.module == "" {
		return path == a.pkg.Path()
	}
	return analyzerutil.InModule(path, a.module)
}
