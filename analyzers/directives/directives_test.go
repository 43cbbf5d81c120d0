package directives_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/analyzers/directives"
	"github.com/exitlint/exitlint/passes/suppress"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestDirectives(t *testing.T) {
	analysistest.Run(t, testdata, all.Directives, "cases/directives")
}

// TestNamesAreWhatItRequires builds the check over barecode alone: then
// fallback is no check a directive may name, however many checks exitlint
// has.
func TestNamesAreWhatItRequires(t *testing.T) {
	dir := t.TempDir()
	src := `package p

import "os"

func f() {
	//exitlint:ignore barecode the wrapper maps 5 itself
	os.Exit(5)

	// want +1 ` + "`" + `//exitlint:ignore names "fallback", which is no exitlint check \(the checks are barecode\)` + "`" + `
	//exitlint:ignore fallback the wrapper maps 1 itself
	os.Exit(1)
}
`
	if err := os.MkdirAll(filepath.Join(dir, "src", "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "p", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, directives.New(barecode.Analyzer), "p")
}

// TestNolintInGolangciLint: inside golangci-lint an unused directive
// naming exitlint is golangci-lint's nolintlint's to report, not this
// check's (one report, not two); an unused //nolint:barecode, a name
// golangci-lint does not know, is still this check's.
func TestNolintInGolangciLint(t *testing.T) {
	suppress.InGolangciLint(true)
	defer suppress.InGolangciLint(false)
	dir := t.TempDir()
	src := `package p

import "log"

func f(err error) {
	log.Print(err) //nolint:exitlint // golangci-lint's to report

	// want +1 ` + "`" + `//nolint:barecode suppresses nothing: no barecode finding on its line or below it, to line 10; remove the directive` + "`" + `
	//nolint:barecode
	log.Print(err)
}
`
	if err := os.MkdirAll(filepath.Join(dir, "src", "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "src", "p", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, directives.New(barecode.Analyzer), "p")
}
