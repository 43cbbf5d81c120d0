package terminal

import (
	"go/ast"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/passes/hidden"
)

// hiddenSpans returns the code of the package that runs only through a
// hidden command (the hidden pass's bodies) or only when a hidden flag is
// set: the same conditions and the same dominance as a terminal test's,
// over the hidden pass's flag reads. No fact is kept: a function whose
// result says a hidden flag is set is not followed.
func hiddenSpans(pass *analysis.Pass, h *hidden.Hidden) []span {
	if h.Empty() {
		return nil
	}
	var out []span
	for _, b := range h.Bodies() {
		out = append(out, span{pos: b.Pos, end: b.End, test: b.Command})
	}
	named := func(test func(ast.Expr) (string, bool)) func(*funcState, ast.Expr) (string, bool) {
		return func(_ *funcState, e ast.Expr) (string, bool) {
			if name, ok := test(e); ok {
				return "hidden flag " + name, true
			}
			return "", false
		}
	}
	c := &computer{info: pass.TypesInfo, leaf: named(h.Set), leafNot: named(h.Unset)}
	for _, body := range funcBodies(pass) {
		if readsFlag(h, body) {
			out = append(out, c.analyze(body).spans...)
		}
	}
	slices.SortFunc(out, func(a, b span) int { return int(a.pos - b.pos) })
	return out
}

// funcBodies returns the bodies of the package's function declarations and
// of the function literals outside them (in a package-level variable's
// value: var cmd = &cobra.Command{RunE: func(…) error {…}}).
func funcBodies(pass *analysis.Pass) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Body != nil {
					out = append(out, d.Body)
				}
			case *ast.GenDecl:
				ast.Inspect(d, func(n ast.Node) bool {
					if lit, ok := n.(*ast.FuncLit); ok {
						out = append(out, lit.Body)
						return false
					}
					return true
				})
			}
		}
	}
	return out
}

// readsFlag reports whether body reads a hidden flag.
func readsFlag(h *hidden.Hidden, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if _, ok := h.Set(e); ok {
				found = true
			} else if _, ok := h.Unset(e); ok {
				found = true
			}
		}
		return !found
	})
	return found
}
