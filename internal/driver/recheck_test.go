package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// TestRecheck: with the run's types kept, Recheck type-checks the
// packages an edit changes against them: an edit that breaks its own
// package is reported there; one that changes an exported constant's type
// is checked in the importers too, and reported where it breaks them; one
// that changes nothing an importer sees leaves them alone; and nothing is
// reported for edits that type-check.
func TestRecheck(t *testing.T) {
	dir := t.TempDir()
	aGo := "package a\n\n// N is three.\nconst N = 3\n\n// F is one.\nfunc F() int { return 1 }\n"
	for name, src := range map[string]string{
		"go.mod": "module example.com/r\n\ngo 1.22\n",
		"a/a.go": aGo,
		"b/b.go": "package b\n\nimport \"example.com/r/a\"\n\n// X is a's N.\nvar X int = a.N\n",
		// r's API does not change with a's, and x, which hands out r's
		// type, does not import a: c, which imports all three, must
		// still see one r.
		"r/r.go": "package r\n\nimport \"example.com/r/a\"\n\n// R is r.\ntype R struct{}\n\n// New makes one.\nfunc New() *R { _ = a.N; return &R{} }\n",
		"x/x.go": "package x\n\nimport \"example.com/r/r\"\n\n// Get gets one.\nfunc Get() *r.R { return r.New() }\n",
		"c/c.go": "package c\n\nimport (\n\t\"example.com/r/a\"\n\t\"example.com/r/r\"\n\t\"example.com/r/x\"\n)\n\nvar _ *r.R = x.Get()\n\nvar _ = a.N\n",
	} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o777)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	g, err := driver.Load(driver.Config{Dir: dir, Env: env, KeepTypes: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g.Run(all.Analyzers())
	a := filepath.Join(dir, "a", "a.go")
	for _, c := range []struct {
		what, src string
		want      []string // the packages broken, and a piece of each's first error
	}{
		{"nothing an importer sees", strings.Replace(aGo, "return 1", "return 2", 1), nil},
		{"a constant's value", strings.Replace(aGo, "= 3", "= 4", 1), nil},
		{"a constant's type", strings.Replace(aGo, "= 3", `= "three"`, 1), []string{"example.com/r/b", "cannot use a.N"}},
		{"its own package", strings.Replace(aGo, "return 1", `return "one"`, 1), []string{"example.com/r/a", "cannot use \"one\""}},
	} {
		broken := g.Recheck(map[string][]byte{a: []byte(c.src)})
		var got []string
		for _, b := range broken {
			got = append(got, b.Package.ID, b.Errors[0].Msg)
		}
		if len(got) != len(c.want) || (len(got) == 2 && (got[0] != c.want[0] || !strings.Contains(got[1], c.want[1]))) {
			t.Errorf("%s: broken %q; want %q", c.what, got, c.want)
		}
	}
}
