package contract

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Which code of a package is part of the program's run. The envelope is
// what one run writes to its stdout, and its ok answers to the exit code
// that run ends with. Code nothing calls writes nothing; a handler of a
// peer's request (an HTTP handler, an MCP tool's handler) answers that
// peer, in a protocol with no exit code. Both are outside the run, and so
// is a function only they call.

// runSet holds the code of a package that is outside the run, as sorted,
// disjoint position ranges, found when first asked: most packages have
// no output or envelope for a check to ask about.
type runSet struct {
	once sync.Once
	find func() []posRange // until found
	out  []posRange
}

type posRange struct{ pos, end token.Pos }

// outside reports whether pos lies in code outside the run.
func (r *runSet) outside(pos token.Pos) bool {
	if r == nil {
		return false
	}
	r.once.Do(func() {
		r.out, r.find = r.find(), nil
	})
	_, found := slices.BinarySearchFunc(r.out, pos, func(x posRange, p token.Pos) int {
		switch {
		case x.end <= p:
			return -1
		case x.pos > p:
			return 1
		}
		return 0
	})
	return found
}

// funcNode is a function of the package: what it refers to, and whether a
// run reaches it.
type funcNode struct {
	decl    *ast.FuncDecl
	obj     *types.Func
	calls   []*types.Func // functions of the package it refers to
	methods []string      // names of the methods it refers to (interface calls included)
	live    bool
}

// findRun finds the functions of the package outside the run. Roots are
// main and init; in a package other than main, every exported function (an
// importer may call it); every exported method (an interface may); and the
// functions package-level declarations refer to (command tables, cobra's
// RunE). A run reaches a function referred to from code it reaches, and an
// unexported method whose name such code calls; a handler of a peer's
// request is never reached through, and function literals that are such
// handlers are outside the run wherever they are. Test files neither count
// as callers nor are checked.
func findRun(pass *analysis.Pass) *runSet {
	info, pkg, files := pass.TypesInfo, pass.Pkg, nonTestFiles(pass)
	return &runSet{find: func() []posRange { return outsideRun(info, pkg, files) }}
}

// outsideRun is findRun's ranges, found.
func outsideRun(info *types.Info, pkg *types.Package, files []*ast.File) []posRange {
	var out []posRange
	nodes := map[*types.Func]*funcNode{}
	var order []*funcNode
	var roots []*types.Func
	refs := func(n ast.Node, node *funcNode) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				if peerHandler(info, m.Type) {
					out = append(out, posRange{m.Pos(), m.End()})
					return false
				}
			case *ast.Ident:
				fn, ok := info.Uses[m].(*types.Func)
				if !ok {
					return true
				}
				fn = fn.Origin()
				switch {
				case fn.Signature().Recv() != nil:
					if node != nil {
						node.methods = append(node.methods, fn.Name())
					}
					if fn.Pkg() == pkg {
						if node != nil {
							node.calls = append(node.calls, fn)
						} else {
							roots = append(roots, fn)
						}
					}
				case fn.Pkg() == pkg:
					if node != nil {
						node.calls = append(node.calls, fn)
					} else {
						roots = append(roots, fn)
					}
				}
			}
			return true
		})
	}
	for _, file := range files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				refs(decl, nil)
				continue
			}
			fn, ok := info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			node := &funcNode{decl: fd, obj: fn}
			nodes[fn] = node
			order = append(order, node)
			if fd.Body != nil {
				refs(fd.Body, node)
			}
			if isRoot(pkg, fd, fn) {
				roots = append(roots, fn)
			}
		}
	}
	reach(info, nodes, roots)
	for _, node := range order {
		if !node.live {
			out = append(out, posRange{node.decl.Pos(), node.decl.End()})
		}
	}
	slices.SortFunc(out, func(a, b posRange) int { return int(a.pos - b.pos) })
	out = merge(out)
	return out
}

// isRoot reports whether a run may start in fn from outside the package's
// own code.
func isRoot(pkg *types.Package, fd *ast.FuncDecl, fn *types.Func) bool {
	if fd.Recv == nil && (fd.Name.Name == "init" || fd.Name.Name == "main" && pkg.Name() == "main") {
		return true
	}
	if !fn.Exported() {
		return false
	}
	return fd.Recv != nil || pkg.Name() != "main"
}

// reach marks the functions a run reaches from roots, never through a
// handler of a peer's request.
func reach(info *types.Info, nodes map[*types.Func]*funcNode, roots []*types.Func) {
	byName := map[string][]*funcNode{}
	for fn, node := range nodes {
		if fn.Signature().Recv() != nil && !fn.Exported() {
			byName[fn.Name()] = append(byName[fn.Name()], node)
		}
	}
	var queue []*funcNode
	visit := func(fn *types.Func) {
		node := nodes[fn]
		if node == nil || node.live || peerHandler(info, node.decl.Type) {
			return
		}
		node.live = true
		queue = append(queue, node)
	}
	for _, fn := range roots {
		visit(fn)
	}
	for len(queue) > 0 {
		node := queue[0]
		queue = queue[1:]
		for _, fn := range node.calls {
			visit(fn)
		}
		for _, name := range node.methods {
			for _, m := range byName[name] {
				visit(m.obj)
			}
		}
	}
}

// merge joins nested and overlapping ranges of a sorted list.
func merge(rs []posRange) []posRange {
	var out []posRange
	for _, r := range rs {
		if n := len(out); n > 0 && r.pos < out[n-1].end {
			out[n-1].end = max(out[n-1].end, r.end)
			continue
		}
		out = append(out, r)
	}
	return out
}

// peerHandler reports whether a function with this signature answers a
// peer's request: it has a parameter that is a response writer (an HTTP
// handler), or a parameter or result of a request or result type of an MCP
// package (a tool's handler, or a helper that builds a tool's result). What
// it encodes is the peer's reply, never the program's output.
func peerHandler(info *types.Info, ft *ast.FuncType) bool {
	for _, field := range ft.Params.List {
		t := info.TypeOf(field.Type)
		if responseWriter(t) || mcpType(t, "Request") {
			return true
		}
	}
	if ft.Results != nil {
		for _, field := range ft.Results.List {
			if t := info.TypeOf(field.Type); mcpType(t, "Result") || mcpType(t, "Response") {
				return true
			}
		}
	}
	return false
}

// responseWriter reports whether t writes an HTTP response: it has
// net/http.ResponseWriter's Header and WriteHeader (http.ResponseWriter
// itself, a framework's writer that embeds it).
func responseWriter(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named, *types.Interface:
	case *types.Pointer:
		if _, ok := types.Unalias(u.Elem()).(*types.Named); !ok {
			return false
		}
	default:
		return false
	}
	if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "WriteHeader"); obj == nil {
		return false
	}
	h, _, _ := types.LookupFieldOrMethod(t, true, nil, "Header")
	fn, ok := h.(*types.Func)
	if !ok {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() != 1 {
		return false
	}
	return analyzerutil.IsNamedType(res.At(0).Type(), "net/http", "Header")
}

// mcpType reports whether t (or what it points to) is a type whose name
// ends in suffix, declared in a Model Context Protocol package: one whose
// name starts with "mcp", as the Go MCP SDKs' packages are named.
func mcpType(t types.Type, suffix string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return strings.HasPrefix(n.Obj().Pkg().Name(), "mcp") && strings.HasSuffix(n.Obj().Name(), suffix)
}

// nonTestFiles returns the package's files that are not _test.go files.
func nonTestFiles(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	for _, f := range pass.Files {
		if !analyzerutil.InTestFile(pass.Fset, f.Pos()) {
			out = append(out, f)
		}
	}
	return out
}
