package contract_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/contract"
)

// view reports what the contract pass's result says of a package: what is
// in view and the runtime's enum, at the package clause; Enum and Envelope
// of each type it declares or names; IsMember of each constant; Written
// of each map or anonymous struct literal; Builders, Inferred and
// Ambiguous of its envelope types; InHome and InFactory of each function.
var view = &analysis.Analyzer{
	Name:     "contractview",
	Doc:      "reports what contract.Contract says",
	Requires: []*analysis.Analyzer{contract.Analyzer},
	Run:      runView,
}

func runView(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	runtime := "none"
	if tn, e := c.Runtime(); tn != nil {
		runtime = fmt.Sprintf("%s.%s (%d members)", tn.Pkg().Name(), tn.Name(), len(e.Members))
	}
	pass.Reportf(pass.Files[0].Package, "EnumsInView=%t EnvelopesInView=%t Runtime=%s", c.EnumsInView, c.EnvelopesInView, runtime)
	var envs []*types.TypeName
	ambiguous := map[*types.TypeName]bool{}
	for _, tn := range c.Ambiguous() {
		ambiguous[tn] = true
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				viewIdent(pass, c, n, ambiguous, &envs)
			case *ast.CompositeLit:
				switch types.Unalias(pass.TypesInfo.TypeOf(n)).(type) {
				case *types.Map, *types.Struct:
					pass.Reportf(n.Lbrace, "Envelope=%t", c.LiteralEnvelope(n) != nil)
				}
			}
			return true
		})
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				fn := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				var in []string
				for _, tn := range envs {
					if _, e := c.Envelope(tn.Type()); e != nil && c.InFactory(tn, e, fn) {
						in = append(in, tn.Name())
					}
				}
				pass.Reportf(fd.Name.Pos(), "InHome=%t InFactory=%v", c.InHome(fn), in)
			}
		}
	}
	return nil, nil
}

// viewIdent reports what the result says of the type or constant an
// identifier declares or names.
func viewIdent(pass *analysis.Pass, c *contract.Contract, id *ast.Ident, ambiguous map[*types.TypeName]bool, envs *[]*types.TypeName) {
	obj := pass.TypesInfo.ObjectOf(id)
	switch obj := obj.(type) {
	case *types.TypeName:
		if e := c.Enum(obj.Type()); e != nil {
			tn, same := c.EnumOf(obj.Type())
			pass.Reportf(id.Pos(), "Enum %s: %s %v %v (EnumOf agrees: %t)", obj.Name(), e.Source, e.Members, e.Values, tn == obj && same == e)
		}
		tn, e := c.Envelope(obj.Type())
		if e == nil {
			return
		}
		msg := fmt.Sprintf("Envelope %s: %s ok=%s factories=%v%s", tn.Name(), e.Source, e.OKField, e.Factories, flags(e))
		if pass.TypesInfo.Defs[id] == obj {
			*envs = append(*envs, tn)
			names, marked := c.Builders(tn)
			inferred, ok := c.Inferred(tn)
			if !ok {
				inferred = "none"
			}
			msg += fmt.Sprintf("; builders %v marked=%t inferred %s ambiguous=%t", names, marked, inferred, ambiguous[tn])
		}
		pass.Reportf(id.Pos(), "%s", msg)
	case *types.Const:
		if c.IsMember(obj) {
			pass.Reportf(id.Pos(), "IsMember %s", obj.Name())
		}
	}
}

// flags spells an envelope's booleans that are set.
func flags(e *contract.Envelope) string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"written", e.Written}, {"tagged", e.Tagged}, {"unrun", e.Unrun}, {"nested", e.Nested}, {"partial", e.Partial}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	if len(out) == 0 {
		return ""
	}
	return " " + strings.Join(out, " ")
}

// TestResult asserts what the result says of view (which writes model's
// types and its own), of marked (a marked factory) and of plain (nothing
// of the contract in view).
func TestResult(t *testing.T) {
	analysistest.Run(t, testdata, view, "cases/passes/contract/view", "cases/passes/contract/marked", "cases/passes/contract/plain")
}

// TestModelFacts asserts the facts on model, which view imports.
func TestModelFacts(t *testing.T) {
	analysistest.Run(t, testdata, contract.Analyzer, "cases/passes/contract/model")
}

func TestEnumMember(t *testing.T) {
	e := &contract.Enum{Members: []string{"Bad", "OK", "Worse"}, Values: []int64{3, 0, 3}}
	for n, want := range map[int64]string{3: "Bad", 0: "OK", 7: ""} {
		if got := e.Member(n); got != want {
			t.Errorf("Member(%d) = %q; want %q", n, got, want)
		}
	}
}
