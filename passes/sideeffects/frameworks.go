package sideeffects

import (
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// A framework's run method (cobra's Execute, urfave/cli's App.Run) calls the
// run functions of the commands the program gave it: function values held
// in the command's fields, which no static call reaches. The run method has
// the side effects of those run functions that return an error: their
// error is what the run method returns, after their side effects. A run
// function that returns nothing (cobra's Run) may write, but no error of
// the run method follows its writes.

// commandType is a framework's command type: the fields that hold run
// functions returning an error, the field that names the command, and the
// framework (its package) whose run method calls them.
type commandType struct {
	hooks     []string
	name      string
	framework string
}

var (
	cobraCommand = commandType{[]string{"PersistentPreRunE", "PreRunE", "RunE", "PostRunE", "PersistentPostRunE"}, "Use", "github.com/spf13/cobra"}
	urfave       = commandType{[]string{"Before", "Action", "After"}, "Name", "github.com/urfave/cli"}
	urfave2      = commandType{urfave.hooks, "Name", "github.com/urfave/cli/v2"}
	urfave3      = commandType{urfave.hooks, "Name", "github.com/urfave/cli/v3"}
)

// commandTypes are the frameworks' command types, by package path and
// type name.
var commandTypes = map[string]commandType{
	"github.com/spf13/cobra.Command":   cobraCommand,
	"github.com/urfave/cli.App":        urfave,
	"github.com/urfave/cli.Command":    urfave,
	"github.com/urfave/cli/v2.App":     urfave2,
	"github.com/urfave/cli/v2.Command": urfave2,
	"github.com/urfave/cli/v3.Command": urfave3,
}

// frameworkRuns are the run methods that call the program's run functions.
var frameworkRuns = analyzerutil.NewFuncs([]string{
	"(*github.com/spf13/cobra.Command).Execute",
	"(*github.com/spf13/cobra.Command).ExecuteC",
	"(*github.com/spf13/cobra.Command).ExecuteContext",
	"(*github.com/spf13/cobra.Command).ExecuteContextC",
	"(*github.com/urfave/cli.App).Run",
	"(*github.com/urfave/cli.App).RunContext",
	"(*github.com/urfave/cli/v2.App).Run",
	"(*github.com/urfave/cli/v2.App).RunContext",
	"(*github.com/urfave/cli/v3.Command).Run",
})

// runsFact is a package fact: for each framework, a side effect of a run
// function that the package, or a package it imports, gives it.
type runsFact struct{ Runs []Run }

// Run is the side effect of the run functions given to one framework.
type Run struct {
	Framework string // the framework's package path
	Effect    Effect
}

func (*runsFact) AFact() {}

func (f *runsFact) String() string {
	var parts []string
	for _, r := range f.Runs {
		parts = append(parts, r.Framework+": "+r.Effect.String())
	}
	return "runs(" + strings.Join(parts, "; ") + ")"
}

// commandOf returns the command type a type is, or is a pointer to.
func commandOf(t types.Type) (commandType, bool) {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return commandType{}, false
	}
	ct, ok := commandTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
	return ct, ok
}

// runEffects returns, per framework, the first side effect of the run
// functions the package gives it, or, when it gives none with one, of those
// of the packages it imports; sorted by framework.
func (s *SideEffects) runEffects(pass *analysis.Pass) []Run {
	byFramework := s.ownRunEffects(pass)
	for _, imp := range pass.Pkg.Imports() {
		var f runsFact
		if pass.ImportPackageFact(imp, &f) {
			for _, r := range f.Runs {
				if cur, ok := byFramework[r.Framework]; !ok || (cur.Housekeeping && !r.Effect.Housekeeping) {
					byFramework[r.Framework] = r.Effect
				}
			}
		}
	}
	var out []Run
	for _, fw := range slices.Sorted(maps.Keys(byFramework)) {
		out = append(out, Run{fw, byFramework[fw]})
	}
	return out
}

// ownRunEffects returns, per framework, the first side effect of a run
// function the package puts into a command: a field of a command literal
// (&cobra.Command{RunE: …}) or assigned (cmd.RunE = …).
func (s *SideEffects) ownRunEffects(pass *analysis.Pass) map[string]Effect {
	out := map[string]Effect{}
	add := func(ct commandType, e *Effect) {
		// A side effect takes the place of housekeeping found before it.
		if cur, ok := out[ct.framework]; e != nil && (!ok || (cur.Housekeeping && !e.Housekeeping)) {
			out[ct.framework] = *e
		}
	}
	info := pass.TypesInfo
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			var body *ast.BlockStmt
			if fd, ok := decl.(*ast.FuncDecl); ok {
				body = fd.Body
			}
			ast.Inspect(decl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CompositeLit:
					ct, ok := commandOf(info.TypeOf(n))
					if !ok {
						return true
					}
					name := literalName(info, n, ct)
					for _, elt := range n.Elts {
						kv, ok := elt.(*ast.KeyValueExpr)
						if id, isID := kv.Key.(*ast.Ident); ok && isID && isHook(ct, id.Name) {
							add(ct, s.hookEffect(info, id.Name, name, kv.Value))
						}
					}
				case *ast.AssignStmt:
					if len(n.Rhs) != len(n.Lhs) {
						return true
					}
					for i, lhs := range n.Lhs {
						sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
						if !ok {
							continue
						}
						if ct, ok := commandOf(info.TypeOf(sel.X)); ok && isHook(ct, sel.Sel.Name) {
							add(ct, s.hookEffect(info, sel.Sel.Name, commandName(info, sel.X, body, ct), n.Rhs[i]))
						}
					}
				}
				return true
			})
		}
	}
	return out
}

// commandName returns the name of the command a variable of body holds
// when it is assigned one command literal (rm := &cobra.Command{Use:
// "rm"}), or "".
func commandName(info *types.Info, x ast.Expr, body *ast.BlockStmt, ct commandType) string {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || body == nil {
		return ""
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return ""
	}
	values, complete := analyzerutil.AssignedValues(info, v, body)
	if !complete || len(values) != 1 {
		return ""
	}
	e := ast.Unparen(values[0])
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		return literalName(info, lit, ct)
	}
	return ""
}

func isHook(ct commandType, field string) bool {
	for _, h := range ct.hooks {
		if h == field {
			return true
		}
	}
	return false
}

// literalName returns the command's name as its literal spells it: the
// first word of cobra's Use, urfave/cli's Name; "" when it is no constant.
func literalName(info *types.Info, lit *ast.CompositeLit, ct commandType) string {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if id, isID := kv.Key.(*ast.Ident); !ok || !isID || id.Name != ct.name {
			continue
		}
		if v := info.Types[kv.Value].Value; v != nil && v.Kind() == constant.String {
			if fields := strings.Fields(constant.StringVal(v)); len(fields) > 0 {
				return fields[0]
			}
		}
	}
	return ""
}

// hookEffect returns the first side effect of the run function value
// given to a command's field: a function literal's own calls, or a named
// function's or method's fact (a condition on its parameters, which the
// framework gives, counts).
func (s *SideEffects) hookEffect(info *types.Info, field, name string, value ast.Expr) *Effect {
	label := field
	if name != "" {
		label += " of " + name
	}
	var e Effect
	switch v := ast.Unparen(value).(type) {
	case *ast.FuncLit:
		lit, ok := s.bodyEffect(info, v.Body)
		if !ok {
			return nil
		}
		e = lit
	case *ast.Ident, *ast.SelectorExpr:
		id := analyzerutil.NameIdent(v)
		fn, ok := info.Uses[id].(*types.Func)
		if !ok {
			return nil
		}
		if e, _, ok = s.Func(fn); !ok {
			return nil
		}
	default:
		return nil
	}
	return &Effect{Chain: append([]string{label}, e.Chain...), What: e.What, Housekeeping: e.Housekeeping}
}

// bodyEffect returns the first side effect of a function literal's body:
// a call whose rule holds, through the literals it runs; housekeeping only
// when there is no other.
func (s *SideEffects) bodyEffect(info *types.Info, body *ast.BlockStmt) (Effect, bool) {
	var found *Effect
	invoked := invokedLiterals(body)
	enter := func(lit *ast.FuncLit) bool { return invoked[lit] }
	summary.Calls(info, body, enter, func(call *ast.CallExpr, callee *types.Func) {
		if found != nil && !found.Housekeeping {
			return
		}
		e, rule, ok := s.Func(callee)
		if !ok {
			return
		}
		if e, ok := judged(e, rule, syntaxCall{info: info, call: call, body: body, homes: s.homes}); ok && (found == nil || !e.Housekeeping) {
			found = &e
		}
	})
	if found == nil {
		return Effect{}, false
	}
	return *found, true
}

// frameworkRun returns the side effect of a call of a framework's run
// method: its run functions'.
func (s *SideEffects) frameworkRun(fn *types.Func) (Effect, bool) {
	if len(s.runs) == 0 || !frameworkRuns.Has(fn) {
		return Effect{}, false
	}
	for _, r := range s.runs {
		if r.Framework == fn.Pkg().Path() {
			return Effect{Chain: append([]string{analyzerutil.CallName(fn)}, r.Effect.Chain...), What: r.Effect.What, Housekeeping: r.Effect.Housekeeping}, true
		}
	}
	return Effect{}, false
}
