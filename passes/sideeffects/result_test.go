package sideeffects_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/sideeffects"
)

var kinds = map[sideeffects.RuleKind]string{
	sideeffects.Always:          "Always",
	sideeffects.RuleWriteFlags:  "WriteFlags",
	sideeffects.RuleNotReading:  "NotReading",
	sideeffects.RuleNotTemp:     "NotTemp",
	sideeffects.RuleChangesData: "ChangesData",
	sideeffects.RuleToFile:      "ToFile",
	sideeffects.RuleNotSelf:     "NotSelf",
}

// rule spells a rule: "NotTemp 0 all-or-nothing".
func rule(r sideeffects.Rule) string {
	s := fmt.Sprintf("%s %d", kinds[r.Kind], r.Arg)
	if r.AllOrNothing {
		s += " all-or-nothing"
	}
	return s
}

// view reports, at each call of a function with a side effect (Func),
// what Call and CallIn say: "Call CallIn: os.Remove removes a file; rule
// NotTemp 0 all-or-nothing" when both count it, "Call: …" when only the
// call alone does (CallIn follows the body's variables to a temporary
// path or a GET), "Func only: …" when neither does (the rule narrowed it
// away).
var view = &analysis.Analyzer{
	Name:     "sideeffectsview",
	Doc:      "reports what sideeffects.SideEffects says",
	Requires: []*analysis.Analyzer{sideeffects.Analyzer},
	Run:      runView,
}

func runView(pass *analysis.Pass) (any, error) {
	s := pass.ResultOf[sideeffects.Analyzer].(*sideeffects.SideEffects)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
				if !ok {
					return true
				}
				e, r, ok := s.Func(fn)
				if !ok {
					return true
				}
				var which []string
				if got, ok := s.Call(call); ok {
					which = append(which, "Call")
					e = got
				}
				if got, ok := s.CallIn(call, fd.Body); ok {
					which = append(which, "CallIn")
					if got.String() != e.String() {
						pass.Reportf(call.Lparen, "Call and CallIn differ: %s, %s", e, got)
					}
				}
				if which == nil {
					which = []string{"Func only"}
				}
				pass.Reportf(call.Lparen, "%s: %s; rule %s", strings.Join(which, " "), e, rule(r))
				return true
			})
		}
	}
	return nil, nil
}

// TestResult asserts what Call, CallIn and Func say of the calls of view.
func TestResult(t *testing.T) {
	analysistest.Run(t, testdata, view, "cases/passes/sideeffects/view")
}

// ssaView reports what the SSA view says of each call, go and defer
// statement over buildssa's SSA, with a Tracer over the package.
var ssaView = &analysis.Analyzer{
	Name:     "sideeffectsssa",
	Doc:      "reports what sideeffects.SSA says",
	Requires: []*analysis.Analyzer{buildssa.Analyzer, sideeffects.Analyzer},
	Run:      runSSAView,
}

func runSSAView(pass *analysis.Pass) (any, error) {
	built := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	v := pass.ResultOf[sideeffects.Analyzer].(*sideeffects.SideEffects).SSA(ssavalue.NewTracer(built.Pkg, pass.TypesInfo))
	for _, fn := range built.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if e, r, ok := v.Call(c.Common()); ok {
					pass.Reportf(c.Pos(), "SSA %T: %s; rule %s", instr, e, rule(r))
				}
			}
		}
	}
	return nil, nil
}

// TestSSAView asserts what the SSA view says of ssa's calls: values
// followed through phis, captured variables and unexported functions'
// parameters; function literals called, deferred, started or handed to a
// call; interface calls of a value the function made.
func TestSSAView(t *testing.T) {
	analysistest.Run(t, testdata, ssaView, "cases/passes/sideeffects/ssa")
}

// TestExtra: a function the -config.sideeffects setting names has a side
// effect wherever it is called.
func TestExtra(t *testing.T) {
	defer config.Reset()
	if err := config.Set(config.SideEffects.Name, []string{"cases/passes/sideeffects/lib.Lookup", "(cases/passes/sideeffects/lib.Store).Get"}); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, view, "cases/passes/sideeffects/extra")
}
