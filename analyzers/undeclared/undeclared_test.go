package undeclared_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/undeclared"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestUndeclared(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, undeclared.Analyzer, "cases/undeclared/...")
}

// TestCobraAdapter runs on a module of its own: commands bound through the
// cobra adapter need the real cobra, where the main testdata module has a
// stand-in.
func TestCobraAdapter(t *testing.T) {
	analysistest.Run(t, filepath.Join("..", "..", "testdata", "cobraenv", "src"), undeclared.Analyzer, "casescobra/undeclared/...")
}
