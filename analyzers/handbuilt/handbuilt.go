package handbuilt

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports envelopes constructed outside their factory.
var Analyzer = &analysis.Analyzer{
	Name:     "handbuilt",
	Doc:      analyzerutil.Doc(doc, "handbuilt"),
	URL:      analyzerutil.URL("handbuilt"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, contract.Analyzer, exits.Analyzer, suppress.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	sup := pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	phaseExits(pass, pass.ResultOf[exits.Analyzer].(*exits.Exits), sup, ins)
	for _, env := range c.Ambiguous() {
		names, _ := c.Builders(env)
		sup.Report(pass, analysis.Diagnostic{
			Pos:      env.Pos(),
			Category: "factory",
			Message: fmt.Sprintf("envelope type %s is built in %d functions of its package (%s), none of them marked as its factory: the contract has one factory, which derives ok from the exit code; build every response there and mark it //exitlint:factory, so that any other builder is reported",
				env.Name(), len(names), strings.Join(names, ", ")),
		})
	}
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for cur := range file.Preorder((*ast.CompositeLit)(nil), (*ast.CallExpr)(nil)) {
			// What is built first, then whether a run reaches it: most
			// packages build nothing, and need not find their run.
			msg, category := handBuilt(pass, c, cur)
			if msg == "" || c.OutsideRun(cur.Node().Pos()) {
				continue
			}
			n := cur.Node()
			sup.Report(pass, analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: category, Message: msg})
		}
	}
	return nil, nil
}

// handBuilt returns the message for a composite literal or a call of new
// that builds an envelope outside its factory, or "".
func handBuilt(pass *analysis.Pass, c *contract.Contract, cur inspector.Cursor) (msg, category string) {
	switch n := cur.Node().(type) {
	case *ast.CompositeLit:
		return composite(pass, c, n, analyzerutil.EnclosingFuncDecl(pass.TypesInfo, cur))
	case *ast.CallExpr:
		if b, ok := pass.TypesInfo.Uses[calleeIdent(n.Fun)].(*types.Builtin); ok && b.Name() == "new" && len(n.Args) == 1 {
			if env, e := c.Envelope(pass.TypesInfo.TypeOf(n.Args[0])); env != nil && !c.InFactory(env, e, analyzerutil.EnclosingFuncDecl(pass.TypesInfo, cur)) {
				return typedMessage(c, "new("+types.ExprString(n.Args[0])+")", env, e), "typed"
			}
		}
	}
	return "", ""
}

func calleeIdent(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// composite returns the message for a composite literal that builds an
// envelope outside its factory, or "".
func composite(pass *analysis.Pass, c *contract.Contract, lit *ast.CompositeLit, fn *types.Func) (msg, category string) {
	t := analyzerutil.LiteralType(pass.TypesInfo, lit)
	if t == nil {
		return "", ""
	}
	if env, e := c.Envelope(t); env != nil {
		if c.InFactory(env, e, fn) {
			return "", ""
		}
		return typedMessage(c, "a composite literal", env, e), "typed"
	}
	l := c.LiteralEnvelope(lit)
	if l == nil || c.InHome(fn) {
		return "", ""
	}
	lacks := ""
	if missing := l.Missing(); len(missing) > 0 {
		lacks = fmt.Sprintf(" (it lacks %s, which every envelope carries)", analyzerutil.Quoted(missing))
	}
	if !l.Map {
		return "an anonymous struct with the envelope's JSON names built by hand" + lacks + ": build every response with the program's envelope factory, so that its shape and ok follow from the exit code", "anonymous"
	}
	return fmt.Sprintf("a map literal with the envelope's keys %s built by hand%s: build every response with the program's envelope factory, so that its shape and ok follow from the exit code", analyzerutil.Quoted(l.Keys), lacks), "map"
}

// typedMessage says how to build an envelope of a named type instead.
func typedMessage(c *contract.Contract, what string, env *types.TypeName, e *contract.Envelope) string {
	if e.Source == "exitlint" {
		return fmt.Sprintf("%s of envelope.Envelope builds the response envelope by hand: build it with envelope.New, the single factory, so that its shape and ok follow from the exit code", what)
	}
	pkg := env.Pkg()
	where := fmt.Sprintf("one function of package %s that derives ok from the exit code, marked //exitlint:factory (none is marked yet)", pkg.Path())
	factories := e.Factories
	if inferred, ok := c.Inferred(env); ok && len(factories) == 0 {
		factories = []string{inferred}
	}
	if len(factories) > 0 {
		names := append([]string(nil), factories...)
		sort.Strings(names)
		for i := range names {
			names[i] = pkg.Name() + "." + names[i]
		}
		where = "its factory " + strings.Join(names, " or ")
	}
	follows := "so that its shape and ok follow from the exit code"
	if e.OKKey == "" {
		follows = "so that its shape is one and the ok it lacks follows from the exit code"
	}
	return fmt.Sprintf("%s of envelope type %s.%s builds the response envelope outside its factory: build it with %s, %s", what, pkg.Name(), env.Name(), where, follows)
}
