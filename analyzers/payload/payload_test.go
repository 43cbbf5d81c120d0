package payload_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/payload"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestPayload(t *testing.T) {
	analysistest.Run(t, testdata, payload.Analyzer, "cases/payload/...")
}
