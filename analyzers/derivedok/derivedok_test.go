package derivedok_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/derivedok"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestDerivedOK(t *testing.T) {
	analysistest.Run(t, testdata, derivedok.Analyzer, "cases/derivedok/...")
}
