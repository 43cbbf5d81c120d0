package exits_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/exits"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, exits.Analyzer, "cases/exits/...")
}
