package derivedok

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// A failing ok that the function then answers with a code: agreement by
// the paths that follow the write.
//
// A constant failing ok (false, "error") agrees with the exit code by
// construction when every path from the statement that sets it leaves the
// function one way that carries a code never 0: the function returns the
// code (its one integer result) and that value is never 0, or it ends the
// process with a code computed there that is never 0. The code is then
// decided in the function that says the run failed, in the same run of
// it, and cannot be SUCCESS.
//
// A constant exit code beside the ok (os.Exit(1), log.Fatal, a `return 1`)
// does not count: the judged real code calls an `{"ok": false}` followed by
// a separate os.Exit(1) hand-set (it agrees only because two hand-written
// values happen to), as it does a failure envelope followed by a returned
// error whose code the exit chooses elsewhere. A constant ok true is never
// taken as agreeing by its path (a success envelope that returns ExitOK is
// judged hand-set too).

// pathsAgree reports whether the constant ok value okVal, set by the node
// at in body (the function it is in, whose signature is sig), agrees by its
// paths with the exit code: see the comment above.
func (ch *checker) pathsAgree(okVal ast.Expr, at ast.Node, body *ast.BlockStmt, sig *types.Signature) bool {
	ok, known := ch.constOK(okVal)
	if !known || ok || body == nil || sig == nil || hasGoto(body) {
		return false
	}
	g := cfg.New(body, ch.mayReturn)
	b, i := innermostNode(g, at)
	if b == nil {
		return false
	}
	p := &pathCheck{ch: ch, body: body, sig: sig, at: at, seen: map[*cfg.Block]bool{}}
	return p.from(b, i) && p.ends > 0
}

// mayReturn reports whether a call may return, for the control-flow graph:
// an exit, a fatal and a panic do not.
func (ch *checker) mayReturn(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := ch.pass.TypesInfo.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return false
		}
	}
	if ex, ok := ch.ex.Call(call); ok && ex.Kind != exits.KindHelper {
		return false
	}
	if fn, ok := typeFunc(ch.pass.TypesInfo, call); ok && ch.ex.NoReturn(fn) {
		return false
	}
	return true
}

// innermostNode returns the live block and index of the smallest node of
// the graph that holds at.
func innermostNode(g *cfg.CFG, at ast.Node) (*cfg.Block, int) {
	var best *cfg.Block
	bestIdx, bestSpan := -1, token.Pos(0)
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for i, n := range b.Nodes {
			if n.Pos() <= at.Pos() && at.End() <= n.End() {
				if span := n.End() - n.Pos(); best == nil || span < bestSpan {
					best, bestIdx, bestSpan = b, i, span
				}
			}
		}
	}
	return best, bestIdx
}

// pathCheck walks the paths from the ok's statement to the function's ends.
type pathCheck struct {
	ch   *checker
	body *ast.BlockStmt
	sig  *types.Signature
	at   ast.Node
	seen map[*cfg.Block]bool
	ends int // the ends reached, each one that carries a code never 0
}

// from reports whether every path from node i of block b ends with a code
// never 0.
func (p *pathCheck) from(b *cfg.Block, i int) bool {
	for _, n := range b.Nodes[i:] {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			return p.end(p.returns(n))
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && !p.ch.mayReturn(call) {
				return p.end(p.exits(call))
			}
		}
	}
	if len(b.Succs) == 0 {
		return false // falls off the end: a return with no code
	}
	for _, s := range b.Succs {
		if p.seen[s] {
			continue
		}
		p.seen[s] = true
		if !p.from(s, 0) {
			return false
		}
	}
	return true
}

func (p *pathCheck) end(ok bool) bool {
	if ok {
		p.ends++
	}
	return ok
}

// returns reports whether ret returns, as the function's one integer
// result, a computed code never 0.
func (p *pathCheck) returns(ret *ast.ReturnStmt) bool {
	res := p.sig.Results()
	k := -1
	for i := range res.Len() {
		if t := res.At(i).Type(); p.ch.isCodeType(t) {
			if k >= 0 {
				return false // two integer results: which is the code?
			}
			k = i
		}
	}
	if k < 0 || len(ret.Results) != res.Len() {
		return false
	}
	return p.computedNeverZero(ret.Results[k])
}

// exits reports whether call ends the process with a computed code never
// 0.
func (p *pathCheck) exits(call *ast.CallExpr) bool {
	ex, ok := p.ch.ex.Call(call)
	if !ok || ex.Kind != exits.KindExit || ex.Arg == nil {
		return false // a fatal's 1 is a constant; Goexit and panic end no process with a chosen code
	}
	return p.computedNeverZero(ex.Arg)
}

// computedNeverZero reports whether e is a code computed in the function
// (no constant) that is never 0.
func (p *pathCheck) computedNeverZero(e ast.Expr) bool {
	if _, isConst := p.ch.intConst(e); isConst {
		return false
	}
	return p.ch.neverZeroAt(e, p.body, p.sig, p.at.Pos(), 0)
}

// isCodeType reports whether t is an integer type or the exit-code enum's.
func (ch *checker) isCodeType(t types.Type) bool {
	return t != nil && (ch.c.Enum(t) != nil || analyzerutil.IsInteger(t))
}

// hasGoto reports whether body jumps by goto (top-level statements then
// need not run once, in order).
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if br, ok := n.(*ast.BranchStmt); ok && br.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// typeFunc returns the function a call names (a method of an interface
// too).
func typeFunc(info *types.Info, call *ast.CallExpr) (*types.Func, bool) {
	fn, ok := info.Uses[analyzerutil.NameIdent(call.Fun)].(*types.Func)
	return fn, ok
}

// funcDecls indexes the package's function declarations by their objects,
// once asked.
func (ch *checker) funcDecl(fn *types.Func) *ast.FuncDecl {
	if ch.decls == nil {
		ch.decls = map[*types.Func]*ast.FuncDecl{}
		for c := range ch.ins.Root().Preorder((*ast.FuncDecl)(nil)) {
			d := c.Node().(*ast.FuncDecl)
			if obj, ok := ch.pass.TypesInfo.Defs[d.Name].(*types.Func); ok && d.Body != nil {
				ch.decls[obj] = d
			}
		}
	}
	return ch.decls[fn]
}
