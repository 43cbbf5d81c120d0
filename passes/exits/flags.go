package exits

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// bitFlags returns the package-level constants of decls that are bit flags
// or parts of a packed word rather than values on their own: declared by a
// shift (`1 << iota`), an operand of a bitwise operator (`c | x`, `s & c`),
// or of a named type of the package whose values are (`ExitCode(i<<8) |
// ExitCodeCall`). A process exits with one number; a constant that is
// combined with others to make it, or that a wider word carries beside
// other bits, is a component, not a code of its own.
func bitFlags(pass *analysis.Pass, decls []constDecl) map[*types.Const]bool {
	flags := map[*types.Const]bool{}
	packedTypes := map[*types.TypeName]bool{}
	for _, d := range decls {
		if d.shifted {
			flags[d.Const] = true
		}
	}
	mark := func(e ast.Expr) {
		if k, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(e)].(*types.Const); ok && k.Pkg() == pass.Pkg {
			flags[k] = true
		}
		if tn := localNamed(pass, pass.TypesInfo.TypeOf(e)); tn != nil {
			packedTypes[tn] = true
		}
	}
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if bitwise(n.Op) {
					mark(n.X)
					mark(n.Y)
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == 1 && len(n.Rhs) == 1 && bitwiseAssign(n.Tok) {
					mark(n.Lhs[0])
					mark(n.Rhs[0])
				}
			}
			return true
		})
	}
	for _, d := range decls {
		if tn := localNamed(pass, d.Const.Type()); tn != nil && packedTypes[tn] {
			flags[d.Const] = true
		}
	}
	return flags
}

func bitwise(op token.Token) bool {
	return op == token.OR || op == token.AND || op == token.XOR || op == token.AND_NOT
}

func bitwiseAssign(tok token.Token) bool {
	return tok == token.OR_ASSIGN || tok == token.AND_ASSIGN || tok == token.XOR_ASSIGN || tok == token.AND_NOT_ASSIGN
}

// shiftOfIota reports whether e shifts by iota (`1 << iota`): the
// declaration of a set of bit flags.
func shiftOfIota(info *types.Info, e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.SHL {
		return false
	}
	found := false
	ast.Inspect(b.Y, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "iota" {
			_, found = info.Uses[id].(*types.Const)
		}
		return !found
	})
	return found
}
