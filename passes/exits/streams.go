package exits

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// streamCalls indexes, once asked, how the package's own functions
// (without a receiver) are referred to outside its test files: the calls
// of each, with the body of the declared function each call is in, and
// the functions referred to in any other way (a value whose callers are
// unknown).
type streamCalls struct {
	calls  map[*types.Func][]streamCall
	values map[*types.Func]bool
	params map[*types.Var]paramOf // writer parameters, by variable
}

// streamCall is one call of a function of the package, and the body of
// the function declaration it is in (nil at package level).
type streamCall struct {
	call *ast.CallExpr
	body *ast.BlockStmt
}

// paramOf places a parameter: its function, its declaration and its index.
type paramOf struct {
	fn    *types.Func
	decl  *ast.FuncDecl
	index int
}

// isStream reports whether obj stands for a standard output stream: it is
// os.Stdout or os.Stderr, or a writer parameter of the package's own
// function that every call outside the test files gives one (streamParam).
func (x *Exemptions) isStream(obj types.Object) bool {
	if analyzerutil.IsStdio(obj) {
		return true
	}
	v, ok := obj.(*types.Var)
	return ok && x.streamParam(v)
}

// streamParam reports whether v is a parameter of a function the package
// declares, that the function never assigns, and that every call of the
// function outside the package's test files gives os.Stdout or
// os.Stderr, a writer made over one (bufio.NewWriter(os.Stdout)), or a
// parameter of the caller that is itself such a stream: a command runner
// that main hands the standard streams, run(args, os.Stdout, os.Stderr).
// A test that hands the runner buffers stands in for the streams, so its
// calls do not count. The function must be unexported, or in package main,
// so that no other package calls it; and called only, never taken as a
// value, so that every call is known.
func (x *Exemptions) streamParam(v *types.Var) bool {
	if v.Pkg() != x.pkg || v.IsField() {
		return false
	}
	if done, ok := x.streamParams[v]; ok {
		return done
	}
	if x.streamParams == nil {
		x.streamParams = map[*types.Var]bool{}
	}
	x.streamParams[v] = false // a cycle of calls gives no stream
	sc := x.streamIndex()
	p, ok := sc.params[v]
	if !ok || sc.values[p.fn] || len(sc.calls[p.fn]) == 0 {
		return false
	}
	if p.fn.Exported() && x.pkg.Name() != "main" {
		return false
	}
	if assigns(x.info, p.decl.Body, v) {
		return false
	}
	for _, c := range sc.calls[p.fn] {
		if c.call.Ellipsis.IsValid() || p.index >= len(c.call.Args) {
			return false
		}
		if !writerOver(x.info, c.call.Args[p.index], c.body, x.isStream) {
			return false
		}
	}
	x.streamParams[v] = true
	return true
}

// streamIndex builds the index streamParam reads.
func (x *Exemptions) streamIndex() *streamCalls {
	if x.streams != nil {
		return x.streams
	}
	sc := &streamCalls{calls: map[*types.Func][]streamCall{}, values: map[*types.Func]bool{}, params: map[*types.Var]paramOf{}}
	x.streams = sc
	for cur := range x.inspector().Root().Preorder((*ast.FuncDecl)(nil), (*ast.Ident)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncDecl:
			fn, ok := x.info.Defs[n.Name].(*types.Func)
			if !ok || n.Recv != nil || n.Body == nil {
				continue
			}
			sig := fn.Signature()
			for i := range sig.Params().Len() {
				if sig.Variadic() && i == sig.Params().Len()-1 {
					break
				}
				sc.params[sig.Params().At(i)] = paramOf{fn: fn, decl: n, index: i}
			}
		case *ast.Ident:
			fn, ok := x.info.Uses[n].(*types.Func)
			if !ok || fn.Pkg() != x.pkg || fn.Signature().Recv() != nil || analyzerutil.InTestFile(x.fset, n.Pos()) {
				continue
			}
			call, ok := calledAt(cur)
			if !ok {
				sc.values[fn] = true
				continue
			}
			var body *ast.BlockStmt
			if decl, ok := analyzerutil.Innermost(cur, (*ast.FuncDecl)(nil)); ok {
				body = decl.Node().(*ast.FuncDecl).Body
			}
			sc.calls[fn] = append(sc.calls[fn], streamCall{call: call, body: body})
		}
	}
	return sc
}

// calledAt returns the call whose function the identifier at cur is
// (f(…), pkg-qualified or parenthesized), or false when it is used
// otherwise.
func calledAt(cur inspector.Cursor) (*ast.CallExpr, bool) {
	for {
		switch cur.ParentEdgeKind() {
		case edge.ParenExpr_X:
			cur = cur.Parent()
			continue
		case edge.CallExpr_Fun:
			return cur.Parent().Node().(*ast.CallExpr), true
		}
		return nil, false
	}
}

// assigns reports whether body assigns the variable v or takes its
// address.
func assigns(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	is := func(e ast.Expr) bool { return isVar(info, e, v) }
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || is(l)
			}
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && is(n.X)
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.RangeStmt:
			found = found || n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)
		}
		return !found
	})
	return found
}
