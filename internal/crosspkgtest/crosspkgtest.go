// Package crosspkgtest runs an analyzer over several packages of a
// testdata tree and checks its diagnostics against the `// want "…"`
// comments of all of them at once. analysistest matches a package's
// diagnostics with its own files' comments only, so it cannot test a check
// that reports, from the package where a value reaches an exit, at the
// line of another package where the value is written (os.Exit(cli.Main())
// in main, return 2 in cli).
package crosspkgtest

import (
	"fmt"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Run loads the packages that patterns name in the module at dir, runs a
// on them (and what it requires on their dependencies), and reports, as
// test errors, every diagnostic of a root package's action that no want
// comment of any root package expects, and every want comment that no
// diagnostic matched. A want comment is `// want "regexp"`, one or more
// quoted (or back-quoted) regular expressions, each matching one message
// on the comment's line; an expression written `check:"regexp"` expects a
// diagnostic of that check only, so that one program can hold the
// expectations of several checks (facts are not checked here).
func Run(t *testing.T, dir string, a *analysis.Analyzer, patterns ...string) {
	t.Helper()
	// Module mode in dir, as analysistest loads a testdata tree with a
	// go.mod: the module's replace directives name every dependency.
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir,
		Env: append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off")}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the test packages do not load")
	}
	if len(pkgs) == 0 {
		t.Fatalf("%q names no package in %s", patterns, dir)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[key][]*regexp.Regexp{}
	var fset *token.FileSet
	for _, p := range pkgs {
		fset = p.Fset
		for _, f := range p.Syntax {
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					text, ok := strings.CutPrefix(c.Text, "// want ")
					if !ok {
						continue
					}
					rxs, err := parseWant(text, a.Name)
					if err != nil {
						t.Errorf("%s: %v", p.Fset.Position(c.Pos()), err)
						continue
					}
					posn := p.Fset.Position(c.Pos())
					k := key{posn.Filename, posn.Line}
					want[k] = append(want[k], rxs...)
				}
			}
		}
	}
	var got []string
	for act := range graph.All() {
		if !act.IsRoot || act.Analyzer != a {
			continue
		}
		if act.Err != nil {
			t.Errorf("%s on %s: %v", a.Name, act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := fset.Position(d.Pos)
			k := key{posn.Filename, posn.Line}
			if i := matching(want[k], d.Message); i >= 0 {
				want[k] = append(want[k][:i], want[k][i+1:]...)
				continue
			}
			got = append(got, fmt.Sprintf("%s: unexpected diagnostic: %s", posn, d.Message))
		}
	}
	for k, rxs := range want {
		for _, rx := range rxs {
			got = append(got, fmt.Sprintf("%s:%d: no diagnostic was reported matching %q", k.file, k.line, rx))
		}
	}
	sort.Strings(got)
	for _, g := range got {
		t.Error(g)
	}
}

type key struct {
	file string
	line int
}

// matching returns the index of the first expression that matches msg, or
// -1.
func matching(rxs []*regexp.Regexp, msg string) int {
	for i, rx := range rxs {
		if rx.MatchString(msg) {
			return i
		}
	}
	return -1
}

// parseWant reads the quoted regular expressions of a want comment that
// apply to the check named check.
func parseWant(text, check string) ([]*regexp.Regexp, error) {
	var out []*regexp.Regexp
	text = strings.TrimSpace(text)
	n := 0
	for text != "" {
		name := ""
		if i := strings.Index(text, ":"); i > 0 && !strings.ContainsAny(text[:i], "\"` \t") {
			name, text = text[:i], text[i+1:]
		}
		q, err := strconv.QuotedPrefix(text)
		if err != nil {
			return nil, fmt.Errorf("want: %q is no quoted regular expression", text)
		}
		s, err := strconv.Unquote(q)
		if err != nil {
			return nil, err
		}
		rx, err := regexp.Compile(s)
		if err != nil {
			return nil, err
		}
		n++
		if name == "" || name == check {
			out = append(out, rx)
		}
		text = strings.TrimSpace(text[len(q):])
	}
	if n == 0 {
		return nil, fmt.Errorf("want: no expression")
	}
	return out, nil
}
