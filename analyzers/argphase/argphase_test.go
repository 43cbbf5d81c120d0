package argphase_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/passes/sideeffects"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestArgphase(t *testing.T) {
	analysistest.Run(t, testdata, argphase.Analyzer, "cases/argphase/cmd", "cases/argphase/noenum", "cases/argphase/viahelper", "cases/argphase/defers", "cases/argphase/classify", "cases/argphase/wrapping", "cases/argphase/reads", "cases/argphase/tempdir", "cases/argphase/carriers", "cases/argphase/classifier", "cases/argphase/callbacks", "cases/argphase/failed", "cases/argphase/joined", "cases/argphase/literals", "cases/argphase/concrete", "cases/argphase/givencode", "cases/argphase/mainexit", "cases/argphase/inttable", "cases/argphase/ifacedirective", "cases/argphase/sqltext", "cases/argphase/urfave", "cases/argphase/crosspkg", "cases/argphase/status", "cases/argphase/signals", "cases/argphase/loops", "cases/argphase/dispatch", "cases/argphase/frameworks", "cases/argphase/frameworks/runonly", "cases/argphase/frameworks/crossmain", "cases/argphase/frameworks/classes", "cases/argphase/implementations", "cases/argphase/exitcoder", "cases/argphase/exitcoder/inliteral", "cases/argphase/exclusive", "cases/argphase/guarded", "cases/argphase/codevar", "cases/argphase/ttyonly", "cases/argphase/hidden", "cases/argphase/housekeeping", "cases/argphase/fieldexit", "cases/argphase/othermeaning")
}

// TestFacts asserts the side-effect facts the findings rely on (argerror's
// facts are asserted in its own package).
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, sideeffects.Analyzer, "cases/argphase/store", "cases/argphase/frameworks/cmds", "cases/argphase/implementations/store", "cases/argphase/ttyonly/fix")
}
