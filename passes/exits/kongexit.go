package exits

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// kongExitSetFact marks a package whose non-test code gives a kong parser
// an Exit function of its own: the option kong.Exit(f) with f other than
// os.Exit, or an assignment to the Exit field of a kong.Kong.
type kongExitSetFact struct{}

func (*kongExitSetFact) AFact() {}

func (*kongExitSetFact) String() string { return "kongExitSet" }

// isKongExitField reports whether v is the Exit field of kong's Kong (a
// *kong.Context reaches it through its embedded *kong.Kong): the function
// kong ends the process with, os.Exit unless the program sets another.
func isKongExitField(v *types.Var) bool {
	if !v.IsField() || v.Name() != "Exit" || v.Pkg() == nil || v.Pkg().Path() != kongPath {
		return false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 1 && sig.Results().Len() == 0 && types.Identical(sig.Params().At(0).Type(), types.Typ[types.Int])
}

// kongExitVars adds to vars the Exit field of kong's Kong, as the os.Exit
// it holds, when the package calls it (ctx.Exit(1), app.Exit(0)) and
// neither the package nor a package of its module it imports sets
// another Exit function (kongExitSets). It exports the kongExitSetFact
// when the package sets one.
func kongExitVars(pass *analysis.Pass, module string, vars map[*types.Var]*types.Func) {
	// kong's own calls of the field are its FatalIfErrorf's and Fatalf's
	// exits, which the pass knows with their codes (kongCodes); Parse's
	// exit is kong's, carried by no fact.
	if pass.Pkg.Path() == kongPath || !reaches(pass.Pkg, kongPath, map[*types.Package]bool{}) {
		return
	}
	var field *types.Var
	for id, obj := range pass.TypesInfo.Uses {
		if v, ok := obj.(*types.Var); ok && isKongExitField(v) && !analyzerutil.InTestFile(pass.Fset, id.Pos()) {
			field = v
			break
		}
	}
	sets := kongExitSets(pass)
	if sets && !analyzerutil.InStd(pass) {
		pass.ExportPackageFact(&kongExitSetFact{})
	}
	if field == nil || sets || moduleSetsKongExit(pass, module) {
		return
	}
	if osExit := exitFuncByName(pass.Pkg, "os.Exit"); osExit != nil {
		vars[field] = osExit
	}
}

// kongExitSets reports whether the package's non-test code gives a kong
// parser an Exit function other than os.Exit: kong.Exit(f), or an
// assignment to a Kong's Exit field (ctx.Exit = func(code int) {…}).
func kongExitSets(pass *analysis.Pass) bool {
	isOSExit := func(e ast.Expr) bool {
		fn, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(e)].(*types.Func)
		return ok && fn.FullName() == "os.Exit"
	}
	sets := false
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if sets {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				return !testHelper(pass.TypesInfo, n.Type)
			case *ast.CallExpr:
				fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
				if ok && fn.Pkg() != nil && fn.Pkg().Path() == kongPath && fn.Name() == "Exit" && fn.Signature().Recv() == nil {
					if len(n.Args) != 1 || !isOSExit(n.Args[0]) {
						sets = true
					}
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if !ok {
						continue
					}
					v, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Var)
					if ok && isKongExitField(v) && !(len(n.Rhs) == len(n.Lhs) && isOSExit(n.Rhs[i])) {
						sets = true
					}
				}
			}
			return true
		})
	}
	return sets
}

// moduleSetsKongExit reports whether a package of the program's module
// that the package imports, directly or not, sets a kong Exit function of
// its own (its kongExitSetFact): the parser the package's calls reach may
// be the one built there.
func moduleSetsKongExit(pass *analysis.Pass, module string) bool {
	if module == "" {
		module = analyzerutil.GuessModule(pass.Pkg.Path())
	}
	for imp := range moduleImports(pass.Pkg, module) {
		if pass.ImportPackageFact(imp, new(kongExitSetFact)) {
			return true
		}
	}
	return false
}
