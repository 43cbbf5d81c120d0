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
	for v, fn := range exitFields(pass, exitFunc) {
		out[v] = fn
	}
	for v, fn := range out {
		if v.IsField() {
			continue // exitFields: unexported, so no other package calls it
		}
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

// exitFields finds the unexported function fields of the package's struct
// types that hold an exit function by default: some store in the
// package's non-test code gives the field one (`terminate: os.Exit` in the
// constructor's composite literal, `a.exit = os.Exit`), and every other
// store gives it a parameter of the function it is in (a setter, `func (a
// *App) Terminate(f func(int)) { a.terminate = f }`). A call of such a
// field (`a.terminate(1)`) exits with its argument unless the program
// installs another function through the setter.
//
// An argument-parsing library's fatal helpers exit this way: kingpin's
// Fatalf, FatalIfError and FatalUsage end in `a.terminate(1)`, and its
// Parse does on a command line it refuses. Evidence: ghz's six kingpin
// exits (FatalIfError after each bad option, Parse on a bad command line)
// went unseen. The same shape, an exit function held in a struct so tests
// can replace it, is the field form of the package-level seam `var osExit
// = os.Exit`: kopia's App.osExit (NewApp sets os.Exit; called after a
// failed repository action), the Azion CLI's factoryRoot.osExit (called
// after a command's error), git-prout's CLI.terminate (set in main's
// literal, called with each failure's code). Limit: the setter's callers are not
// followed, so a program that installs a function of its own that does
// not exit is taken to exit all the same (kong's Exit field, which a
// program sets directly, is followed: kongExitVars).
func exitFields(pass *analysis.Pass, exitFunc func(ast.Expr) *types.Func) map[*types.Var]*types.Func {
	if analyzerutil.InStd(pass) || !analyzerutil.Imports(pass.Pkg, "os", "syscall", analyzerutil.ExitcodePath) {
		return nil // no exit function to hold: walk nothing
	}
	holds := map[*types.Var]*types.Func{}
	other := map[*types.Var]bool{}
	field := func(e ast.Expr) *types.Var {
		v, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(e)].(*types.Var)
		if !ok || !v.IsField() || v.Exported() || v.Pkg() != pass.Pkg {
			return nil
		}
		sig, ok := v.Type().Underlying().(*types.Signature)
		if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 || !analyzerutil.IsInteger(sig.Params().At(0).Type()) {
			return nil
		}
		return v
	}
	store := func(v *types.Var, val ast.Expr, params map[*types.Var]bool) {
		if fn := exitFunc(val); fn != nil {
			holds[v] = fn
			return
		}
		if id, ok := ast.Unparen(val).(*ast.Ident); ok {
			if p, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && params[p] {
				return // a setter's parameter
			}
		}
		other[v] = true
	}
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			params := map[*types.Var]bool{}
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if testHelper(pass.TypesInfo, fd.Type) {
					continue
				}
				for _, list := range []*ast.FieldList{fd.Recv, fd.Type.Params} {
					if list == nil {
						continue
					}
					for _, f := range list.List {
						for _, name := range f.Names {
							if p, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
								params[p] = true
							}
						}
					}
				}
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					for _, elt := range n.Elts {
						if kv, ok := elt.(*ast.KeyValueExpr); ok {
							if v := field(kv.Key); v != nil {
								store(v, kv.Value, params)
							}
						}
					}
				case *ast.AssignStmt:
					for i, lhs := range n.Lhs {
						if _, ok := ast.Unparen(lhs).(*ast.SelectorExpr); !ok {
							continue
						}
						if v := field(lhs); v != nil {
							if len(n.Rhs) != len(n.Lhs) {
								other[v] = true
								continue
							}
							store(v, n.Rhs[i], params)
						}
					}
				}
				return true
			})
		}
	}
	for v := range other {
		delete(holds, v)
	}
	return holds
}
