package driver

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io/fs"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestListPosition: go list's positions, given as text, are read into
// file, line and column, and the error prints as go list's position and
// message did, or the message alone when there was no position.
func TestListPosition(t *testing.T) {
	for pos, want := range map[string]token.Position{
		"/m/main.go:12:5":  {Filename: "/m/main.go", Line: 12, Column: 5},
		"/m/main.go:12":    {Filename: "/m/main.go", Line: 12},
		"/m/a:b/main.go:3": {Filename: "/m/a:b/main.go", Line: 3},
		"main.go:3:8":      {Filename: "main.go", Line: 3, Column: 8},
		"/m/go.mod":        {Filename: "/m/go.mod"},
		"":                 {},
		"-":                {},
	} {
		e := listError(packages.Error{Pos: pos, Msg: "bad"})
		if e.Pos != want || e.Kind != ListError {
			t.Errorf("listError at %q: %v at %+v; want a list error at %+v", pos, e.Kind, e.Pos, want)
		}
		text := pos + ": bad"
		if pos == "" || pos == "-" {
			text = "bad"
		}
		if e.Error() != text {
			t.Errorf("listError at %q prints %q; want %q", pos, e.Error(), text)
		}
	}
}

// TestErrorsPrintAsTheirSource: a parse or type error keeps its position
// and message apart, and prints as go/scanner and go/types print it.
func TestErrorsPrintAsTheirSource(t *testing.T) {
	fset := token.NewFileSet()
	_, err := parser.ParseFile(fset, "/m/p.go", "package p\n\nvar s = \"é\"; func (\n", parser.AllErrors)
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("parsing: %v", err)
	}
	errs := parseErrors("/m/p.go", err)
	if len(errs) != len(list) {
		t.Fatalf("%d parse errors; want %d", len(errs), len(list))
	}
	for i, e := range errs {
		if e.Kind != ParseError || e.Pos.Line != 3 || e.Pos.Filename != "/m/p.go" || e.Error() != list[i].Error() {
			t.Errorf("parse error %d: %v at %+v prints %q; want %q", i, e.Kind, e.Pos, e.Error(), list[i].Error())
		}
	}

	read := parseErrors("/m/gone.go", &fs.PathError{Op: "open", Path: "/m/gone.go", Err: fs.ErrNotExist})
	if len(read) != 1 || read[0].Error() != "/m/gone.go: open /m/gone.go: file does not exist" || read[0].Pos.Line != 0 {
		t.Errorf("read error: %+v", read)
	}

	f, err := parser.ParseFile(fset, "/m/t.go", "package t\n\nvar S = \"éé\"; var X int = \"ü\" + 1\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []PackageError
	var want []string
	conf := types.Config{Error: func(err error) {
		got = append(got, typeError(err))
		want = append(want, err.Error())
	}}
	conf.Check("t", fset, []*ast.File{f}, nil)
	if len(got) == 0 {
		t.Fatal("no type errors")
	}
	for i, e := range got {
		if e.Kind != TypeError || e.Pos.Line != 3 || e.Pos.Column != 29 || e.Error() != want[i] {
			t.Errorf("type error %d: %v at %+v prints %q; want %q", i, e.Kind, e.Pos, e.Error(), want[i])
		}
	}
	if e := typeError(errors.New("no position")); e.Error() != "no position" {
		t.Errorf("a type error without a position prints %q", e.Error())
	}
}
