package driver_test

import (
	"errors"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// TestAnalysisAPIHolds runs every check and what it requires on the
// analysistest cases and the example with the strict driver: a pass whose
// result calls back into it after its Run has returned panics there, and
// the analyzers of a package run at once, so that a result read by several
// checks is read concurrently (run with -race to see a data race). The
// findings must be those of the ordinary run.
func TestAnalysisAPIHolds(t *testing.T) {
	for _, c := range []struct{ name, dir string }{
		{"testdata", "../../testdata/src"},
		{"example", "../../examples/deploycli"},
	} {
		t.Run(c.name, func(t *testing.T) {
			lines := func(strict bool) map[string]bool {
				g, err := driver.Load(driver.Config{Tests: true, Dir: c.dir, Env: env, Strict: strict}, "./...")
				if err != nil {
					t.Fatal(err)
				}
				out := map[string]bool{}
				for _, act := range g.Run(all.WithConfig(all.Analyzers())).Actions {
					for _, line := range outcome(g.Fset, act.Analyzer, act.Package.ID, act.Diagnostics, act.Err) {
						out[line] = true
					}
				}
				return out
			}
			got, want := lines(true), lines(false)
			if len(want) < 10 {
				t.Fatalf("only %d findings to compare", len(want))
			}
			for line := range got {
				if strings.Contains(line, "failed on") {
					t.Errorf("strict: %s", line)
				}
			}
			compare(t, want, got)
		})
	}
}

// leaky is a helper pass whose result keeps its pass and imports facts
// through it later, as the analysis API forbids.
var leaky = &analysis.Analyzer{
	Name:       "leaky",
	Doc:        "keeps its pass in its result",
	Run:        func(pass *analysis.Pass) (any, error) { return &leak{pass}, nil },
	ResultType: reflect.TypeFor[*leak](),
	FactTypes:  []analysis.Fact{(*leakFact)(nil)},
}

type leak struct{ pass *analysis.Pass }

type leakFact struct{}

func (*leakFact) AFact() {}

var reader = &analysis.Analyzer{
	Name:     "reader",
	Doc:      "asks the leaky result after the leaky pass has ended",
	Requires: []*analysis.Analyzer{leaky},
	Run: func(pass *analysis.Pass) (any, error) {
		l := pass.ResultOf[leaky].(*leak)
		l.pass.ImportObjectFact(types.Universe.Lookup("len"), new(leakFact))
		return nil, nil
	},
}

// TestStrictCatchesALeakedPass: the strict driver fails a check that calls
// a finished pass's fact functions; the ordinary driver lets it through,
// which is why the strict one exists.
func TestStrictCatchesALeakedPass(t *testing.T) {
	for _, strict := range []bool{false, true} {
		g, err := driver.Load(driver.Config{Dir: "../../examples/deploycli", Env: env, Strict: strict}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		var failed string
		for _, act := range g.Run([]*analysis.Analyzer{reader}).Actions {
			if act.Err != nil {
				failed = act.Err.Error()
			}
		}
		switch {
		case strict && !strings.Contains(failed, "ImportObjectFact called after the leaky pass"):
			t.Errorf("strict: the reader did not fail as it should: %q", failed)
		case !strict && failed != "":
			t.Errorf("ordinary driver: %s", failed)
		}
	}
}

// TestFailedPrerequisitesSayWhy: an analyzer whose requirement failed
// names it and gives the error of the analyzer below that failed by itself,
// however deep, so that a helper pass's own error (a panic, an error it
// returned) reaches the user instead of "failed prerequisites" with no cause.
func TestFailedPrerequisitesSayWhy(t *testing.T) {
	failing := &analysis.Analyzer{
		Name:       "failing",
		Doc:        "fails",
		Run:        func(*analysis.Pass) (any, error) { return nil, errors.New("the cause") },
		ResultType: reflect.TypeFor[*leak](),
	}
	middle := &analysis.Analyzer{Name: "middle", Doc: "needs failing", Requires: []*analysis.Analyzer{failing},
		Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	top := &analysis.Analyzer{Name: "top", Doc: "needs middle", Requires: []*analysis.Analyzer{middle},
		Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	g, err := driver.Load(driver.Config{Dir: "../../testdata/src", Env: env}, "./fallback")
	if err != nil {
		t.Fatal(err)
	}
	errs := map[string]string{}
	for _, act := range g.Run([]*analysis.Analyzer{top}).Actions {
		if act.Err != nil {
			errs[act.Analyzer.Name] = act.Err.Error()
		}
	}
	if got, want := errs["top"], "failed prerequisites: middle; the cause: failing: the cause"; got != want {
		t.Errorf("top failed with %q; want %q", got, want)
	}
}
