package barecode_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/internal/crosspkgtest"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestBarecode(t *testing.T) {
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/barecode/...")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, barecode.Analyzer, "cases/barecodefix", "cases/barecodeimport", "cases/barecodetable", "cases/barecodeexit")
}

// TestAcrossPackages: codes chosen in one package (cli.Main's returns, the
// Code methods of package errs) that a main package of another exits with
// are reported where they are written; a general-purpose helper's
// constants and results that are only printed are not.
func TestAcrossPackages(t *testing.T) {
	crosspkgtest.Run(t, testdata, barecode.Analyzer, "cases/crosspkg/...")
}
