package analyzerutil

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

func TestCursorHelpers(t *testing.T) {
	const src = `package p

var top = 1 + 2

func f(a int) int {
	g := func(s string) error { return nil }
	_ = g
	return a * 3
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	test, err := parser.ParseFile(fset, "p_test.go", "package p\n\nfunc h() {}\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file, test}, info); err != nil {
		t.Fatal(err)
	}
	ins := inspector.New([]*ast.File{file, test})

	var files []*ast.File
	for c := range NonTestFiles(&analysis.Pass{Fset: fset}, ins) {
		files = append(files, c.Node().(*ast.File))
	}
	if len(files) != 1 || files[0] != file {
		t.Errorf("NonTestFiles yielded %d files; want p.go alone", len(files))
	}

	want := map[string]string{
		"1 + 2": "",                     // package level: no function
		"nil":   "func(s string) error", // the literal, not f
		"a * 3": "func(a int) int",      // f itself
	}
	seen := 0
	for c := range ins.Root().Preorder((*ast.BinaryExpr)(nil), (*ast.Ident)(nil)) {
		text := types.ExprString(c.Node().(ast.Expr))
		w, ok := want[text]
		if !ok {
			continue
		}
		seen++
		body, sig := EnclosingFunc(info, c)
		got := ""
		if sig != nil {
			got = sig.String()
		}
		if got != w || (body == nil) != (w == "") {
			t.Errorf("EnclosingFunc(%s) = body %v, signature %q; want %q", text, body != nil, got, w)
		}
	}
	if seen != 3 {
		t.Errorf("checked %d expressions; want 3", seen)
	}

	ret, ok := ins.Root().FindNode(file.Decls[1].(*ast.FuncDecl).Body.List[2])
	if !ok {
		t.Fatal("return statement not found")
	}
	if decl, ok := Innermost(ret, (*ast.FuncDecl)(nil), (*ast.File)(nil)); !ok {
		t.Error("Innermost(return, FuncDecl, File) found nothing; want f's declaration")
	} else if decl.Node() != file.Decls[1] {
		t.Errorf("Innermost(return, FuncDecl, File) = %T; want f's declaration", decl.Node())
	}
	if _, ok := Innermost(ret, (*ast.FuncLit)(nil)); ok {
		t.Error("Innermost(return, FuncLit) found a literal; the return is f's")
	}
}
