package fallback

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/sideeffects"
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
				// Nor is one that computes a value without being given an
				// error to check (a command's UsageString, whose exit is
				// its own rendering failing): Must(err) and
				// MustParse(s, err) are helpers, the caller's error their
				// reason to exit.
				if !e.Fact.Only(generalError) || e.Fact.Crossings > 0 || returnsError(e.Callee) || computes(e.Callee) || !foreign(ex.Module(), pass.Pkg, e.Callee.Pkg(), e.Fact.Module) {
					return true
				}
				category = "helper"
				msg = fmt.Sprintf("%s may end the process with GENERAL_ERROR (1) (via %s), %s: handle the error here and exit with the code that fits (exitcode.FromError(err) maps an error to one)", exits.Name(e.Callee), e.Fact.Via, advice)
			}
			if classification(func(n ast.Node) bool { return specificExit(ex, n) }, stack) || stdioWriteFailed(pass, stack) {
				return true
			}
			if returnsErrorHere(pass, stack) {
				msg = msg[:strings.LastIndex(msg, ": ")] + ": return the error instead, so that the code is chosen in one place (exitcode.FromError(err) maps an error to one)"
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
	reportSites(pass, ex, sup)
	return nil, nil
}

// reportSites reports the constants 1 that become the exit code other than
// as an exit call's argument: returned by a function whose result main
// passes to os.Exit, assigned to the variable an exit is called with, or
// passed to a parameter that one is. A return that is the last branch of a
// classification, whose other branches return specific codes, is left.
func reportSites(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions) {
	codes := map[*ast.ReturnStmt][]int{}
	for _, s := range ex.Sites() {
		if s.Return != nil {
			codes[s.Return] = append(codes[s.Return], constValue(pass, s.Expr))
		}
	}
	specific := func(n ast.Node) bool { return specificReturn(pass, codes, n) }
	for _, s := range ex.Sites() {
		if s.Direct || constValue(pass, s.Expr) != generalError {
			continue
		}
		if s.Return != nil {
			if file := analyzerutil.FileOf(pass, s.Return.Pos()); file != nil {
				path, _ := astutil.PathEnclosingInterval(file, s.Return.Pos(), s.Return.End())
				slices.Reverse(path)
				if classification(specific, path) || guardsComputed(pass, path) || stdioWriteFailed(pass, path) {
					continue
				}
			}
		}
		what := "exit code 1"
		if _, lit := ast.Unparen(s.Expr).(*ast.BasicLit); !lit {
			what = fmt.Sprintf("exit code %s (1)", types.ExprString(s.Expr))
		}
		msg := fmt.Sprintf("%s is GENERAL_ERROR, %s (it becomes the exit code: %s): use the code that fits (exitcode.FromError(err) maps an error to one)", what, advice, s.Via)
		sup.Report(pass, analysis.Diagnostic{Pos: s.Expr.Pos(), End: s.Expr.End(), Category: "flow", Message: msg})
	}
}

// constValue returns the integer value of a constant expression, or -1.
func constValue(pass *analysis.Pass, e ast.Expr) int {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return -1
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact {
		return -1
	}
	return int(n)
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

// classification reports whether the node at the top of stack is the last
// branch of a classification: another branch beside or before it is
// specific (ends the process, or returns, with a specific failure code).
func classification(specific func(ast.Node) bool, stack []ast.Node) bool {
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
				if specific(s) {
					return true
				}
			}
		}
		switch p := stack[i].(type) {
		case *ast.CaseClause:
			if p.List == nil && i >= 1 {
				if body, ok := stack[i-1].(*ast.BlockStmt); ok && specific(body) {
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
				if specific(ifs.Body) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// specificExit reports whether n holds (outside function literals) a call
// that ends the process directly with a specific failure code: one of the
// table's 2–13, or a command-specific code. Success, a computed code and a
// helper that might exit somewhere below make no classification.
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
			if e, ok := ex.Call(x); ok && e.Kind == exits.KindExit && specificCode(e.Code) {
				found = true
			}
		}
		return true
	})
	return found
}

// specificCode reports whether c is a failure code that says what went
// wrong: 2–13, or a command-specific code.
func specificCode(c int) bool {
	if c == exits.Computed || c < 0 {
		return false
	}
	r := exitcode.Classify(c)
	return (r == exitcode.RangeTable && c > generalError) || r == exitcode.RangeCommand
}

// specificReturn reports whether n holds (outside function literals) a
// return that is a branch of a classification: of a constant that becomes
// a specific failure code, or of a code computed from what went wrong
// (apiErr.ExitCode(), exitErr.Code).
func specificReturn(pass *analysis.Pass, codes map[*ast.ReturnStmt][]int, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = found || slices.ContainsFunc(codes[x], specificCode) || returnsComputed(pass, x)
		}
		return !found
	})
	return found
}

// guardsComputed reports whether the return at the top of stack is the
// body of an if whose next statement returns a computed code that the if
// tests: if e.Code <= 0 { return 1 }; return e.Code passes a code on and
// keeps 1 for what has none. An if that tests something else
// (if err != nil { return 1 }; return classify(x)) guards nothing.
func guardsComputed(pass *analysis.Pass, stack []ast.Node) bool {
	n := len(stack)
	if n < 4 {
		return false
	}
	body, ok := stack[n-2].(*ast.BlockStmt)
	ifs, isIf := stack[n-3].(*ast.IfStmt)
	outer, inBlock := stack[n-4].(*ast.BlockStmt)
	if !ok || !isIf || !inBlock || ifs.Body != body || ifs.Else != nil || len(body.List) != 1 {
		return false
	}
	for i, st := range outer.List {
		if st == ifs && i+1 < len(outer.List) {
			ret, ok := outer.List[i+1].(*ast.ReturnStmt)
			return ok && returnsComputed(pass, ret) && sharesVar(pass.TypesInfo, ifs.Cond, ret)
		}
	}
	return false
}

// sharesVar reports whether a and b use a variable in common.
func sharesVar(info *types.Info, a, b ast.Node) bool {
	vars := map[*types.Var]bool{}
	ast.Inspect(a, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				vars[v] = true
			}
		}
		return true
	})
	shared := false
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && vars[v] {
				shared = true
			}
		}
		return !shared
	})
	return shared
}

// returnsComputed reports whether a return statement returns an integer
// that is no constant.
func returnsComputed(pass *analysis.Pass, ret *ast.ReturnStmt) bool {
	for _, r := range ret.Results {
		tv, ok := pass.TypesInfo.Types[r]
		if !ok || tv.Value != nil {
			continue
		}
		if analyzerutil.IsInteger(tv.Type) {
			return true
		}
	}
	return false
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
			if obj == nil || !analyzerutil.IsError(obj.Type()) {
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

// returnsErrorHere reports whether the function the node at the top of
// stack is in returns an error: a handler, whose failure belongs to its
// caller.
func returnsErrorHere(pass *analysis.Pass, stack []ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		var t types.Type
		switch f := stack[i].(type) {
		case *ast.FuncLit:
			t = pass.TypesInfo.TypeOf(f)
		case *ast.FuncDecl:
			if obj := pass.TypesInfo.Defs[f.Name]; obj != nil {
				t = obj.Type()
			}
		default:
			continue
		}
		sig, ok := t.(*types.Signature)
		return ok && hasError(sig.Results())
	}
	return false
}

// computes reports whether fn returns a value and takes no error: what it
// does is compute the value, and an exit inside it is its own failure.
func computes(fn *types.Func) bool {
	sig := fn.Signature()
	return sig.Results().Len() > 0 && !hasError(sig.Params())
}

// returnsError reports whether fn has a result of type error.
func returnsError(fn *types.Func) bool { return hasError(fn.Signature().Results()) }

// hasError reports whether a parameter or result list holds an error.
func hasError(vars *types.Tuple) bool {
	for v := range vars.Variables() {
		if analyzerutil.IsError(v.Type()) {
			return true
		}
	}
	return false
}

// stdioWriteFailed reports whether the node at the top of stack lies in the
// body of an `if err != nil` whose err is the error of a write to os.Stdout
// or os.Stderr (json.NewEncoder(os.Stdout).Encode(v), fmt.Fprintln(os.Stdout,
// …), the Flush of a bufio.Writer over it): with the output stream broken,
// the envelope that would explain any other code is lost too, and
// GENERAL_ERROR is the last resort the contract keeps it for.
func stdioWriteFailed(pass *analysis.Pass, stack []ast.Node) bool {
	var body *ast.BlockStmt
	for i := len(stack) - 1; i >= 0 && body == nil; i-- {
		switch f := stack[i].(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
	}
	if body == nil {
		return false
	}
	for i := len(stack) - 2; i >= 1; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		}
		ifs, ok := stack[i].(*ast.IfStmt)
		if !ok || stack[i+1] != ifs.Body {
			continue
		}
		errVar := errNotNil(pass.TypesInfo, ifs.Cond)
		if errVar == nil {
			continue
		}
		if call := errSource(pass.TypesInfo, ifs, stack[i-1], errVar); call != nil && writesStdio(pass.TypesInfo, call, body) {
			return true
		}
	}
	return false
}

// errNotNil returns the variable an `err != nil` condition tests, or nil.
func errNotNil(info *types.Info, cond ast.Expr) *types.Var {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(bin.X), ast.Unparen(bin.Y)
	if id, ok := x.(*ast.Ident); ok && id.Name == "nil" {
		x, y = y, x
	}
	if id, ok := y.(*ast.Ident); !ok || info.Uses[id] != types.Universe.Lookup("nil") {
		return nil
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.Uses[id].(*types.Var)
	if v == nil || !analyzerutil.IsError(v.Type()) {
		return nil
	}
	return v
}

// errSource returns the call whose error the if tests: the call its init
// statement assigns to v, or the one the statement just before it in its
// block does.
func errSource(info *types.Info, ifs *ast.IfStmt, parent ast.Node, v *types.Var) *ast.CallExpr {
	assigns := func(st ast.Stmt) *ast.CallExpr {
		as, ok := st.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 {
			return nil
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == v {
				call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
				return call
			}
		}
		return nil
	}
	if ifs.Init != nil {
		return assigns(ifs.Init)
	}
	block, ok := parent.(*ast.BlockStmt)
	if !ok {
		return nil
	}
	for i, st := range block.List {
		if st == ifs && i > 0 {
			return assigns(block.List[i-1])
		}
	}
	return nil
}

// writesStdio reports whether a call writes to os.Stdout or os.Stderr:
// fmt.Fprint*, io.WriteString or io.Copy given one, a write method of one,
// or Encode, Write or Flush of an encoder or buffered writer made over one
// (in body, the function the call is in).
func writesStdio(info *types.Info, call *ast.CallExpr, body *ast.BlockStmt) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	if fn.Signature().Recv() == nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln", "io.WriteString", "io.Copy":
			return len(call.Args) > 0 && stdStream(info, call.Args[0], body, 0)
		}
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && stdStream(info, sel.X, body, 0)
}

// stdStream reports whether e is os.Stdout or os.Stderr, an encoder or
// buffered writer made over one (json.NewEncoder, bufio.NewWriter), or a
// local variable of body every value of which is.
func stdStream(info *types.Info, e ast.Expr, body *ast.BlockStmt, depth int) bool {
	if depth > 3 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return sideeffects.IsStdio(info.Uses[x.Sel])
	case *ast.Ident:
		if sideeffects.IsStdio(info.Uses[x]) {
			return true
		}
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return false
		}
		values, complete := analyzerutil.AssignedValues(info, v, body)
		if !complete || len(values) == 0 {
			return false
		}
		for _, val := range values {
			if !stdStream(info, val, body, depth+1) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, x).(*types.Func)
		if !ok || fn.Pkg() == nil || len(x.Args) == 0 {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "encoding/json.NewEncoder", "bufio.NewWriter", "bufio.NewWriterSize":
			return stdStream(info, x.Args[0], body, depth+1)
		}
	}
	return false
}
