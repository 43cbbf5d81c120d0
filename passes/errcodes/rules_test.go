package errcodes_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/passes/errcodes"
	"github.com/exitlint/exitlint/passes/exits"
)

// noSource answers nothing of functions and sentinels: the rules alone.
type noSource struct{}

func (noSource) Func(*types.Func) map[int]errcodes.Set { return nil }
func (noSource) Sentinel(*types.Var) errcodes.Set      { return nil }

// returnsProbe records, for each return statement of the package's
// functions and function literals, what the codes facts' rules say of its
// last result and what the rules with the ExitCode() field rule say, over
// no source.
var returnsProbe = &analysis.Analyzer{
	Name:       "returnsprobe",
	Doc:        "records what errcodes' rules say of each returned value",
	Requires:   []*analysis.Analyzer{errcodes.Analyzer, exits.Analyzer},
	ResultType: reflect.TypeFor[[]string](),
	Run: func(pass *analysis.Pass) (any, error) {
		codes := pass.ResultOf[errcodes.Analyzer].(*errcodes.Codes)
		withFields := codes.WithExitFields(noSource{}, pass.ResultOf[exits.Analyzer].(*exits.Exits))
		var out []string
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				ret, ok := n.(*ast.ReturnStmt)
				if !ok || len(ret.Results) == 0 {
					return true
				}
				e := ret.Results[len(ret.Results)-1]
				out = append(out, fmt.Sprintf("%s: %s / %s", types.ExprString(e), show(codes.Of(e, nil)), show(withFields.Of(e, nil))))
				return true
			})
		}
		return out, nil
	},
}

func show(s errcodes.Set) string {
	var parts []string
	for _, code := range s.Codes() {
		parts = append(parts, fmt.Sprintf("%d via %s", code, s[code]))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// TestExitFieldRule: the ExitCode() field rule holds for every code where
// the rules have it (a literal of the program's type, a constructor of
// another package that stores its parameter in the field, a local type),
// and the codes facts' rules, which say what the command runner ends
// with, leave it out; exitcode.New counts for both.
func TestExitFieldRule(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  testdata,
		Env:  append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off"),
	}, "cases/undeclared/exitcoder")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the testdata does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{returnsProbe}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		got = append(got, act.Result.([]string)...)
	}
	want := []string{
		`&own.ExitError{…}: {} / {4 via own.ExitError}`,
		`errBusy: {} / {}`, // a sentinel: the source's to say
		`missing(name): {} / {}`,
		`localError{…}: {} / {7 via exitcoder.localError}`,
		`exitcode.New(exitcode.Conflict, "LOCKED", name): {6 via exitcode.New} / {6 via exitcode.New}`,
		`nil: {} / {}`,
		`own.Exit("no " + name, 5): {} / {5 via own.Exit}`,
		`"local": {} / {}`,
		`e.code: {} / {}`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
