package barecode_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/barecode"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestBarecode(t *testing.T) {
	analysistest.Run(t, testdata, barecode.Analyzer, "cases/barecode/...")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, barecode.Analyzer, "cases/barecodefix", "cases/barecodeimport", "cases/barecodetable", "cases/barecodeexit")
}
