package argerror_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/argerror"
	"github.com/exitlint/exitlint/passes/errcodes"
	"github.com/exitlint/exitlint/passes/exits"
)

// TestLibFacts asserts the facts on lib: each way of returning ARG_ERROR,
// and the look-alikes that mention it and return nothing.
func TestLibFacts(t *testing.T) {
	analysistest.Run(t, testdata, argerror.Analyzer, "cases/passes/argerror/lib")
}

var carriers = map[errcodes.Carrier]string{
	errcodes.CarrierCode:      "Code",
	errcodes.CarrierRecv:      "Recv",
	errcodes.CarrierArgs:      "Args",
	errcodes.CarrierWrap:      "Wrap",
	errcodes.CarrierExitCoder: "ExitCoder",
}

// view reports what the argerror pass's result says of a package: Any at
// the package clause; Func of each function (at its name, and at calls of
// another package's); Carries of each value a function returns; Sentinel
// of each package-level variable, the package's and another's; IsArgConst
// of each constant; errcodes' CarrierOf of each call.
var view = &analysis.Analyzer{
	Name:     "argerrorview",
	Doc:      "reports what argerror.ArgErrors says",
	Requires: []*analysis.Analyzer{argerror.Analyzer},
	Run:      runView,
}

func runView(pass *analysis.Pass) (any, error) {
	a := pass.ResultOf[argerror.Analyzer].(*argerror.ArgErrors)
	pass.Reportf(pass.Files[0].Package, "Any=%t", a.Any)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				fn := pass.TypesInfo.Defs[d.Name].(*types.Func)
				if r := a.Func(fn); r != nil {
					pass.Reportf(d.Name.Pos(), "Func %s: %s", fn.Name(), returns(r))
				}
				if d.Body != nil {
					viewBody(pass, a, d.Body)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					vs, ok := spec.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for _, name := range vs.Names {
						if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok {
							if via := a.Sentinel(v); via != "" {
								pass.Reportf(name.Pos(), "Sentinel %s: %s", v.Name(), via)
							}
						}
					}
					for _, val := range vs.Values {
						viewExpr(pass, a, val)
					}
				}
			}
		}
	}
	return nil, nil
}

func returns(r *argerror.Returns) string { return fmt.Sprintf("results %v via %s", r.Results, r.Via) }

// viewBody reports Carries of the values body returns (a function
// literal's returns are the literal's), and what viewExpr says of its
// expressions.
func viewBody(pass *analysis.Pass, a *argerror.ArgErrors, body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			viewBody(pass, a, n.Body)
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if via := a.Carries(r, body); via != "" {
					pass.Reportf(r.Pos(), "Carries: %s", via)
				}
			}
		case ast.Expr:
			viewExpr(pass, a, n)
			return false
		}
		return true
	})
}

// viewExpr reports, in e, Func of another package's function at each of
// its calls, errcodes' CarrierOf of each call, IsArgConst of each constant named,
// and Sentinel of another package's variable.
func viewExpr(pass *analysis.Pass, a *argerror.ArgErrors, e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(pass.TypesInfo, n).(*types.Func); ok {
				if r := a.Func(fn); r != nil && fn.Pkg() != pass.Pkg {
					pass.Reportf(n.Lparen, "Func %s: %s", analyzerutil.CallName(fn), returns(r))
				}
				if c := errcodes.CarrierOf(fn); c != errcodes.NoCarrier {
					pass.Reportf(n.Lparen, "Carrier %s", carriers[c])
				}
			}
		case *ast.Ident:
			switch obj := pass.TypesInfo.Uses[n].(type) {
			case *types.Const:
				if a.IsArgConst(obj.Type(), obj.Val()) {
					pass.Reportf(n.Pos(), "IsArgConst %s", obj.Name())
				}
			case *types.Var:
				if obj.Pkg() != pass.Pkg {
					if via := a.Sentinel(obj); via != "" {
						pass.Reportf(n.Pos(), "Sentinel %s.%s: %s", obj.Pkg().Name(), obj.Name(), via)
					}
				}
			}
		case *ast.FuncLit:
			viewBody(pass, a, n.Body)
			return false
		}
		return true
	})
}

// TestResult asserts what the result says of view, which uses lib, and
// Any of packages that can emit ARG_ERROR in one way or none.
func TestResult(t *testing.T) {
	analysistest.Run(t, testdata, view, "cases/passes/argerror/view", "cases/passes/argerror/none", "cases/passes/argerror/enumnone", "cases/passes/argerror/exit3", "cases/passes/argerror/cliexit")
}

// ssaView reports what the SSA view says of ssa over buildssa's SSA:
// returns that emit ARG_ERROR, exits with it, stores of it in the exit
// status, with how and the calls the value comes from.
var ssaView = &analysis.Analyzer{
	Name:     "argerrorssa",
	Doc:      "reports what argerror.SSA says",
	Requires: []*analysis.Analyzer{buildssa.Analyzer, exits.Analyzer, argerror.Analyzer},
	Run:      runSSAView,
}

func runSSAView(pass *analysis.Pass) (any, error) {
	v := pass.ResultOf[argerror.Analyzer].(*argerror.ArgErrors).SSA(pass.ResultOf[exits.Analyzer].(*exits.Exits))
	for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var how string
				var ok bool
				tr := ssavalue.NewTrace()
				switch in := instr.(type) {
				case *ssa.Call:
					how, ok = v.Exit(in, tr)
				case *ssa.Return:
					how, ok = v.Return(in, tr)
				case *ssa.Store:
					how, ok = v.Status(in, tr)
				}
				switch {
				case !ok:
				case instr.Pos().IsValid():
					pass.Reportf(instr.Pos(), "%T: %s%s", instr, how, fromCalls(tr))
				default:
					// A return SSA adds (a function's recover block) has no
					// position: argphase leaves it out.
					pass.Reportf(fn.Pos(), "%T at no position: %s%s", instr, how, fromCalls(tr))
				}
			}
		}
	}
	return nil, nil
}

// fromCalls spells the calls a value comes from, sorted: function
// literals as "literal".
func fromCalls(tr *ssavalue.Trace) string {
	var names []string
	for _, call := range tr.Calls() {
		if fn := ssavalue.StaticFunc(call.Common()); fn != nil {
			names = append(names, analyzerutil.CallName(fn))
		} else if ssavalue.LiteralCallee(call.Common()) != nil {
			names = append(names, "literal")
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return " from [" + strings.Join(names, " ") + "]"
}

func TestSSAView(t *testing.T) {
	analysistest.Run(t, testdata, ssaView, "cases/passes/argerror/ssa")
}
