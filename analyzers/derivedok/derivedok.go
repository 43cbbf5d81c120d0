package derivedok

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports envelopes' ok fields set by hand.
var Analyzer = &analysis.Analyzer{
	Name:     "derivedok",
	Doc:      analyzerutil.Doc(doc, "derivedok"),
	URL:      analyzerutil.URL("derivedok"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, contract.Analyzer, exits.Analyzer, suppress.Analyzer},
}

type checker struct {
	pass *analysis.Pass
	c    *contract.Contract
	sup  *suppress.Suppressions
	ex   *exits.Exits
	ins  *inspector.Inspector
	// decls are the package's function declarations by their objects,
	// indexed once asked (funcDecl).
	decls map[*types.Func]*ast.FuncDecl
}

func run(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	if !c.EnvelopesInView && !c.WritesLiterals() {
		return nil, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ch := &checker{pass: pass, c: c, sup: pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions), ex: pass.ResultOf[exits.Analyzer].(*exits.Exits), ins: ins}
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for cur := range file.Preorder((*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
			if c.OutsideRun(cur.Node().Pos()) {
				continue // no exit code there for ok to answer to
			}
			body, sig := analyzerutil.EnclosingFunc(pass.TypesInfo, cur)
			switch n := cur.Node().(type) {
			case *ast.AssignStmt:
				ch.assign(n, body, sig)
			case *ast.CompositeLit:
				ch.composite(n, body, sig)
			}
		}
	}
	return nil, nil
}

// okField returns the envelope's type name if f, selected from a value of
// type recv, is the ok field of an envelope.
func (ch *checker) okField(recv types.Type, f *types.Var) (*types.TypeName, *contract.Envelope) {
	if p, ok := recv.Underlying().(*types.Pointer); ok {
		recv = p.Elem()
	}
	env, e := ch.c.Envelope(recv)
	if env == nil || e.OKField == "" || f.Name() != e.OKField {
		return nil, nil
	}
	return env, e
}

// assign reports the ok fields of envelopes an assignment in body (the
// function it is in, or nil, whose signature is sig) sets by hand.
func (ch *checker) assign(as *ast.AssignStmt, body *ast.BlockStmt, sig *types.Signature) {
	if as.Tok != token.ASSIGN && as.Tok != token.DEFINE {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		s, ok := ch.pass.TypesInfo.Selections[sel]
		if !ok || s.Kind() != types.FieldVal {
			continue
		}
		env, e := ch.okField(s.Recv(), s.Obj().(*types.Var))
		if env == nil {
			continue
		}
		var value ast.Expr
		if len(as.Lhs) == len(as.Rhs) {
			value = as.Rhs[i]
		}
		if value != nil && (ch.derived(value, body, 0) || ch.pathsAgree(value, as, body, sig)) {
			continue
		}
		ch.sup.Report(ch.pass, analysis.Diagnostic{
			Pos: lhs.Pos(), End: as.End(), Category: "assigned",
			Message: message("assigning "+types.ExprString(lhs), env, e),
		})
	}
}

// composite reports the ok field of an envelope, or the ok key of a map
// written as JSON output, that a composite literal in body (the function it
// is in, or nil, whose signature is sig) sets by hand.
func (ch *checker) composite(lit *ast.CompositeLit, body *ast.BlockStmt, sig *types.Signature) {
	t := analyzerutil.LiteralType(ch.pass.TypesInfo, lit)
	if t == nil {
		return
	}
	if l := ch.c.LiteralEnvelope(lit); l != nil {
		if l.OK == nil || !(ch.agreesInLiteral(lit, l.OK, body) || ch.pathsAgree(l.OK, lit, body, sig)) {
			ch.literal(l, body)
		}
		return
	}
	env, e := ch.c.Envelope(t)
	if env == nil || e.OKField == "" {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		var value ast.Expr
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == e.OKField {
				value = kv.Value
			}
		} else if i < st.NumFields() && st.Field(i).Name() == e.OKField {
			value = elt
		}
		if value == nil || ch.derived(value, body, 0) || ch.agreesInLiteral(lit, value, body) || ch.pathsAgree(value, lit, body, sig) {
			continue
		}
		ch.sup.Report(ch.pass, analysis.Diagnostic{
			Pos: value.Pos(), End: value.End(), Category: "literal",
			Message: message(fmt.Sprintf("%s: %s", e.OKField, types.ExprString(value)), env, e),
		})
	}
}

// literal reports the ok of a map or anonymous struct literal that the
// program writes as its envelope: its "ok" key (or "success", or a
// "status" that says ok or error) is what an agent reads, whatever other
// keys it has.
func (ch *checker) literal(l *contract.Literal, body *ast.BlockStmt) {
	if l.OK == nil || ch.derived(l.OK, body, 0) {
		return
	}
	ch.sup.Report(ch.pass, analysis.Diagnostic{
		Pos: l.OK.Pos(), End: l.OK.End(), Category: "map",
		Message: fmt.Sprintf("%q: %s sets %s of the JSON output written here by hand: derive it from the exit code (%s), so that %s and the exit code cannot disagree", l.OKKey, types.ExprString(l.OK), okName(l.OKKey), okRule(l.OKKey), okName(l.OKKey)),
	})
}

func message(what string, env *types.TypeName, e *contract.Envelope) string {
	return fmt.Sprintf("%s sets %s of envelope %s.%s by hand: derive it from the exit code (%s), so that %s and the exit code cannot disagree", what, okName(e.OKKey), env.Pkg().Name(), env.Name(), okRule(e.OKKey), okName(e.OKKey))
}

// okName names an envelope's ok by its key.
func okName(key string) string {
	if key == "status" {
		return "the status (its ok)"
	}
	return "ok"
}

// okRule says when an ok under key is true.
func okRule(key string) string {
	if key == "status" {
		return `"ok" or "success" exactly when the code is SUCCESS, "error" otherwise`
	}
	return "ok is true exactly when the code is SUCCESS"
}

// derived reports whether e is computed from a value of an exit-code enum
// type and true exactly when the code is SUCCESS. A comparison of a code
// is derived only as code == SUCCESS (or !(code != SUCCESS)); && and || only
// when both sides are; anything else is derived when some operand has the
// enum's type (code.IsSuccess()), or it uses a local variable of fn whose
// every assigned value is derived.
func (ch *checker) derived(e ast.Expr, fn *ast.BlockStmt, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR:
			return ch.derived(x.X, fn, depth+1) && ch.derived(x.Y, fn, depth+1)
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			if ch.isCode(x.X) || ch.isCode(x.Y) {
				return x.Op == token.EQL && (ch.isSuccess(x.X) || ch.isSuccess(x.Y))
			}
		}
	case *ast.UnaryExpr:
		if b, ok := ast.Unparen(x.X).(*ast.BinaryExpr); ok && x.Op == token.NOT && (ch.isCode(b.X) || ch.isCode(b.Y)) {
			return b.Op == token.NEQ && (ch.isSuccess(b.X) || ch.isSuccess(b.Y))
		}
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		x, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if t := ch.pass.TypesInfo.TypeOf(x); t != nil && ch.c.Enum(t) != nil {
			found = true
			return false
		}
		if id, ok := x.(*ast.Ident); ok && fn != nil {
			if v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && fn.Pos() <= v.Pos() && v.Pos() < fn.End() {
				found = ch.localDerived(v, fn, depth)
			}
		}
		return true
	})
	return found
}

// isCode reports whether e has an exit-code enum type.
func (ch *checker) isCode(e ast.Expr) bool {
	t := ch.pass.TypesInfo.TypeOf(e)
	return t != nil && ch.c.Enum(t) != nil
}

// isSuccess reports whether e is the enum's constant SUCCESS.
func (ch *checker) isSuccess(e ast.Expr) bool {
	tv, ok := ch.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int || ch.c.Enum(tv.Type) == nil {
		return false
	}
	n, exact := constant.Int64Val(tv.Value)
	return exact && n == int64(exitcode.Success)
}

// localDerived reports whether every value assigned to the local variable v
// in fn is derived (and there is one).
func (ch *checker) localDerived(v *types.Var, fn *ast.BlockStmt, depth int) bool {
	var values []ast.Expr
	opaque := false
	ast.Inspect(fn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (ch.pass.TypesInfo.Defs[id] != v && ch.pass.TypesInfo.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || (n.Tok != token.ASSIGN && n.Tok != token.DEFINE) {
					opaque = true
					continue
				}
				values = append(values, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if ch.pass.TypesInfo.Defs[id] != v {
					continue
				}
				if len(n.Names) != len(n.Values) {
					opaque = true
					continue
				}
				values = append(values, n.Values[i])
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && ch.pass.TypesInfo.Uses[id] == v {
				opaque = true // its address escapes: anything may set it
			}
		}
		return true
	})
	if opaque || len(values) == 0 {
		return false
	}
	for _, val := range values {
		if !ch.derived(val, fn, depth+1) {
			return false
		}
	}
	return true
}
