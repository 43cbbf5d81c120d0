package contract

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Answers to what a loop reads. A program that reads requests one at a
// time in an open loop (`for sc.Scan()`, `for { dec.Decode(&req) }`) and
// answers each (a JSON-RPC or custom "rpc" mode over stdio, a daemon's
// socket session, a batch of items) writes one answer per request. No exit
// code answers one of them, and the process's exit ends the session, not
// the request: an answer is no envelope of the run. What tells one is that
// it answers the request in hand: a value built with a field of the
// decoded request (its id, its op) under a key of its own other than data,
// or built in a function that takes the request (a handler of the session,
// `handle(req Request) Response`).
// The run's envelope written once after a loop that reads its input, or
// once per event with the event as its data, echoes no request. Nor is a
// value decoded in a function that calls a server over HTTP a request: a
// loop there reads the server's replies (a listing fetched page by page),
// and the envelope built from the last page's cursor, or by a function
// that takes a page, is the run's.

// findReplies records the request types (named struct types the package
// decodes JSON into inside an open for loop, not a range over a
// collection), and the types and literals that echo one of their fields.
func (o *outputs) findReplies(pass *analysis.Pass, bodies []*ast.BlockStmt) {
	requests := map[*types.TypeName]bool{}
	for _, body := range bodies {
		var loops []*ast.BlockStmt
		ast.Inspect(body, func(n ast.Node) bool {
			if f, ok := n.(*ast.ForStmt); ok {
				loops = append(loops, f.Body)
			}
			return true
		})
		if len(loops) == 0 || callsHTTP(o.info, body) {
			continue
		}
		o.eachJSONCall(body, func(_, reads, _ []ast.Expr) {
			for _, a := range reads {
				for _, l := range loops {
					if l.Pos() <= a.Pos() && a.Pos() < l.End() {
						o.mark(requests, a)
						break
					}
				}
			}
		})
	}
	if len(requests) == 0 {
		return
	}
	echoes := func(e ast.Expr) bool {
		sel, ok := unwrap(o.info, e).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		if s, ok := o.info.Selections[sel]; !ok || s.Kind() != types.FieldVal {
			return false
		}
		t := o.info.TypeOf(sel.X)
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		tn := typeName(t)
		return tn != nil && requests[tn]
	}
	// handles reports whether a function takes a request (T or *T): what
	// it builds answers that request.
	handles := func(ft *ast.FuncType) bool {
		for _, field := range ft.Params.List {
			t := o.info.TypeOf(field.Type)
			if p, ok := types.Unalias(t).(*types.Pointer); ok {
				t = p.Elem()
			}
			if tn := typeName(t); tn != nil && requests[tn] {
				return true
			}
		}
		return false
	}
	for _, fd := range sessionFuncs(o.info, nonTestFiles(pass), handles) {
		o.handlerLiterals(fd.Body)
	}
	for _, file := range nonTestFiles(pass) {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				if handles(n.Type) {
					o.handlerLiterals(n.Body)
				}
			case *ast.CompositeLit:
				o.echoLiteral(n, echoes)
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for i, lhs := range n.Lhs {
					sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
					if !ok || !echoes(n.Rhs[i]) {
						continue
					}
					s, ok := o.info.Selections[sel]
					if !ok || s.Kind() != types.FieldVal {
						continue
					}
					if tn, key := fieldKey(s.Recv(), s.Obj()); tn != nil && key != "" && key != "data" {
						o.replies[tn] = true
					}
				}
			}
			return true
		})
	}
}

// httpClientCalls are net/http's functions that send a request as a
// client.
var httpClientCalls = analyzerutil.NewFuncs([]string{
	"net/http.Get", "net/http.Post", "net/http.PostForm", "net/http.Head",
	"(*net/http.Client).Do", "(*net/http.Client).Get", "(*net/http.Client).Post",
	"(*net/http.Client).PostForm", "(*net/http.Client).Head", "(*net/http.Client).CloseIdleConnections",
})

// callsHTTP reports whether body acts as an HTTP client: it reads the Body
// of a *net/http.Response, or refers to net/http's Get, Post, PostForm or
// Head or a method of *http.Client.
func callsHTTP(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		switch obj := info.Uses[sel.Sel].(type) {
		case *types.Var:
			if s, ok := info.Selections[sel]; ok && obj.Name() == "Body" && obj.Pkg() != nil && obj.Pkg().Path() == "net/http" {
				recv := s.Recv()
				if p, ok := types.Unalias(recv).(*types.Pointer); ok {
					recv = p.Elem()
				}
				found = analyzerutil.IsNamedType(recv, "net/http", "Response")
			}
		case *types.Func:
			found = httpClientCalls.Has(obj)
		}
		return true
	})
	return found
}

// echoLiteral records a literal that sets a key other than data to a field
// of a request: a named struct type's literal marks the type, a map or
// anonymous struct literal the literal.
func (o *outputs) echoLiteral(lit *ast.CompositeLit, echoes func(ast.Expr) bool) {
	t := o.info.TypeOf(lit)
	if t == nil {
		return
	}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok || !echoes(kv.Value) {
			continue
		}
		if _, isMap := t.Underlying().(*types.Map); isMap {
			if tv, ok := o.info.Types[kv.Key]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && !strings.EqualFold(constant.StringVal(tv.Value), "data") {
				o.replyLits[lit] = true
			}
			continue
		}
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		tn, key := fieldKey(t, o.info.Uses[id])
		switch {
		case key == "" || key == "data":
		case tn != nil:
			o.replies[tn] = true
		default:
			o.replyLits[lit] = true
		}
	}
}

// fieldKey returns the named struct type t is (nil for an anonymous
// struct) and the JSON key under which it encodes the field obj, "" if it
// encodes none.
func fieldKey(t types.Type, obj types.Object) (*types.TypeName, string) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || obj == nil {
		return nil, ""
	}
	for _, f := range encodedFields(st, 0) {
		if f.Var == obj {
			return typeName(t), f.Key
		}
	}
	return typeName(t), ""
}

// handlerLiterals records what a function that takes a request builds: the
// named struct types of its literals, and its map and anonymous struct
// literals.
func (o *outputs) handlerLiterals(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := analyzerutil.LiteralType(o.info, lit)
		if t == nil {
			return true
		}
		switch t.Underlying().(type) {
		case *types.Struct:
			if tn := typeName(t); tn != nil {
				o.replies[tn] = true
			} else {
				o.replyLits[lit] = true
			}
		case *types.Map:
			o.replyLits[lit] = true
		}
		return true
	})
}

// sessionFuncs returns the package's functions that take a request, and
// those that only they call (a handler's helpers: handleScan(req.Payload)
// called from processRequest(req)).
func sessionFuncs(info *types.Info, files []*ast.File, handles func(*ast.FuncType) bool) []*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	callers := map[*types.Func]map[*types.Func]bool{}
	in := map[*types.Func]bool{}
	for _, file := range files {
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			decls[fn] = fd
			if handles(fd.Type) {
				in[fn] = true
			}
		}
	}
	for fn, fd := range decls {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if callee, ok := info.Uses[id].(*types.Func); ok && decls[callee.Origin()] != nil {
					callee = callee.Origin()
					if callers[callee] == nil {
						callers[callee] = map[*types.Func]bool{}
					}
					callers[callee][fn] = true
				}
			}
			return true
		})
	}
	// A function referred to outside any function (a command table) has
	// no caller recorded here and stays out.
	for changed := true; changed; {
		changed = false
		for fn, cs := range callers {
			if in[fn] || len(cs) == 0 || fn.Exported() {
				continue
			}
			all := true
			for c := range cs {
				if !in[c] {
					all = false
					break
				}
			}
			if all {
				in[fn] = true
				changed = true
			}
		}
	}
	var out []*ast.FuncDecl
	for fn := range in {
		out = append(out, decls[fn])
	}
	return out
}
