package derivedok

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/cfg"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// An ok that the function then answers with a code: agreement by the
// paths that follow the write.
//
// A constant ok agrees with the exit code by construction when every path
// from the statement that sets it leaves the function one way that carries
// a code of the same meaning: for a failing ok (false, "error") a code
// never 0, for a succeeding ok (true, "ok", "success") the code 0. The
// function returns the code (its one integer result), or ends the process
// with it (os.Exit, or a fatal's 1), and no call on the way may end the
// process with a code of the other meaning. The code is then decided in
// the function that says how the run went, in the same run of it, and the
// two cannot disagree: an agent reads the same outcome from both.
//
// What is still wrong there is that the envelope is built by hand beside
// the code instead of by one factory that derives ok from it; that is
// handbuilt's finding, at the same literal, and a fault is reported once.
// A fatal that returns when its error is nil (cobra.CheckErr, kong's
// FatalIfErrorf) ends no path by itself, and a code given by the caller,
// a returned error (the exit is chosen elsewhere) or a code that may be
// of the other meaning keep the ok reported.
//
// Evidence: beads (cmd/bd/ping.go: `{"status": "error"}` then
// os.Exit(1)) and webctl (cmd/webctl/main.go: `{"ok": false}` then
// os.Exit(1)), both reported by handbuilt at the same literal; a failure
// writer that computes a code never 0 and exits with it (docket, md2x).

// pathsAgree reports whether the constant ok value okVal, set by the node
// at in body (the function it is in, whose signature is sig), agrees by its
// paths with the exit code: see the comment above.
func (ch *checker) pathsAgree(okVal ast.Expr, at ast.Node, body *ast.BlockStmt, sig *types.Signature) bool {
	ok, known := ch.constOK(okVal)
	if !known || body == nil || sig == nil || hasGoto(body) {
		return false
	}
	g := cfg.New(body, ch.mayReturn)
	b, i := innermostNode(g, at)
	if b == nil {
		return false
	}
	p := &pathCheck{ch: ch, body: body, sig: sig, at: at, ok: ok, seen: map[*cfg.Block]bool{}}
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
		return exits.OnlyOnError(ex.Callee) // returns when its error is nil
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
	ok   bool // the ok value: the codes that agree are 0 (true) or never 0 (false)
	seen map[*cfg.Block]bool
	ends int // the ends reached, each one that carries a code that agrees
}

// from reports whether every path from node i of block b ends with a code
// that agrees with the ok.
func (p *pathCheck) from(b *cfg.Block, i int) bool {
	for _, n := range b.Nodes[i:] {
		if p.otherExit(n) {
			return false
		}
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

// otherExit reports whether a call in n, other than the one ending the
// path, may end the process with a code that disagrees with the ok: a
// helper that may exit with one, or a fatal that returns when its error is
// nil (a failure's 1 after ok true).
func (p *pathCheck) otherExit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok || found {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		ex, ok := p.ch.ex.Call(call)
		switch {
		case !ok:
		case ex.Kind == exits.KindHelper && ex.Summary != nil:
			for _, c := range ex.Summary.Codes {
				if !p.agrees(c) {
					found = true
				}
			}
		case exits.OnlyOnError(ex.Callee):
			found = p.ok
		}
		return true
	})
	return found
}

// agrees reports whether the exit code c (or Computed) agrees with the ok:
// a computed code is taken to agree with no ok here (computedNeverZero
// proves it at an end).
func (p *pathCheck) agrees(c int) bool {
	if c == exits.Computed {
		return false
	}
	return (c == 0) == p.ok
}

func (p *pathCheck) end(ok bool) bool {
	if ok {
		p.ends++
	}
	return ok
}

// returns reports whether ret returns, as the function's one integer
// result, a code that agrees with the ok.
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
	return p.code(ret.Results[k])
}

// exits reports whether call ends the process with a code that agrees
// with the ok.
func (p *pathCheck) exits(call *ast.CallExpr) bool {
	ex, ok := p.ch.ex.Call(call)
	switch {
	case !ok || exits.OnlyOnError(ex.Callee):
		return false
	case ex.Kind == exits.KindFatal:
		return ex.Code != exits.Computed && p.agrees(ex.Code)
	case ex.Kind == exits.KindExit && ex.Arg != nil:
		return p.code(ex.Arg)
	}
	return false // Goexit and panic end no process with a chosen code
}

// code reports whether e, a code the function answers with, agrees with
// the ok: a constant of the same meaning, or for a failing ok a code
// computed in the function that is never 0.
func (p *pathCheck) code(e ast.Expr) bool {
	if c, isConst := p.ch.intConst(e); isConst {
		return (c == 0) == p.ok
	}
	return !p.ok && p.ch.neverZeroAt(e, p.body, p.sig, p.at.Pos(), 0)
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
