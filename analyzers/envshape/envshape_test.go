package envshape_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/envshape"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestEnvShape(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, envshape.Analyzer, "cases/envshape/...")
}
