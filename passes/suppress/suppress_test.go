package suppress_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/passes/suppress"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// Suppression is exercised through a check, as users meet it: every line
// without a `want` must be silent, every line with one reported.
func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/suppress/lines", "cases/suppress/filewide")
}

func TestParsedDirectives(t *testing.T) {
	results := analysistest.Run(t, testdata, suppress.Analyzer, "cases/suppress/parsed")
	ds := results[0].Result.(*suppress.Suppressions).Directives()
	if len(ds) != 5 {
		t.Fatalf("got %d directives, want 5", len(ds))
	}
	if got := ds[0].Reason; got != "kept for a wrapper that maps 5 itself" {
		t.Errorf("reason = %q", got)
	}
	if got := ds[1].Checks; len(got) != 1 || got[0] != "nosuch" {
		t.Errorf("a name that is no check is kept as written: checks = %v; want [nosuch]", got)
	}
	if got := ds[2].Checks; len(got) != 2 || got[0] != "handbuilt" || got[1] != "barecode" {
		t.Errorf("checks = %v", got)
	}
	if got := ds[3].Reason; got != "" {
		t.Errorf("a directive without a reason has reason %q", got)
	}
	if !ds[4].FileWide || ds[4].Reason != "file-wide" {
		t.Errorf("file-ignore parsed as %+v", *ds[4])
	}
}

// TestNolint: golangci-lint's //nolint, read as golangci-lint reads it.
func TestNolint(t *testing.T) {
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/suppress/nolint", "cases/suppress/nolintfile")
}

// TestNolintInGolangciLint: inside golangci-lint, //nolint, //nolint:all
// and //nolint:exitlint are golangci-lint's to read, and related positions
// are dropped (golangci-lint would count each as an issue).
func TestNolintInGolangciLint(t *testing.T) {
	suppress.InGolangciLint(true)
	defer suppress.InGolangciLint(false)
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/suppress/nolinthost")
	found := 0
	for _, r := range analysistest.Run(t, testdata, argphase.Analyzer, "cases/argphase/cmd") {
		found += len(r.Diagnostics)
		for _, d := range r.Diagnostics {
			if len(d.Related) > 0 {
				t.Errorf("%s: related positions %v inside golangci-lint", d.Message, d.Related)
			}
		}
	}
	if found == 0 {
		t.Error("no argphase finding to look at")
	}
}

// TestRelatedKeptOutsideGolangciLint: the other front ends show related
// positions.
func TestRelatedKeptOutsideGolangciLint(t *testing.T) {
	related := 0
	for _, r := range analysistest.Run(t, testdata, argphase.Analyzer, "cases/argphase/cmd") {
		for _, d := range r.Diagnostics {
			related += len(d.Related)
		}
	}
	if related == 0 {
		t.Error("no related position reported")
	}
}
