package errcodes_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/errcodes"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// TestFacts asserts the codes facts: each way of carrying a code, the
// look-alikes that mention one and return nothing, and facts read across
// a package boundary.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, errcodes.Analyzer, "cases/passes/errcodes/...")
}
