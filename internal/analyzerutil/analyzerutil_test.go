package analyzerutil

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/version"
)

const docGo = `// Package x does things.
//
// # Analyzer other
//
// other: not this one
//
// # Analyzer x
//
// x: report the thing
//
// Long text.
//
// # Examples
//
// An example stays in.
//
// # Analyzer y
//
// y: the next one
package x
`

func TestDoc(t *testing.T) {
	got := Doc(docGo, "x")
	want := "report the thing\n\nLong text.\n\n# Examples\n\nAn example stays in."
	if got != want {
		t.Errorf("Doc = %q\nwant %q", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("a missing section must panic")
		}
	}()
	Doc(docGo, "missing")
}

func TestGuard(t *testing.T) {
	pass := &analysis.Pass{Analyzer: &analysis.Analyzer{Name: "boom"}, Pkg: types.NewPackage("p", "p")}
	_, err := Guard(func(*analysis.Pass) (any, error) { panic("nil map") })(pass)
	if err == nil || !strings.Contains(err.Error(), "boom panicked on package p: nil map") {
		t.Errorf("err = %v", err)
	}
	want := errors.New("plain")
	if _, err := Guard(func(*analysis.Pass) (any, error) { return nil, want })(pass); err != want {
		t.Errorf("err = %v", err)
	}
}

func TestURL(t *testing.T) {
	if got := URL("barecode"); !strings.HasSuffix(got, "/docs/checks/barecode.md") {
		t.Error(got)
	}
}

func TestFuncs(t *testing.T) {
	for name, want := range map[string]string{
		"os.Exit":                  "os",
		"(*log.Logger).Fatal":      "log",
		"(net.conn).Write":         "net",
		"k8s.io/klog/v2.Fatal":     "k8s.io/klog/v2",
		"gopkg.in/yaml.v3.Marshal": "gopkg.in/yaml.v3",
		"(*example.com/a/b.T).M":   "example.com/a/b",
		"(example.com/a/b.T[X]).M": "example.com/a/b",
	} {
		if got := PkgOfFullName(name); got != want {
			t.Errorf("PkgOfFullName(%q) = %q, want %q", name, got, want)
		}
	}
	set := NewFuncs([]string{"os.Exit", "(*log.Logger).Fatal"})
	if set.Has(nil) {
		t.Error("Has(nil)")
	}
	osPkg := types.NewPackage("os", "os")
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewVar(0, osPkg, "code", types.Typ[types.Int])), nil, false)
	osExit := types.NewFunc(0, osPkg, "Exit", sig)
	osGetenv := types.NewFunc(0, osPkg, "Getenv", sig)
	other := types.NewFunc(0, types.NewPackage("example.com/os", "os"), "Exit", sig)
	if !set.Has(osExit) || set.Has(osGetenv) || set.Has(other) {
		t.Errorf("Has: os.Exit %v, os.Getenv %v, example.com/os.Exit %v; want true, false, false",
			set.Has(osExit), set.Has(osGetenv), set.Has(other))
	}
	if name, ok := set.Name(osGetenv); !ok || name != "os.Getenv" {
		t.Errorf("Name(os.Getenv) = %q, %v", name, ok)
	}
	if _, ok := set.Name(other); ok {
		t.Error("Name of a function in an unlisted package must be empty")
	}
	// Checks ask Has of every call: a function of a listed package that
	// the set does not name is answered without building its full name.
	if n := testing.AllocsPerRun(100, func() { set.Has(osGetenv) }); n != 0 {
		t.Errorf("Has(os.Getenv) allocates %v times", n)
	}
	// The method of the listed (*log.Logger).Fatal on another receiver.
	logPkg := types.NewPackage("log", "log")
	recv := func(name string) *types.Var {
		tn := types.NewTypeName(0, logPkg, name, nil)
		return types.NewVar(0, logPkg, "l", types.NewPointer(types.NewNamed(tn, types.NewStruct(nil, nil), nil)))
	}
	fatal := func(r *types.Var) *types.Func {
		return types.NewFunc(0, logPkg, "Fatal", types.NewSignatureType(r, nil, nil, nil, nil, false))
	}
	if !set.Has(fatal(recv("Logger"))) || set.Has(fatal(recv("Other"))) {
		t.Errorf("Has: (*log.Logger).Fatal %v, (*log.Other).Fatal %v; want true, false", set.Has(fatal(recv("Logger"))), set.Has(fatal(recv("Other"))))
	}
}

func TestStdPackage(t *testing.T) {
	for path, want := range map[string]bool{
		"os": true, "io/fs": true, "net/http": true, "errors": true,
		"cmd/go": false, "cmd": false, "cases/argphase/store": false, "example.com/cli": false, "": false, "nosuchstd": false,
	} {
		if got := StdPackage(path); got != want {
			t.Errorf("StdPackage(%q) = %t; want %t", path, got, want)
		}
	}
}

func TestAssignedValues(t *testing.T) {
	const src = `package p

func two() (int, error) { return 0, nil }

func f() {
	a := 1
	a = 2
	var b, c = 3, 4
	d, err := two()
	var e int
	_, _, _, _, _, _ = a, b, c, d, e, err
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	body := file.Decls[1].(*ast.FuncDecl).Body
	vars := map[string]*types.Var{}
	for id, obj := range info.Defs {
		if v, ok := obj.(*types.Var); ok && body.Pos() <= id.Pos() && id.Pos() < body.End() {
			vars[id.Name] = v
		}
	}
	for name, want := range map[string]struct {
		values   string
		complete bool
	}{
		"a":   {"1 2", true},
		"b":   {"3", true},
		"c":   {"4", true},
		"d":   {"two()", true},
		"err": {"", false},
		"e":   {"", true},
	} {
		values, complete := AssignedValues(info, vars[name], body)
		var got []string
		for _, v := range values {
			got = append(got, types.ExprString(v))
		}
		if strings.Join(got, " ") != want.values || complete != want.complete {
			t.Errorf("%s: %q, complete %t; want %q, %t", name, got, complete, want.values, want.complete)
		}
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string]string{
		"ExitNotFound":      "exit not found",
		"exitNotFound":      "exit not found",
		"EXIT_NOT_FOUND":    "exit not found",
		"HTTPStatusOK":      "http status ok",
		"ExitCode":          "exit code",
		"exitcode":          "exitcode",
		"FIDO2Error":        "fido 2 error",
		"_private":          "private",
		"ExitCodeForError":  "exit code for error",
		"CLIExitCodeForErr": "cli exit code for err",
		"x":                 "x",
		"":                  "",
	} {
		if got := strings.Join(Words(name), " "); got != want {
			t.Errorf("Words(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestGuessModule(t *testing.T) {
	for path, want := range map[string]string{
		"cases/derivedok/tracker":            "cases",
		"github.com/exitlint/exitlint/cmd/x": "github.com/exitlint/exitlint",
		"github.com/exitlint":                "github.com/exitlint",
		"golang.org/x/tools/go/analysis":     "golang.org/x/tools",
		"example.com/cli/internal/exit":      "example.com/cli",
		"gopkg.in/yaml.v3":                   "gopkg.in/yaml.v3",
		"main":                               "main",
	} {
		if got := GuessModule(path); got != want {
			t.Errorf("GuessModule(%q) = %q; want %q", path, got, want)
		}
	}
}

func TestRequired(t *testing.T) {
	c := &analysis.Analyzer{Name: "c"}
	b := &analysis.Analyzer{Name: "b", Requires: []*analysis.Analyzer{c}}
	a := &analysis.Analyzer{Name: "a", Requires: []*analysis.Analyzer{b, c}}
	d := &analysis.Analyzer{Name: "d", Requires: []*analysis.Analyzer{c}}
	var got []string
	for _, x := range Required([]*analysis.Analyzer{a, d, b}) {
		got = append(got, x.Name)
	}
	if strings.Join(got, " ") != "c b a d" {
		t.Errorf("Required(a, d, b) = %v; want [c b a d]: each once, after what it requires", got)
	}
}

// TestVersionedLinks: links into the repository at main become links at
// this build's reference; others are left as they are.
func TestVersionedLinks(t *testing.T) {
	ref := version.Read().Ref()
	for in, want := range map[string]string{
		"https://github.com/exitlint/exitlint/blob/main/docs/checks/barecode.md": "https://github.com/exitlint/exitlint/blob/" + ref + "/docs/checks/barecode.md",
		"https://github.com/exitlint/exitlint/blob/main/docs/output.md#-sarif":   "https://github.com/exitlint/exitlint/blob/" + ref + "/docs/output.md#-sarif",
		"https://pkg.go.dev/os#Exit":                              "https://pkg.go.dev/os#Exit",
		"https://github.com/exitlint/exitlint/blob/mainline/x.md": "https://github.com/exitlint/exitlint/blob/mainline/x.md",
	} {
		if got := Versioned(in); got != want {
			t.Errorf("Versioned(%s) = %s; want %s", in, got, want)
		}
	}
	if got, want := URL("barecode"), "https://github.com/exitlint/exitlint/blob/"+ref+"/docs/checks/barecode.md"; got != want {
		t.Errorf("URL = %s; want %s", got, want)
	}
}

func TestInModule(t *testing.T) {
	for _, c := range []struct {
		path, module string
		want         bool
	}{
		{"example.com/cli", "example.com/cli", true},
		{"example.com/cli/internal/exit", "example.com/cli", true},
		{"example.com/clibrary", "example.com/cli", false},
		{"example.com", "example.com/cli", false},
		{"example.com/cli", "", false},
	} {
		if got := InModule(c.path, c.module); got != c.want {
			t.Errorf("InModule(%q, %q) = %t; want %t", c.path, c.module, got, c.want)
		}
	}
}

func TestIsNamedType(t *testing.T) {
	pkg := types.NewPackage("net/http", "http")
	named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, "Header", nil), types.NewMap(types.Typ[types.String], types.Typ[types.String]), nil)
	alias := types.NewAlias(types.NewTypeName(token.NoPos, types.NewPackage("x", "x"), "H", nil), named)
	for _, c := range []struct {
		t          types.Type
		path, name string
		want       bool
	}{
		{named, "net/http", "Header", true},
		{alias, "net/http", "Header", true},
		{named, "net/http", "Request", false},
		{named, "net/textproto", "Header", false},
		{types.NewPointer(named), "net/http", "Header", false},
		{types.Typ[types.Int], "", "int", false},
	} {
		if got := IsNamedType(c.t, c.path, c.name); got != c.want {
			t.Errorf("IsNamedType(%s, %q, %q) = %t; want %t", c.t, c.path, c.name, got, c.want)
		}
	}
}

func TestLiteralType(t *testing.T) {
	const src = `package p
type T struct{ N int }
var a = T{N: 1}
var b = &T{N: 2}
var c = []*T{{N: 3}}
var d = map[string]int{"e": 4}
`
	file, info := typeCheck(t, src)
	var got []string
	ast.Inspect(file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.CompositeLit); ok {
			got = append(got, types.TypeString(LiteralType(info, lit), nil))
		}
		return true
	})
	// The literals in source order: a's, b's (under its &), c's slice and
	// the element it holds without its &, d's map.
	want := []string{"p.T", "p.T", "[]*p.T", "p.T", "map[string]int"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("LiteralType of the literals = %q; want %q", got, want)
	}
	if LiteralType(&types.Info{}, &ast.CompositeLit{}) != nil {
		t.Error("LiteralType of a literal with no recorded type is not nil")
	}
}

func TestConstString(t *testing.T) {
	const src = `package p
const name = "raw"
var v = "x"
var a, b, c, d = name, "lit" + name, v, 3
`
	file, info := typeCheck(t, src)
	values := file.Decls[2].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values
	var got []string
	for _, e := range values {
		s, ok := ConstString(info, e)
		got = append(got, fmt.Sprintf("%q %v", s, ok))
	}
	// A named constant and a constant expression are constants; a
	// variable and an integer are not.
	want := `"raw" true|"litraw" true|"" false|"" false`
	if strings.Join(got, "|") != want {
		t.Errorf("ConstString = %s; want %s", strings.Join(got, "|"), want)
	}
	if _, ok := ConstString(info, nil); ok {
		t.Error("ConstString(nil) reports a constant")
	}
}

// typeCheck parses and type-checks one file of package p, recording the
// types of its expressions.
func typeCheck(t *testing.T, src string) (*ast.File, *types.Info) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := new(types.Config).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	return file, info
}

// TestIsNil: the predeclared nil, parenthesized or not, is nil; a variable
// named nil that shadows it, and a nil-able value, are not.
func TestIsNil(t *testing.T) {
	file, info := typeCheck(t, `package p
var e error
var a, b = e == nil, e == (nil)
func f() bool { nil := 0; return nil == 0 }
var c = e == e
`)
	var got []bool
	ast.Inspect(file, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			got = append(got, IsNil(info, b.Y))
		}
		return true
	})
	want := []bool{true, true, false, false}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("IsNil of each comparison's right side = %v, want %v", got, want)
	}
}
