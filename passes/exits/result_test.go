package exits_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/exits"
)

// view reports what the exits pass's result says of a package, so that the
// testdata asserts it line by line:
//
//   - at the package clause, InView for codes 1 to 6 and Module;
//   - at each function declaration, Func and Code of it;
//   - at each call, Call (what kind of exit, the callee, the code, and a
//     helper's summary), NoReturn of its callee, Code of its callee;
//   - at each package-level variable, IsStatus and ExitVar;
//   - at each code site, its Via, and whether it is Direct or a Return;
//   - at each member of a table the package declares, its evidence, and at
//     each use of another package's member, that it is checked there.
var view = &analysis.Analyzer{
	Name:     "exitsview",
	Doc:      "reports what exits.Exits says",
	Requires: []*analysis.Analyzer{exits.Analyzer},
	Run:      runView,
}

func runView(pass *analysis.Pass) (any, error) {
	e := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	file := pass.Files[0]
	var inView []string
	for c := 1; c <= 6; c++ {
		inView = append(inView, fmt.Sprintf("%d=%t", c, e.InView(c)))
	}
	pass.Reportf(file.Package, "InView %s; Module %q", strings.Join(inView, " "), e.Module())
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					if s := e.Func(fn); s != nil {
						pass.Reportf(n.Name.Pos(), "Func %s: %s", fn.Name(), summary(s))
					}
					if c := e.Code(fn); c != nil {
						pass.Reportf(n.Name.Pos(), "Code %s: %s", fn.Name(), params(c))
					}
				}
			case *ast.CallExpr:
				viewCall(pass, e, n)
			case *ast.ValueSpec:
				for _, name := range n.Names {
					v, ok := pass.TypesInfo.Defs[name].(*types.Var)
					if !ok || v.Parent() != pass.Pkg.Scope() {
						continue
					}
					if e.IsStatus(v) {
						pass.Reportf(name.Pos(), "IsStatus %s", v.Name())
					}
					if fn := e.ExitVar(v); fn != nil {
						pass.Reportf(name.Pos(), "ExitVar %s holds %s", v.Name(), fn.FullName())
					}
				}
			case *ast.Ident:
				if k, ok := pass.TypesInfo.Uses[n].(*types.Const); ok && k.Pkg() != pass.Pkg && e.Tables().Checked(k) {
					pass.Reportf(n.Pos(), "Checked %s.%s", k.Pkg().Name(), k.Name())
				}
			}
			return true
		})
	}
	for _, s := range e.Sites() {
		var how []string
		if s.Direct {
			how = append(how, "direct")
		}
		switch {
		case s.Return == nil:
		case s.Return.Pos() <= s.Expr.Pos() && s.Expr.End() <= s.Return.End():
			how = append(how, "return")
		default:
			how = append(how, "return elsewhere")
		}
		pass.Reportf(s.Expr.Pos(), "Site %s via %s [%s]", types.ExprString(s.Expr), s.Via, strings.Join(how, " "))
	}
	for i, tab := range e.Tables().List() {
		for _, m := range tab.Members {
			if e.Tables().Of(m.Const) != tab {
				pass.Reportf(m.Name.Pos(), "Tables.Of(%s) is not its table", m.Const.Name())
			}
			value := "implicit"
			if m.Value != nil {
				value = types.ExprString(m.Value)
			}
			pass.Reportf(m.Name.Pos(), "Table %d member %s = %s (%s)", i, m.Const.Name(), value, m.Evidence)
		}
	}
	return nil, nil
}

func viewCall(pass *analysis.Pass, e *exits.Exits, call *ast.CallExpr) {
	if ex, ok := e.Call(call); ok {
		kind := map[exits.Kind]string{exits.KindExit: "exit", exits.KindFatal: "fatal", exits.KindHelper: "helper"}[ex.Kind]
		msg := fmt.Sprintf("Call %s %s code %s", kind, ex.Callee.FullName(), code(ex.Code))
		if ex.Arg != nil {
			msg += " arg " + types.ExprString(ex.Arg)
		}
		if ex.Summary != nil {
			msg += " (" + summary(ex.Summary) + ")"
		}
		pass.Reportf(call.Lparen, "%s", msg)
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	if e.NoReturn(fn) {
		pass.Reportf(call.Lparen, "NoReturn %s", analyzerutil.CallName(fn))
	}
	if fn.Pkg() != pass.Pkg {
		if c := e.Code(fn); c != nil {
			pass.Reportf(call.Lparen, "Code %s: %s", analyzerutil.CallName(fn), params(c))
		}
	}
}

func code(c int) string {
	if c == exits.Computed {
		return "computed"
	}
	return strconv.Itoa(c)
}

// summary spells a Summary whole: codes, Via, crossings, module, and how
// and when it exits with each code that differs.
func summary(s *exits.Summary) string {
	var codes []string
	for _, c := range s.Codes {
		codes = append(codes, code(c))
	}
	out := fmt.Sprintf("codes %s via %s crossings %d module %q", strings.Join(codes, ","), s.Via, s.Crossings, s.Module)
	for _, cv := range s.ByCode {
		out += fmt.Sprintf("; %s via %s", code(cv.Code), cv.Via)
		if g, ok := s.Guard(cv.Code); ok {
			out += fmt.Sprintf(" if errors.Is(param %d, %s) std=%t", g.Param, g.Is, g.IsStd)
		}
	}
	return out
}

func params(c *exits.CodeParams) string {
	return fmt.Sprintf("exits %v returns %v sets %v", c.Exits, c.Returns, c.Sets)
}

// TestResult asserts what the result says, package by package: the
// exit helpers of lib seen from view (imported facts), view's own
// helpers, its code sites and tables.
func TestResult(t *testing.T) {
	analysistest.Run(t, testdata, view, "cases/passes/exits/view")
}

// TestLibFacts asserts the facts the pass exports on lib and dep: every
// kind of exit helper, and the look-alikes that carry none.
func TestLibFacts(t *testing.T) {
	analysistest.Run(t, testdata, exits.Analyzer, "cases/passes/exits/dep", "cases/passes/exits/lib")
}

// ssaView reports what the SSA view (SSACodes for the code 3) says of the
// calls, returns and stores of a package built by buildssa: how a call
// exits with 3 and the calls the code comes from, which returns yield 3 as
// the exit code, which stores put 3 in the exit status.
var ssaView = &analysis.Analyzer{
	Name:     "exitsssa",
	Doc:      "reports what exits.SSACodes says",
	Requires: []*analysis.Analyzer{buildssa.Analyzer, exits.Analyzer},
	Run:      runSSAView,
}

func runSSAView(pass *analysis.Pass) (any, error) {
	e := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	codes := e.SSA(3, usageCarrier)
	for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				tr := ssavalue.NewTrace()
				switch in := instr.(type) {
				case *ssa.Call:
					if how, ok := codes.Exit(in, tr); ok {
						pass.Reportf(in.Pos(), "Exit: %s%s", how, fromCalls(tr))
					}
				case *ssa.Return:
					if via, ok := codes.Return(in, tr); ok {
						pass.Reportf(in.Pos(), "Return: %s%s", via, fromCalls(tr))
					}
				case *ssa.Store:
					if v, ok := codes.Status(in, tr); ok {
						pass.Reportf(in.Pos(), "Status: %s%s", v.Name(), fromCalls(tr))
					}
				}
			}
		}
	}
	return nil, nil
}

// usageCarrier is the test's own carrier: an error returned by a function
// named usageError carries the code.
func usageCarrier(err ssa.Value, tr *ssavalue.Trace, _ ssavalue.Point, depth int) string {
	if mi, ok := err.(*ssa.MakeInterface); ok {
		err = mi.X
	}
	if call, ok := err.(*ssa.Call); ok {
		if fn := ssavalue.StaticFunc(call.Common()); fn != nil && fn.Name() == "usageError" && tr.RecordCall(call, "usageError()") {
			return "usageError()"
		}
	}
	return ""
}

// fromCalls spells the calls a code comes from, sorted, or "".
func fromCalls(tr *ssavalue.Trace) string {
	var names []string
	for _, call := range tr.Calls() {
		if fn := ssavalue.StaticFunc(call.Common()); fn != nil {
			names = append(names, analyzerutil.CallName(fn))
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return " from [" + strings.Join(names, " ") + "]"
}

func TestSSAView(t *testing.T) {
	analysistest.Run(t, testdata, ssaView, "cases/passes/exits/ssa")
}

// evidence returns the evidence of each member of the package's tables.
var evidence = &analysis.Analyzer{
	Name:       "evidence",
	Doc:        "returns the tables' evidence",
	Requires:   []*analysis.Analyzer{exits.Analyzer},
	ResultType: reflect.TypeFor[[]string](),
	Run: func(pass *analysis.Pass) (any, error) {
		var out []string
		for _, tab := range pass.ResultOf[exits.Analyzer].(*exits.Exits).Tables().List() {
			for _, m := range tab.Members {
				out = append(out, m.Const.Name()+": "+m.Evidence)
			}
		}
		return out, nil
	},
}

// TestStatusEvidence: the table of a type that twelve exit-status
// variables share names the first of them as its evidence, on every run
// (it came from map order once, and barecode's messages with it).
func TestStatusEvidence(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  testdata,
		Env:  append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off"),
	}, "cases/passes/exits/status")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading: %v", err)
	}
	want := "statusOK: its type status is that of s1 → os.Exit; statusOdd: its type status is that of s1 → os.Exit"
	for run := range 8 {
		graph, err := checker.Analyze([]*analysis.Analyzer{evidence}, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, act := range graph.Roots {
			if got := strings.Join(act.Result.([]string), "; "); got != want {
				t.Fatalf("run %d: %s; want %s", run, got, want)
			}
		}
	}
}
