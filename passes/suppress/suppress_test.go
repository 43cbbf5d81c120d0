package suppress_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/passes/suppress"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// Suppression is exercised through a check, as users meet it: every line
// without a `want` must be silent, every line with one reported.
func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/suppress/...")
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
