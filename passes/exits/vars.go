package exits

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"golang.org/x/tools/go/analysis"
)

// exitVars finds the package-level variables that hold an exit function:
// this package's, from their initializers when non-test code assigns them
// nowhere else (a test may swap the seam), exporting an exitVarFact on
// each; and those of other packages the code refers to, by their facts.
func exitVars(pass *analysis.Pass) map[*types.Var]*types.Func {
	out := map[*types.Var]*types.Func{}
	exitFunc := func(e ast.Expr) *types.Func {
		fn, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(e)].(*types.Func)
		if ok && IsExit(fn) {
			return fn
		}
		return nil
	}
	assigned := map[*types.Var]bool{}
	walk := declaresExitVar(pass, exitFunc)
	for _, file := range pass.Files {
		if !walk || analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				// A test helper outside a _test.go file swaps the seam
				// for a test: it takes a *testing.T.
				return !testHelper(pass.TypesInfo, n.Type)
			case *ast.ValueSpec:
				for i, name := range n.Names {
					v, ok := pass.TypesInfo.Defs[name].(*types.Var)
					if ok && v.Parent() == pass.Pkg.Scope() && len(n.Values) == len(n.Names) {
						if fn := exitFunc(n.Values[i]); fn != nil {
							out[v] = fn
						}
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					if v, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(lhs)].(*types.Var); ok {
						assigned[v] = true
					}
				}
			}
			return true
		})
	}
	for v, fn := range out {
		if assigned[v] {
			delete(out, v)
			continue
		}
		if !analyzerutil.InStd(pass) {
			pass.ExportObjectFact(v, &exitVarFact{Func: fn.FullName()})
		}
	}
	for _, v := range analyzerutil.RefsOf(pass).Vars {
		if _, seen := out[v]; seen {
			continue
		}
		f := new(exitVarFact)
		if !pass.ImportObjectFact(v, f) {
			continue
		}
		for _, name := range []string{"os.Exit", "syscall.Exit", analyzerutil.ExitcodePath + ".Exit"} {
			if f.Func == name {
				out[v] = exitFuncByName(pass.Pkg, name)
			}
		}
		if out[v] == nil {
			delete(out, v)
		}
	}
	return out
}

// declaresExitVar reports whether a package-level declaration of the
// package's non-test files gives a variable an exit function (exitFunc):
// only then can the walk for them and their assignments find one.
func declaresExitVar(pass *analysis.Pass, exitFunc func(ast.Expr) *types.Func) bool {
	for gd := range analyzerutil.VarDecls(pass) {
		for _, spec := range gd.Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				for _, val := range vs.Values {
					if exitFunc(val) != nil {
						return true
					}
				}
			}
		}
	}
	return false
}

// testHelper reports whether a function takes a *testing.T, *testing.B,
// *testing.F or testing.TB.
func testHelper(info *types.Info, ft *ast.FuncType) bool {
	for _, field := range ft.Params.List {
		t := info.TypeOf(field.Type)
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing" {
			return true
		}
	}
	return false
}

// exitFuncByName finds the exit function named so among the packages pkg
// imports, directly or not.
func exitFuncByName(pkg *types.Package, name string) *types.Func {
	path, fname := analyzerutil.PkgOfFullName(name), name[strings.LastIndex(name, ".")+1:]
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Func
	find = func(p *types.Package) *types.Func {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			fn, _ := p.Scope().Lookup(fname).(*types.Func)
			return fn
		}
		for _, imp := range p.Imports() {
			if fn := find(imp); fn != nil {
				return fn
			}
		}
		return nil
	}
	return find(pkg)
}
