package terminal_test

import (
	"go/ast"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/passes/terminal"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

// TestFacts asserts the terminal facts on lib: results true only at a
// terminal, and the look-alikes a flag, a negation, another descriptor or
// a character device make true as well.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, terminal.Analyzer, "cases/passes/terminal/lib")
}

// spans reports each call of a function named mark that runs only at a
// terminal, with the test the pass names.
var spans = &analysis.Analyzer{
	Name:     "spans",
	Doc:      "report the marks that run only at a terminal",
	Requires: []*analysis.Analyzer{terminal.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		term := pass.ResultOf[terminal.Analyzer].(*terminal.Terminal)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if fn := typeutil.StaticCallee(pass.TypesInfo, call); fn != nil && fn.Name() == "mark" {
					if test, ok := term.Test(call.Pos()); ok {
						pass.Reportf(call.Pos(), "terminal-only: %s", test)
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestSpans asserts which code runs only at a terminal, beside its
// look-alikes: the same code under a negated test, under a || with a
// flag, after an if that falls through, after a goto.
func TestSpans(t *testing.T) {
	analysistest.Run(t, testdata, spans, "cases/passes/terminal/spans")
}

// TestSpansByFactAlone: a package that calls no terminal test itself, only
// a function of another package with a terminal fact, still has its spans.
func TestSpansByFactAlone(t *testing.T) {
	analysistest.Run(t, testdata, spans, "cases/passes/terminal/viafact")
}

// TestHidden asserts which code runs only through a hidden command or
// when a hidden flag is set, for each framework, beside the look-alikes:
// the same command visible, hidden but deprecated, a run function a
// visible command shares, a flag a visible flag or the program sets too,
// `if !worker`, a chain a visible flag reaches.
func TestHidden(t *testing.T) {
	for _, pkg := range []string{"cobracmd", "pflagvars", "urfave", "urfave3", "goflags", "kong"} {
		t.Run(pkg, func(t *testing.T) {
			analysistest.Run(t, testdata, spans, "cases/passes/terminal/hidden/"+pkg)
		})
	}
}
