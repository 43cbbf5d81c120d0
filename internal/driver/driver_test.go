package driver_test

import (
	"flag"
	"fmt"
	"go/token"
	"os"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// env runs the go command outside the repository's workspace, as a user's
// module is loaded.
var env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")

// corpus adds patterns to TestSameFindingsAsChecker, for a long run on real
// code: go test ./internal/driver -run SameFindings -corpus std,cmd
var corpus = flag.String("corpus", "", "comma-separated patterns to compare as well (std, cmd, ...)")

// TestSameFindingsAsChecker runs every check with this driver and with
// x/tools' reference driver (every package from source, facts copied from
// package to package) and wants the same findings, the same failures and
// the same packages analyzed: reading the standard library from export data
// and dropping syntax early must change nothing but the cost.
func TestSameFindingsAsChecker(t *testing.T) {
	cases := []struct {
		name     string
		dir      string
		patterns []string
		min      int // findings at least; each case must find something to compare
	}{
		{"testdata", "../../testdata/src", []string{"./..."}, 100},
		{"example", "../../examples/deploycli", []string{"./..."}, 10},
		// Standard packages with their tests: internal/testenv imports
		// os/exec, so os/exec's test links a recompiled internal/testenv,
		// read from export data, that refers to os/exec's test variant
		// type-checked from source.
		{"std", "", []string{"os/exec", "flag", "log"}, 1},
	}
	if *corpus != "" {
		for _, p := range strings.Split(*corpus, ",") {
			cases = append(cases, struct {
				name     string
				dir      string
				patterns []string
				min      int
			}{p, "", []string{p}, 0})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := reference(t, c.dir, c.patterns)
			g, err := driver.Load(driver.Config{Tests: true, Dir: c.dir, Env: env}, c.patterns...)
			if err != nil {
				t.Fatal(err)
			}
			res := g.Run(all.Analyzers())
			got := findingsOf(g, res)
			compare(t, want, got)
			findings := 0
			for line := range got {
				if strings.Contains(line, ": [") {
					findings++
				}
			}
			if findings < c.min {
				t.Errorf("%d findings; want at least %d to compare", findings, c.min)
			}
			if res.Export == 0 {
				t.Errorf("no package was read from export data (%d from source)", res.Source)
			}
		})
	}
}

// reference is what checker.Analyze finds on packages loaded whole from
// source.
func reference(t *testing.T, dir string, patterns []string) map[string]bool {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true, Dir: dir, Env: env}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.IllTyped {
			out["skipped "+p.ID] = true
			continue
		}
		ok = append(ok, p)
	}
	graph, err := checker.Analyze(all.Analyzers(), ok, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range graph.Roots {
		for _, line := range outcome(act.Package.Fset, act.Analyzer, act.Package.ID, act.Diagnostics, act.Err) {
			out[line] = true
		}
	}
	return out
}

// outcome renders an action's findings, fixes and error as lines to compare.
func outcome(fset *token.FileSet, a *analysis.Analyzer, id string, diags []analysis.Diagnostic, err error) []string {
	if err != nil {
		return []string{fmt.Sprintf("%s failed on %s: %v", a.Name, id, err)}
	}
	var out []string
	for _, d := range diags {
		line := fmt.Sprintf("%s: [%s] %s", fset.Position(d.Pos), a.Name, d.Message)
		for _, r := range d.Related {
			line += fmt.Sprintf("\n\trelated %s: %s", fset.Position(r.Pos), r.Message)
		}
		for _, f := range d.SuggestedFixes {
			for _, e := range f.TextEdits {
				line += fmt.Sprintf("\n\tfix %q: %s-%s %q", f.Message, fset.Position(e.Pos), fset.Position(e.End), e.NewText)
			}
		}
		out = append(out, line)
	}
	return out
}

func compare(t *testing.T, want, got map[string]bool) {
	t.Helper()
	var missing, extra []string
	for k := range want {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	for _, k := range missing {
		t.Errorf("the reference driver has, this driver has not:\n%s", k)
	}
	for _, k := range extra {
		t.Errorf("this driver has, the reference driver has not:\n%s", k)
	}
}

// TestWhatIsReadFromWhere checks the loading plan on the example: its own
// packages and exitlint's runtime (outside the standard library, so it
// carries facts) from source, the standard library from export data.
func TestWhatIsReadFromWhere(t *testing.T) {
	g, err := driver.Load(driver.Config{Dir: "../../examples/deploycli", Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g.Run(all.Analyzers())
	want := map[string]bool{
		"github.com/exitlint/exitlint/examples/deploycli": true,
		"github.com/exitlint/exitlint/exitcode":           true,
		"fmt":                                             false,
		"os":                                              false,
		"encoding/json":                                   false,
	}
	exported := 0
	for _, p := range g.Packages() {
		first, _, _ := strings.Cut(p.PkgPath, "/")
		if !p.Root && !strings.Contains(first, ".") && p.PkgPath != "unsafe" {
			// A standard package (the example depends on nothing else
			// without a dot in its path): export data, vendored ones too.
			if p.Source {
				t.Errorf("%s: standard, and type-checked from source", p.ID)
			}
			exported++
		}
		if source, ok := want[p.ID]; ok {
			if p.Source != source {
				t.Errorf("%s: from source = %v; want %v", p.ID, p.Source, source)
			}
			delete(want, p.ID)
		}
		if errs := p.Errors(); len(errs) > 0 {
			t.Errorf("%s did not load: %v", p.ID, errs)
		}
	}
	for id := range want {
		t.Errorf("%s is not in the graph", id)
	}
	if exported < 20 {
		t.Errorf("only %d standard packages in the graph", exported)
	}
}

// findingsOf returns the findings of a run, one line each as outcome
// spells them, and a "skipped ID" line for each root that did not
// type-check.
func findingsOf(g *driver.Graph, res *driver.Result) map[string]bool {
	got := map[string]bool{}
	for _, act := range res.Actions {
		for _, line := range outcome(g.Fset, act.Analyzer, act.Package.ID, act.Diagnostics, act.Err) {
			got[line] = true
		}
	}
	for _, r := range g.Roots {
		if len(r.Errors()) > 0 {
			got["skipped "+r.ID] = true
		}
	}
	return got
}
