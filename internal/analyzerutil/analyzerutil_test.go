package analyzerutil

import (
	"errors"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
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
