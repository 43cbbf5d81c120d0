package directives_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/directives"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata, directives.Analyzer, "cases/directives")
}
