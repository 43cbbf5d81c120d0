package analyzerutil

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// NonTestFiles yields a cursor on each file of the package that is no test
// file (InTestFile), in the order of pass.Files.
func NonTestFiles(pass *analysis.Pass, ins *inspector.Inspector) iter.Seq[inspector.Cursor] {
	return func(yield func(inspector.Cursor) bool) {
		for file := range ins.Root().Children() {
			if !InTestFile(pass.Fset, file.Node().Pos()) && !yield(file) {
				return
			}
		}
	}
}

// Innermost returns the innermost node enclosing cur, cur included, whose
// type is one of types; ok is false when there is none.
func Innermost(cur inspector.Cursor, types ...ast.Node) (_ inspector.Cursor, ok bool) {
	for c := range cur.Enclosing(types...) {
		return c, true
	}
	return inspector.Cursor{}, false
}

// EnclosingFunc returns the body and the signature of the innermost
// function declaration or literal enclosing cur: nil and nil outside any
// function; a nil signature where the type checker has none.
func EnclosingFunc(info *types.Info, cur inspector.Cursor) (*ast.BlockStmt, *types.Signature) {
	fn, ok := Innermost(cur, (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil))
	if !ok {
		return nil, nil
	}
	switch n := fn.Node().(type) {
	case *ast.FuncDecl:
		if obj, ok := info.Defs[n.Name].(*types.Func); ok {
			return n.Body, obj.Signature()
		}
		return n.Body, nil
	case *ast.FuncLit:
		sig, _ := info.TypeOf(n).(*types.Signature)
		return n.Body, sig
	}
	return nil, nil
}

// ValueParent returns the cursor of the node that uses the value at cur,
// stepping over the parentheses and the & around it: the call it is an
// argument of, the assignment that stores it, the selector of a method
// called on it.
func ValueParent(cur inspector.Cursor) inspector.Cursor {
	p := cur.Parent()
	for {
		switch n := p.Node().(type) {
		case *ast.ParenExpr:
			p = p.Parent()
			continue
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				p = p.Parent()
				continue
			}
		}
		return p
	}
}

// EnclosingFuncDecl returns the function declaration cur lies in (through
// function literals), or nil.
func EnclosingFuncDecl(info *types.Info, cur inspector.Cursor) *types.Func {
	decl, ok := Innermost(cur, (*ast.FuncDecl)(nil))
	if !ok {
		return nil
	}
	fn, _ := info.Defs[decl.Node().(*ast.FuncDecl).Name].(*types.Func)
	return fn
}
