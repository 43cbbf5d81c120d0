package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// Code at package level is code of the package too. A CLI declares its
// errors as package-level values (var errUsage = &exitCodeError{code: 2})
// and its commands as package-level values whose actions are function
// literals (var getCommand = &cli.Command{Action: func(…) error { return
// cmderrors.ExitCode(2, err) }}). The flow's walks over stores, calls and
// exits see the initializers of the package's variables as functions of
// their own, with no parameters: initFuncs.

// initFuncs returns, for each package-level var declaration with values
// outside test files, a function of no parameters whose body declares
// it, so that the flow's walks over function bodies see what its values
// store, call and exit with. Its object is no object of the package's
// scope: it carries no facts.
func initFuncs(pass *analysis.Pass) []summary.Func {
	var out []summary.Func
	noParams := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs, ok := spec.(*ast.ValueSpec)
				if !ok || len(vs.Values) == 0 {
					continue
				}
				name := ast.NewIdent("init")
				name.NamePos = vs.Pos()
				decl := &ast.FuncDecl{
					Name: name,
					Type: &ast.FuncType{Func: vs.Pos(), Params: &ast.FieldList{}},
					Body: &ast.BlockStmt{
						Lbrace: vs.Pos(),
						List:   []ast.Stmt{&ast.DeclStmt{Decl: &ast.GenDecl{TokPos: vs.Pos(), Tok: token.VAR, Specs: []ast.Spec{vs}}}},
						Rbrace: vs.End(),
					},
				}
				out = append(out, summary.Func{Obj: types.NewFunc(vs.Pos(), pass.Pkg, "init", noParams), Decl: decl})
			}
		}
	}
	return out
}

// bodies yields the package's functions outside tests, then its
// package-level initializers (initFuncs): the code whose stores, calls and
// exits the flow follows.
func (fl *flow) bodies() iter.Seq[summary.Func] {
	return func(yield func(summary.Func) bool) {
		for _, fn := range fl.funcs {
			if !fl.inTest(fn.Decl) && !yield(fn) {
				return
			}
		}
		for _, fn := range fl.inits {
			if !yield(fn) {
				return
			}
		}
	}
}
