package fallback

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports exits with GENERAL_ERROR used as a catch-all.
var Analyzer = &analysis.Analyzer{
	Name:     "fallback",
	Doc:      analyzerutil.Doc(doc, "fallback"),
	URL:      analyzerutil.URL("fallback"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, exits.Analyzer, suppress.Analyzer},
}

func init() {
	config.AddAlias(Analyzer, "fatals")
}

// generalError is GENERAL_ERROR's value, the code of a catch-all exit.
const generalError = int(exitcode.GeneralError)

const advice = "a catch-all that tells an agent nothing about what went wrong"

func run(pass *analysis.Pass) (any, error) {
	ex := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	sup := pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	var file *ast.File
	ins.WithStack([]ast.Node{(*ast.File)(nil), (*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		switch n := n.(type) {
		case *ast.File:
			file = n
			return !analyzerutil.InTestFile(pass.Fset, n.Pos())
		case *ast.CallExpr:
			e, ok := ex.Call(n)
			if !ok {
				return true
			}
			var msg, category string
			switch e.Kind {
			case exits.KindExit:
				if e.Code != generalError {
					return true
				}
				category = "exit"
				msg = fmt.Sprintf("%s ends the process with GENERAL_ERROR (1), %s: exit with the code that fits, or map the error with exitcode.FromError(err)", types.ExprString(n), advice)
			case exits.KindFatal:
				category = "fatal"
				msg = fmt.Sprintf("%s ends the process with GENERAL_ERROR (1), %s: report the error and exit with the code that fits (exitcode.FromError(err) maps an error to one)", exits.Name(e.Callee), advice)
			case exits.KindHelper:
				// A library's helper is blamed at the call when it exits in
				// its own package (Must, Die); not when the exit lies in
				// another package deep below it (a decoder's fatal on a
				// corrupt table under a client's Get).
				// Nor is one that returns an error: it reports failure
				// through the error, and an exit inside it is an internal
				// assertion of the library (a converter's fatal on a
				// mismatch it believes impossible).
				if !e.Fact.Only(generalError) || e.Fact.Crossings > 0 || returnsError(e.Callee) || !foreign(ex.Module(), pass.Pkg, e.Callee.Pkg(), e.Fact.Module) {
					return true
				}
				category = "helper"
				msg = fmt.Sprintf("%s may end the process with GENERAL_ERROR (1) (via %s), %s: handle the error here and exit with the code that fits (exitcode.FromError(err) maps an error to one)", exits.Name(e.Callee), e.Fact.Via, advice)
			}
			if classification(ex, stack) {
				return true
			}
			d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg}
			if e.Kind == exits.KindExit {
				if fix, ok := mapError(pass, file, n, stack); ok {
					d.SuggestedFixes = []analysis.SuggestedFix{fix}
				}
			}
			sup.Report(pass, d)
		}
		return true
	})
	return nil, nil
}

// foreign reports whether a callee in package callee belongs to another
// module than the package being analyzed: its exits are reported at the
// call, since the helper itself is not the user's to change.
func foreign(module string, pkg, callee *types.Package, calleeModule string) bool {
	if callee == nil || callee == pkg {
		return false
	}
	if module != "" || calleeModule != "" {
		return module != calleeModule
	}
	// Neither module is known (GOPATH, or a driver without module
	// information): compare the repository roots of the import paths.
	return root(pkg.Path()) != root(callee.Path())
}

func root(path string) string {
	parts := strings.SplitN(path, "/", 4)
	if !strings.Contains(parts[0], ".") {
		return "std"
	}
	if len(parts) > 3 {
		parts = parts[:3]
	}
	return strings.Join(parts, "/")
}

// classification reports whether the exiting call at the top of stack is the
// last branch of a classification: another branch beside or before it ends
// the process with a different code.
func classification(ex *exits.Exits, stack []ast.Node) bool {
	// Find the statement list holding the call's statement.
	for i := len(stack) - 2; i >= 1; i-- {
		var list []ast.Stmt
		switch p := stack[i].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		default:
			continue
		}
		stmt := stack[i+1]
		for _, s := range list {
			if s == stmt {
				break
			}
			switch s.(type) {
			case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
				if specificExit(ex, s) {
					return true
				}
			}
		}
		switch p := stack[i].(type) {
		case *ast.CaseClause:
			if p.List == nil && i >= 1 {
				if body, ok := stack[i-1].(*ast.BlockStmt); ok && specificExit(ex, body) {
					return true
				}
			}
		case *ast.BlockStmt:
			// The final else of an if chain: look at every branch before it.
			for j := i - 1; j >= 1; j-- {
				ifs, ok := stack[j].(*ast.IfStmt)
				if !ok || (ifs.Else != stack[j+1]) {
					break
				}
				if specificExit(ex, ifs.Body) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// specificExit reports whether n holds (outside function literals) a call
// that ends the process with a code other than 1.
func specificExit(ex *exits.Exits, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if found {
			return false
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if e, ok := ex.Call(x); ok && e.Kind != exits.KindFatal && !(e.Kind == exits.KindHelper && e.Fact.Only(generalError)) && e.Code != generalError {
				found = true
			}
		}
		return true
	})
	return found
}

// mapError offers exitcode.Exit(exitcode.FromError(err)) for an exit inside
// if err != nil, when the file imports exitcode already.
func mapError(pass *analysis.Pass, file *ast.File, call *ast.CallExpr, stack []ast.Node) (analysis.SuggestedFix, bool) {
	name := ""
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == contract.ExitcodePath {
			name = "exitcode"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" || name == "_" || name == "." {
		return analysis.SuggestedFix{}, false
	}
	for i := len(stack) - 2; i >= 0; i-- {
		switch s := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return analysis.SuggestedFix{}, false
		case *ast.IfStmt:
			if i+1 >= len(stack) || stack[i+1] != s.Body {
				return analysis.SuggestedFix{}, false
			}
			cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
			if !ok || cond.Op != token.NEQ {
				return analysis.SuggestedFix{}, false
			}
			id, ok := ast.Unparen(cond.X).(*ast.Ident)
			if !ok || !isNil(pass, cond.Y) {
				return analysis.SuggestedFix{}, false
			}
			obj := pass.TypesInfo.Uses[id]
			if obj == nil || !types.Identical(obj.Type(), types.Universe.Lookup("error").Type()) {
				return analysis.SuggestedFix{}, false
			}
			// The same err must be in scope at the exit.
			if scope := pass.Pkg.Scope().Innermost(call.Pos()); scope == nil {
				return analysis.SuggestedFix{}, false
			} else if _, found := scope.LookupParent(id.Name, call.Pos()); found != obj {
				return analysis.SuggestedFix{}, false
			}
			text := fmt.Sprintf("%s.Exit(%s.FromError(%s))", name, name, id.Name)
			return analysis.SuggestedFix{
				Message:   "Exit with the code exitcode.FromError maps " + id.Name + " to",
				TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}},
			}, true
		}
	}
	return analysis.SuggestedFix{}, false
}

func isNil(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// returnsError reports whether fn has a result of type error.
func returnsError(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if types.Identical(res.At(i).Type(), types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}
