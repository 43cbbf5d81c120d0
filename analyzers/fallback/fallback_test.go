package fallback_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/internal/crosspkgtest"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestFallback(t *testing.T) {
	analysistest.Run(t, testdata, fallback.Analyzer, "cases/fallback", "cases/fallback/flow", "cases/fallback/gated", "cases/fallback/fieldexit", "cases/fallback/classified", "cases/fallback/members", "cases/fallback/nofail", "cases/fallback/protocol", "cases/fallback/kong", "cases/fallback/kongcoded", "cases/fallback/kongexit", "cases/fallback/kongexitopt", "cases/fallback/commandline", "cases/fallback/commandlineinit", "cases/fallback/commandlineset", "cases/fallback/subcommands")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, fallback.Analyzer, "cases/fallbackfix")
}

func TestFatalsFlag(t *testing.T) {
	if err := fallback.Analyzer.Flags.Set("fatals", "example.com/dielib.Quit"); err != nil {
		t.Fatal(err)
	}
	defer fallback.Analyzer.Flags.Set("fatals", "")
	analysistest.Run(t, testdata, fallback.Analyzer, "cases/fallbackflag")
}

func TestFatalsFlagRefusesBadNames(t *testing.T) {
	if err := fallback.Analyzer.Flags.Set("fatals", "Quit"); err == nil {
		t.Error("-fallback.fatals=Quit was accepted; want an error naming the expected form")
	}
}

// TestAcrossPackages: a catch-all 1 that cli.Main returns and main exits
// with is reported in cli; the 1 of a classification's last branch there
// is not.
func TestAcrossPackages(t *testing.T) {
	crosspkgtest.Run(t, testdata, fallback.Analyzer, "cases/crosspkg/...")
}
