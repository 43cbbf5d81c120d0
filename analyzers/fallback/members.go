package fallback

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// misvalued reports whether k is a member of the program's own exit table
// whose name says a specific code of the contract, though its value is
// GENERAL_ERROR (ExitUsage = 1): each use of it picks the code that fits
// the case, and the one fault, the value, is barecode's finding at the
// declaration. A member named for failure in general (ExitError,
// ExitGeneral) or for nothing the contract names (ExitAPI) is a catch-all
// wherever it is used.
func misvalued(ex *exits.Exits, k *types.Const) bool {
	if k == nil || !ex.Tables().Checked(k) {
		return false
	}
	meant, ok := exits.Meaning(k.Name())
	return ok && meant > exitcode.GeneralError
}

// misvaluedUse reports whether e names such a member (misvalued), or
// converts one (int(ExitUsage)).
func misvaluedUse(pass *analysis.Pass, ex *exits.Exits, e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		if tv, ok := pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
			e = call.Args[0]
		}
	}
	if e == nil {
		return false
	}
	k, _ := pass.TypesInfo.Uses[analyzerutil.NameIdent(e)].(*types.Const)
	return misvalued(ex, k)
}
