package nogo_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/analyzers/derivedok"
	"github.com/exitlint/exitlint/analyzers/directives/nogo"
	"github.com/exitlint/exitlint/analyzers/envshape"
	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/analyzers/handbuilt"
	"github.com/exitlint/exitlint/analyzers/payload"
	"github.com/exitlint/exitlint/analyzers/undeclared"
	"github.com/exitlint/exitlint/passes/config"
)

// TestEveryCheckHasAnAnalyzerPackage: the packages docs/bazel.md gives
// nogo export, as Analyzer, every check exitlint runs and the config pass,
// and nogo can run them together.
func TestEveryCheckHasAnAnalyzerPackage(t *testing.T) {
	exported := []*analysis.Analyzer{barecode.Analyzer, fallback.Analyzer, handbuilt.Analyzer, derivedok.Analyzer, argphase.Analyzer, envshape.Analyzer, payload.Analyzer, undeclared.Analyzer, nogo.Analyzer, config.Analyzer}
	for _, a := range all.WithConfig(all.Analyzers()) {
		found := false
		for _, e := range exported {
			found = found || e == a
		}
		// contract is in WithConfig for its earlier flag spelling only;
		// every check requires it, so nogo runs it.
		if !found && a.Name != "contract" {
			t.Errorf("%s: no package in docs/bazel.md's list exports it as Analyzer", a.Name)
		}
	}
	if err := analysis.Validate(exported); err != nil {
		t.Error(err)
	}
}
