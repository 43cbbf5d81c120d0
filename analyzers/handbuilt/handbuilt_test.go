package handbuilt_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/handbuilt"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestHandbuilt(t *testing.T) {
	analysistest.Run(t, testdata, handbuilt.Analyzer, "cases/handbuilt/...")
}
