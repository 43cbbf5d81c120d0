package argerror_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/argerror"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// TestFacts asserts ArgFacts, including facts carried across packages.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, argerror.Analyzer, "cases/argphase/validate", "cases/argphase/reexport", "cases/argphase/exitcoder/clierr", "cases/argphase/guarded/workflow", "cases/argphase/guarded/codes", "cases/argphase/othermeaning/codes")
}
