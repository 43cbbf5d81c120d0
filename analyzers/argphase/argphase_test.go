package argphase_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/passes/argerror"
	"github.com/exitlint/exitlint/passes/sideeffects"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestArgphase(t *testing.T) {
	analysistest.Run(t, testdata, argphase.Analyzer, "cases/argphase/cmd")
}

// TestFacts asserts the helper passes' facts on the store package.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, sideeffects.Analyzer, "cases/argphase/store")
	analysistest.Run(t, testdata, argerror.Analyzer, "cases/argphase/validate")
}
