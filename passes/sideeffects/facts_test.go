package sideeffects_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/sideeffects"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// TestLibFacts asserts the facts on lib: each kind of side effect, facts
// that carry a condition on a parameter and callers that give it an
// argument that meets it or not, and the look-alikes that carry none.
func TestLibFacts(t *testing.T) {
	analysistest.Run(t, testdata, sideeffects.Analyzer, "cases/passes/sideeffects/lib")
}

// TestHomeFacts asserts the facts on writes into the program's own
// directories under the user's home: housekeeping beside the look-alikes
// that stay side effects, and the paths functions return.
func TestHomeFacts(t *testing.T) {
	analysistest.Run(t, testdata, sideeffects.Analyzer, "cases/passes/sideeffects/home")
}
