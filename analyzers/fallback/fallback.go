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
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
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
	if msg == "" || ex.Exemptions().Exit(cur) || e.Kind == exits.KindExit && misvaluedUse(pass, ex, e.Arg) {
		return analysis.Diagnostic{}, false
	}
	if category != "parser" && returnsErrorHere(pass, cur) {
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
		if e.Code != generalError {
			return "", "" // kong's FatalIfErrorf with the code the error carries
		}
		if exits.IsKongFatalIf(e.Callee) && exits.KongHonoursExitCode(e.Callee) {
			// kong exits with the code of an error that has an
			// ExitCode() int method: the program has none.
			return "fatal", fmt.Sprintf("%s ends the process with GENERAL_ERROR (1) for every error that has no ExitCode() int method, and no error type of this module has one, %s: give the errors an ExitCode() int method that returns the code that fits (kong exits with it), or map the error to a code before exiting (exitcode.FromError(err) maps an error to one)", analyzerutil.CallName(e.Callee), advice)
		}
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
		if e.Summary.ParsesArgs && e.Summary.Has(generalError) && e.Summary.Crossings == 0 && !returnsError(e.Callee) && foreign(ex.Module(), pass.Pkg, e.Callee.Pkg(), e.Summary.Module) {
			// A library's parser of the process's command line, which
			// ends a command line it refuses with 1 (cmdline.go).
			return "parser", fmt.Sprintf("%s parses the process's command line and ends the process with GENERAL_ERROR (1) when the command line is wrong (via %s), %s: parse with the library's call that returns the error, and exit with ARG_ERROR (3) on it", analyzerutil.CallName(e.Callee), e.Summary.ViaFor(generalError), advice)
		}
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
	codesOf := func(ret *ast.ReturnStmt) []int { return codes[ret] }
	for _, s := range ex.Sites() {
		if s.Direct || constValue(pass, s.Expr) != generalError || misvaluedUse(pass, ex, s.Expr) {
			continue
		}
		if s.Return != nil {
			if ret, ok := root.FindNode(s.Return); ok && ex.Exemptions().ReturnAt(ret, codesOf) {
				continue
			}
		}
		if at, ok := root.FindNode(s.Expr); ok && ex.Exemptions().CodeAt(at, codesOf) {
			continue
		}
		what := "exit code 1"
		if _, lit := ast.Unparen(s.Expr).(*ast.BasicLit); !lit {
			what = fmt.Sprintf("exit code %s (1)", types.ExprString(s.Expr))
		}
		sup.Report(pass, analysis.Diagnostic{Pos: s.Expr.Pos(), End: s.Expr.End(), Category: "flow", Message: siteMessage(what, s.Via)})
	}
	for _, s := range ex.ForeignSites() {
		if s.Value != int64(generalError) || s.LastBranch || s.Reported || slices.Contains(s.Ignored, pass.Analyzer.Name) || misvalued(ex, ex.Const(s.Source)) {
			continue
		}
		pos, end := analyzerutil.PosOf(pass.Fset, s.Pos, s.End)
		if !pos.IsValid() {
			continue
		}
		what := "exit code 1"
		if s.Const != "" {
			what = fmt.Sprintf("exit code %s (1)", s.Text)
		}
		sup.Report(pass, analysis.Diagnostic{Pos: pos, End: end, Category: "flow", Message: siteMessage(what, s.Via)})
	}
}

// siteMessage is the message of a 1 that becomes the exit code as via
// says.
func siteMessage(what, via string) string {
	return fmt.Sprintf("%s is GENERAL_ERROR, %s (it becomes the exit code: %s): use the code that fits (exitcode.FromError(err) maps an error to one)", what, advice, via)
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
	if !ok || !analyzerutil.IsNil(pass.TypesInfo, bin.Y) {
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
