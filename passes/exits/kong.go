package exits

import (
	"go/ast"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// kongFatalIf is kong's FatalIfErrorf(err, args…): it ends the process
// when err is not nil, with the code err carries (an ExitCode() int found
// by errors.As) or 1, through the parser's Exit option (os.Exit unless
// the program sets another). A *kong.Context has it through its embedded
// *kong.Kong.
var kongFatalIf = analyzerutil.NewFuncs([]string{"(*" + kongPath + ".Kong).FatalIfErrorf"})

// IsKongFatalIf reports whether fn is kong's FatalIfErrorf.
func IsKongFatalIf(fn *types.Func) bool { return kongFatalIf.Has(fn) }

// OnlyOnError reports whether fn is a fatal function that takes an error
// and ends the process only when it is not nil, returning otherwise:
// kong's FatalIfErrorf and cobra.CheckErr.
func OnlyOnError(fn *types.Func) bool {
	return fn != nil && (IsKongFatalIf(fn) || fn.FullName() == "github.com/spf13/cobra.CheckErr")
}

// KongHonoursExitCode reports whether the kong package that declares fn
// (its FatalIfErrorf) exits with the code an error's ExitCode() int
// method gives. kong declares the ExitCoder interface in the versions
// that do; before them (v1.6.0, for one) FatalIfErrorf always exits 1.
func KongHonoursExitCode(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Scope().Lookup("ExitCoder") != nil
}

// kongCodes decides, for each call of kong's FatalIfErrorf in the package,
// the code it exits with: Computed when the code is not the program's
// catch-all 1 — the error is kong's own parse error, its type has an
// ExitCode() int method, or the program's module declares an error type
// that has one, whose code kong then exits with — and 1 otherwise. It is
// nil when the package's imports do not reach kong.
func kongCodes(pass *analysis.Pass, module string) map[*ast.CallExpr]int {
	if !reaches(pass.Pkg, kongPath, map[*types.Package]bool{}) {
		return nil
	}
	out := map[*ast.CallExpr]int{}
	coded := -1 // whether the module declares a coded error type: unknown yet
	for _, file := range pass.Files {
		var bodies []*ast.BlockStmt
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case nil:
				return false
			case *ast.FuncDecl:
				if n.Body != nil {
					bodies = append(bodies, n.Body)
				}
			case *ast.FuncLit:
				bodies = append(bodies, n.Body)
			case *ast.CallExpr:
				fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
				if !ok || !IsKongFatalIf(fn) || len(n.Args) == 0 {
					return true
				}
				// The innermost function holding the call.
				var body *ast.BlockStmt
				for i := len(bodies) - 1; i >= 0; i-- {
					if bodies[i].Pos() <= n.Pos() && n.End() <= bodies[i].End() {
						body = bodies[i]
						break
					}
				}
				arg := n.Args[0]
				honours := KongHonoursExitCode(fn)
				switch {
				case kongParseError(pass.TypesInfo, arg, body, n):
					out[n] = Computed
				case honours && hasExitCode(pass.TypesInfo.TypeOf(arg)):
					out[n] = Computed
				case honours:
					if coded < 0 {
						coded = 0
						if codedErrorType(pass, module) {
							coded = 1
						}
					}
					out[n] = 1 - 2*coded // 1, or Computed (-1)
				default:
					out[n] = 1
				}
			}
			return true
		})
	}
	return out
}

// reaches reports whether pkg is the package at path or imports it,
// directly or not.
func reaches(pkg *types.Package, path string, seen map[*types.Package]bool) bool {
	if pkg.Path() == path {
		return true
	}
	if seen[pkg] {
		return false
	}
	seen[pkg] = true
	for _, imp := range pkg.Imports() {
		if reaches(imp, path, seen) {
			return true
		}
	}
	return false
}

// kongParseError reports whether arg is a variable whose value at call is
// the error of kong's Parse: the last assignment to it before call, in the
// function body, assigns it Parse's error result (ctx, err :=
// parser.Parse(os.Args[1:])). A parse error carries kong's own code.
func kongParseError(info *types.Info, arg ast.Expr, body *ast.BlockStmt, call *ast.CallExpr) bool {
	v := analyzerutil.IdentVar(info, arg)
	if v == nil || body == nil {
		return false
	}
	var last *ast.CallExpr // the call the last assignment before call assigns v
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= call.Pos() {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok || info.ObjectOf(id) != v {
				continue
			}
			found = true
			last = nil
			if len(as.Rhs) == 1 && len(as.Lhs) == 2 && i == 1 {
				last, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			}
		}
		return true
	})
	if !found || last == nil {
		return false
	}
	fn, ok := typeutil.Callee(info, last).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == kongPath && fn.Name() == "Parse" && fn.Signature().Recv() != nil
}

// hasExitCode reports whether the method set of t has a method
// ExitCode() int: the method kong's FatalIfErrorf exits with.
func hasExitCode(t types.Type) bool {
	if t == nil {
		return false
	}
	sel := types.NewMethodSet(t).Lookup(nil, "ExitCode")
	if sel == nil {
		return false
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Int])
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

// codedErrorType reports whether the program's module declares, in the
// package or a package of the module it imports, a concrete error type
// with a method ExitCode() int: an error the program gives its own exit
// code, which kong's FatalIfErrorf exits with.
func codedErrorType(pass *analysis.Pass, module string) bool {
	if module == "" {
		module = analyzerutil.GuessModule(pass.Pkg.Path())
	}
	coded := func(tn *types.TypeName) bool {
		if tn.IsAlias() {
			return false
		}
		if _, iface := tn.Type().Underlying().(*types.Interface); iface {
			return false
		}
		t := tn.Type()
		p := types.NewPointer(t)
		return hasExitCode(t) && types.Implements(t, errorIface) || hasExitCode(p) && types.Implements(p, errorIface)
	}
	// The package's own types, also those declared in a function.
	for _, obj := range pass.TypesInfo.Defs {
		if tn, ok := obj.(*types.TypeName); ok && coded(tn) {
			return true
		}
	}
	for imp := range moduleImports(pass.Pkg, module) {
		for _, name := range imp.Scope().Names() {
			if tn, ok := imp.Scope().Lookup(name).(*types.TypeName); ok && coded(tn) {
				return true
			}
		}
	}
	return false
}

// moduleImports yields the packages of module that pkg imports, directly
// or through other packages of the module, each once.
func moduleImports(pkg *types.Package, module string) iter.Seq[*types.Package] {
	return func(yield func(*types.Package) bool) {
		seen := map[*types.Package]bool{pkg: true}
		var walk func(p *types.Package) bool
		walk = func(p *types.Package) bool {
			for _, imp := range p.Imports() {
				if seen[imp] || !analyzerutil.InModule(imp.Path(), module) {
					continue
				}
				seen[imp] = true
				if !yield(imp) || !walk(imp) {
					return false
				}
			}
			return true
		}
		walk(pkg)
	}
}
