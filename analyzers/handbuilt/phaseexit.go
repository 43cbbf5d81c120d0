package handbuilt

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/suppress"
)

// phaseExits reports exits inside the phases of exitlint's envelope runner
// (envelope.Command's Validate and Execute): the process ends before the
// runner writes the envelope, so the agent gets no response at all.
func phaseExits(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions, ins *inspector.Inspector) {
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for cur := range file.Preorder((*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
			switch n := cur.Node().(type) {
			case *ast.CompositeLit:
				if analyzerutil.IsRunnerCommand(pass.TypesInfo.TypeOf(n)) {
					checkLiteral(pass, ex, sup, n)
				}
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					checkAssign(pass, ex, sup, n)
				}
			}
		}
	}
}

// checkLiteral checks the phases a command literal sets.
func checkLiteral(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions, lit *ast.CompositeLit) {
	name := commandName(pass, lit)
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok {
			checkPhase(pass, ex, sup, key.Name, name, kv.Value)
		}
	}
}

// checkAssign checks the phases an assignment sets on a command.
func checkAssign(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions, as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if ok && analyzerutil.IsRunnerCommand(pass.TypesInfo.TypeOf(sel.X)) {
			checkPhase(pass, ex, sup, sel.Sel.Name, "", as.Rhs[i])
		}
	}
}

// commandName returns the constant Name of a command literal, or "".
func commandName(pass *analysis.Pass, lit *ast.CompositeLit) string {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "Name" {
			if tv, ok := pass.TypesInfo.Types[kv.Value]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				return constant.StringVal(tv.Value)
			}
		}
	}
	return ""
}

// checkPhase reports the exits of one phase's function value.
func checkPhase(pass *analysis.Pass, ex *exits.Exits, sup *suppress.Suppressions, field, command string, value ast.Expr) {
	var phase string
	switch field {
	case "Validate":
		phase = "validate"
	case "Execute":
		phase = "execute"
	default:
		return
	}
	where := "the " + phase + " phase of command"
	if command != "" {
		where += " " + strconv.Quote(command)
	}
	const advice = ": the runner never writes the envelope, so the agent gets no response to read; return an *exitcode.Error with the code and let the runner end the process"
	switch v := ast.Unparen(value).(type) {
	case *ast.FuncLit:
		ast.Inspect(v.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			e, isExit := ex.Call(call)
			if !isExit {
				return true
			}
			callee := calleeName(pass, e.Callee)
			what := callee + " ends the process"
			if e.Kind == exits.KindHelper && e.Summary != nil {
				what = fmt.Sprintf("%s ends the process (via %s)", callee, e.Summary.Via)
			}
			sup.Report(pass, analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: "phase-exit",
				Message: what + " inside " + where + advice})
			return true
		})
	case *ast.Ident, *ast.SelectorExpr:
		var id *ast.Ident
		if sel, ok := v.(*ast.SelectorExpr); ok {
			id = sel.Sel
		} else {
			id = v.(*ast.Ident)
		}
		fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
		if !ok {
			return
		}
		if fact := ex.Func(fn); fact != nil {
			sup.Report(pass, analysis.Diagnostic{Pos: v.Pos(), End: v.End(), Category: "phase-exit",
				Message: fmt.Sprintf("%s, %s, ends the process (via %s)%s", calleeName(pass, fn), where, fact.Via, advice)})
		}
	}
}

// calleeName spells a function as a reader writes it: os.Exit, log.Fatalf,
// a function of this package by its name.
func calleeName(pass *analysis.Pass, fn *types.Func) string {
	if fn == nil {
		return "a call"
	}
	if fn.Pkg() == pass.Pkg {
		return fn.Name()
	}
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return fn.Name()
	}
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
