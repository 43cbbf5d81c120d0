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
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
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
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for call := range file.Preorder((*ast.CallExpr)(nil)) {
			if d, ok := exitFinding(pass, ex, file.Node().(*ast.File), call); ok {
				sup.Report(pass, d)
			}
		}
	}
	reportSites(pass, ex, sup, ins.Root())
	return nil, nil
}

// exitFinding returns the finding for the call at cur if it ends the
// process with GENERAL_ERROR as a catch-all.
func exitFinding(pass *analysis.Pass, ex *exits.Exits, file *ast.File, cur inspector.Cursor) (analysis.Diagnostic, bool) {
	call := cur.Node().(*ast.CallExpr)
	e, ok := ex.Call(call)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	category, msg := catchAll(pass, ex, call, e)
	if msg == "" || classification(func(n ast.Node) bool { return specificExit(ex, n) }, cur) || stdioWriteFailed(pass, cur) || cannotFail(pass, cur) {
		return analysis.Diagnostic{}, false
	}
	if returnsErrorHere(pass, cur) {
		msg = msg[:strings.LastIndex(msg, ": ")] + ": return the error instead, so that the code is chosen in one place (exitcode.FromError(err) maps an error to one)"
	}
	d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: category, Message: msg}
	if e.Kind == exits.KindExit {
		if fix, ok := mapError(pass, file, cur); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d, true
}

// catchAll returns the category and the message of an exit with
// GENERAL_ERROR, or "" when e exits with another code or is a helper
// that is not blamed at its call.
func catchAll(pass *analysis.Pass, ex *exits.Exits, call *ast.CallExpr, e exits.Exit) (category, msg string) {
	switch e.Kind {
	case exits.KindExit:
		if e.Code != generalError {
			return "", ""
		}
		return "exit", fmt.Sprintf("%s ends the process with GENERAL_ERROR (1), %s: exit with the code that fits, or map the error with exitcode.FromError(err)", types.ExprString(call), advice)
	case exits.KindFatal:
		return "fatal", fmt.Sprintf("%s ends the process with GENERAL_ERROR (1), %s: report the error and exit with the code that fits (exitcode.FromError(err) maps an error to one)", analyzerutil.CallName(e.Callee), advice)
	case exits.KindHelper:
		// A library's helper is blamed at the call when it exits in its
		// own package (Must, Die); not when the exit lies in another
		// package deep below it (a decoder's fatal on a corrupt table
		// under a client's Get).
		// Nor is one that returns an error: it reports failure through
		// the error, and an exit inside it is an internal assertion of
		// the library (a converter's fatal on a mismatch it believes
		// impossible).
		// Nor is one that computes a value without being given an error
		// to check (a command's UsageString, whose exit is its own
		// rendering failing): Must(err) and MustParse(s, err) are
		// helpers, the caller's error their reason to exit.
		if !e.Summary.Only(generalError) || e.Summary.Crossings > 0 || returnsError(e.Callee) || computes(e.Callee) || !foreign(ex.Module(), pass.Pkg, e.Callee.Pkg(), e.Summary.Module) {
			return "", ""
		}
		return "helper", fmt.Sprintf("%s may end the process with GENERAL_ERROR (1) (via %s), %s: handle the error here and exit with the code that fits (exitcode.FromError(err) maps an error to one)", analyzerutil.CallName(e.Callee), e.Summary.Via, advice)
	}
	return "", ""
}

// reportSites reports the constants 1 that become the exit code other than
// as an exit call's argument: returned by a function whose result main
// passes to os.Exit, assigned to the variable an exit is called with, or
// passed to a parameter that one is. A return that is the last branch of a
// classification, whose other branches return specific codes, is left.
func reportSites(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions, root inspector.Cursor) {
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
			if ret, ok := root.FindNode(s.Return); ok && (classification(specific, ret) || guardsComputed(pass, ret) || stdioWriteFailed(pass, ret) || cannotFail(pass, ret)) {
				continue
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

// classification reports whether cur is in the last branch of a
// classification: another branch beside or before it is specific (ends the
// process, or returns, with a specific failure code).
func classification(specific func(ast.Node) bool, cur inspector.Cursor) bool {
	// Find the statement list holding cur's statement.
	for stmt := cur; ; stmt = stmt.Parent() {
		list := stmt.Parent()
		var stmts []ast.Stmt
		switch l := list.Node().(type) {
		case *ast.BlockStmt:
			stmts = l.List
		case *ast.CaseClause:
			stmts = l.Body
		case *ast.FuncLit, *ast.FuncDecl, *ast.File:
			return false
		default:
			continue
		}
		return specificBefore(specific, stmts, stmt.Node()) || specificBranch(specific, list)
	}
}

// specificBefore reports whether an if or switch statement of list before
// stmt is specific.
func specificBefore(specific func(ast.Node) bool, list []ast.Stmt, stmt ast.Node) bool {
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
	return false
}

// specificBranch reports whether list is a last branch whose earlier
// branches are specific: the default clause of a switch with a specific
// case, or the final else of an if chain with a specific branch.
func specificBranch(specific func(ast.Node) bool, list inspector.Cursor) bool {
	switch l := list.Node().(type) {
	case *ast.CaseClause:
		return l.List == nil && specific(list.Parent().Node())
	case *ast.BlockStmt:
		for ; list.ParentEdgeKind() == edge.IfStmt_Else; list = list.Parent() {
			if specific(list.Parent().Node().(*ast.IfStmt).Body) {
				return true
			}
		}
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

// guardsComputed reports whether the return at ret is the body of an if
// whose next statement returns a computed code that the if tests:
// if e.Code <= 0 { return 1 }; return e.Code passes a code on and keeps 1
// for what has none. An if that tests something else
// (if err != nil { return 1 }; return classify(x)) guards nothing.
func guardsComputed(pass *analysis.Pass, ret inspector.Cursor) bool {
	if ret.ParentEdgeKind() != edge.BlockStmt_List || ret.Parent().ParentEdgeKind() != edge.IfStmt_Body {
		return false
	}
	ifCur := ret.Parent().Parent()
	ifs := ifCur.Node().(*ast.IfStmt)
	if ifs.Else != nil || len(ifs.Body.List) != 1 || ifCur.ParentEdgeKind() != edge.BlockStmt_List {
		return false
	}
	next, ok := ifCur.NextSibling()
	if !ok {
		return false
	}
	computed, ok := next.Node().(*ast.ReturnStmt)
	return ok && returnsComputed(pass, computed) && sharesVar(pass.TypesInfo, ifs.Cond, computed)
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

// mapError offers exitcode.Exit(exitcode.FromError(err)) for an exit
// inside if err != nil, when the file imports exitcode already.
func mapError(pass *analysis.Pass, file *ast.File, cur inspector.Cursor) (analysis.SuggestedFix, bool) {
	name := exitcodeName(file)
	ifCur, ok := analyzerutil.Innermost(cur, (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil), (*ast.IfStmt)(nil))
	if name == "" || !ok {
		return analysis.SuggestedFix{}, false
	}
	call := cur.Node()
	ifs, ok := ifCur.Node().(*ast.IfStmt)
	if !ok || !ifCur.Child(ifs.Body).Contains(cur) {
		return analysis.SuggestedFix{}, false
	}
	err := testedErr(pass, ifs.Cond, call.Pos())
	if err == nil {
		return analysis.SuggestedFix{}, false
	}
	text := fmt.Sprintf("%s.Exit(%s.FromError(%s))", name, name, err.Name)
	return analysis.SuggestedFix{
		Message:   "Exit with the code exitcode.FromError maps " + err.Name + " to",
		TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}},
	}, true
}

// exitcodeName returns the name the file imports exitcode by, or "" when
// it does not import it by a name.
func exitcodeName(file *ast.File) string {
	name := ""
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == analyzerutil.ExitcodePath {
			name = "exitcode"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "_" || name == "." {
		return ""
	}
	return name
}

// testedErr returns the error variable an `err != nil` condition tests,
// when the same variable is in scope at pos; nil otherwise.
func testedErr(pass *analysis.Pass, cond ast.Expr, pos token.Pos) *ast.Ident {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	id, ok := ast.Unparen(bin.X).(*ast.Ident)
	if !ok || !isNil(pass, bin.Y) {
		return nil
	}
	obj := pass.TypesInfo.Uses[id]
	if obj == nil || !analyzerutil.IsError(obj.Type()) {
		return nil
	}
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil
	}
	if _, found := scope.LookupParent(id.Name, pos); found != obj {
		return nil
	}
	return id
}

func isNil(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	return ok && tv.IsNil()
}

// returnsErrorHere reports whether the function cur is in returns an
// error: a handler, whose failure belongs to its caller.
func returnsErrorHere(pass *analysis.Pass, cur inspector.Cursor) bool {
	_, sig := analyzerutil.EnclosingFunc(pass.TypesInfo, cur)
	return sig != nil && hasError(sig.Results())
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

// stdioWriteFailed reports whether cur lies in the body of an
// `if err != nil` whose err is the error of a write to os.Stdout or
// os.Stderr (json.NewEncoder(os.Stdout).Encode(v), fmt.Fprintln(os.Stdout,
// …), the Flush of a bufio.Writer over it): with the output stream broken,
// the envelope that would explain any other code is lost too, and
// GENERAL_ERROR is the last resort the contract keeps it for.
func stdioWriteFailed(pass *analysis.Pass, cur inspector.Cursor) bool {
	return errorOf(pass, cur, func(call *ast.CallExpr, body *ast.BlockStmt) bool {
		return writesStdio(pass.TypesInfo, call, body)
	})
}

// cannotFail reports whether cur lies in the body of an `if err != nil`
// whose err is the error result of a function of the package that returns
// nil for it on every path: the exit there never happens, and no agent
// sees its code.
func cannotFail(pass *analysis.Pass, cur inspector.Cursor) bool {
	return errorOf(pass, cur, func(call *ast.CallExpr, _ *ast.BlockStmt) bool {
		return nilErrorAlways(pass, typeutil.StaticCallee(pass.TypesInfo, call))
	})
}

// errorOf reports whether cur lies in the body of an `if err != nil` whose
// err comes from a call for which is returns true (is is given the body of
// the function the if is in).
func errorOf(pass *analysis.Pass, cur inspector.Cursor, is func(call *ast.CallExpr, body *ast.BlockStmt) bool) bool {
	body, _ := analyzerutil.EnclosingFunc(pass.TypesInfo, cur)
	if body == nil {
		return false
	}
	for ifCur := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.IfStmt)(nil)) {
		ifs, ok := ifCur.Node().(*ast.IfStmt)
		if !ok {
			return false // an if outside the function tests none of its errors
		}
		if !ifCur.Child(ifs.Body).Contains(cur) {
			continue
		}
		errVar := errNotNil(pass.TypesInfo, ifs.Cond)
		if errVar == nil {
			continue
		}
		if call := errSource(pass.TypesInfo, ifCur, errVar); call != nil && is(call, body) {
			return true
		}
	}
	return false
}

// nilErrorAlways reports whether fn, a function declared in the package,
// ends in an error result and returns nil for it in every return statement
// of its body (a bare return, or one that returns another call's results,
// does not count).
func nilErrorAlways(pass *analysis.Pass, fn *types.Func) bool {
	if fn == nil || fn.Pkg() != pass.Pkg {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() == 0 || !analyzerutil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	decl := funcDecl(pass, fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	returns, all := 0, true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) != res.Len() {
				all = false
			} else if id, ok := ast.Unparen(n.Results[res.Len()-1]).(*ast.Ident); !ok || pass.TypesInfo.Uses[id] != types.Universe.Lookup("nil") {
				all = false
			}
		}
		return all
	})
	return all && returns > 0
}

// funcDecl returns the declaration of fn among the package's files.
func funcDecl(pass *analysis.Pass, fn *types.Func) *ast.FuncDecl {
	fn = fn.Origin()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
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

// errSource returns the call whose error the if at ifCur tests: the call
// its init statement assigns to v, or the one the statement just before it
// in its block does.
func errSource(info *types.Info, ifCur inspector.Cursor, v *types.Var) *ast.CallExpr {
	if init := ifCur.Node().(*ast.IfStmt).Init; init != nil {
		return assignedCall(info, init, v)
	}
	if prev, ok := ifCur.PrevSibling(); ok && ifCur.ParentEdgeKind() == edge.BlockStmt_List {
		return assignedCall(info, prev.Node().(ast.Stmt), v)
	}
	return nil
}

// assignedCall returns the call st assigns to v, if st assigns one call's
// results.
func assignedCall(info *types.Info, st ast.Stmt, v *types.Var) *ast.CallExpr {
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
