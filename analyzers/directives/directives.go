package directives

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/analyzers/derivedok"
	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/analyzers/handbuilt"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/generated"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports malformed and unused exitlint directives. It requires
// every check that reports through the suppress pass, so that it runs after
// them; the analyzers/all tests keep that list complete.
var Analyzer = &analysis.Analyzer{
	Name: "directives",
	Doc:  analyzerutil.Doc(doc, "directives"),
	URL:  analyzerutil.URL("directives"),
	Run:  analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{suppress.Analyzer, generated.Analyzer,
		barecode.Analyzer, fallback.Analyzer, handbuilt.Analyzer, derivedok.Analyzer, argphase.Analyzer},
}

func run(pass *analysis.Pass) (any, error) {
	sup := pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)
	gen := pass.ResultOf[generated.Analyzer].(*generated.Files)
	checks := strings.Join(suppress.Checks, ", ")
	for _, d := range sup.Directives() {
		kind := "//exitlint:ignore"
		where := "on its line or the line below"
		if d.FileWide {
			kind, where = "//exitlint:file-ignore", "in this file"
		}
		report := func(format string, args ...any) {
			pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Message: fmt.Sprintf(format, args...)})
		}
		switch {
		case len(d.Checks) == 0:
			report("%s names no check: write %s CHECK[,CHECK] reason (the checks are %s)", kind, kind, checks)
			continue
		case len(d.Unknown) > 0:
			report("%s names %s, which is no exitlint check (the checks are %s)", kind, quoteAll(d.Unknown), checks)
			continue
		}
		if d.Reason == "" {
			report("%s %s has no reason: say after the check why the finding does not apply here", kind, strings.Join(d.Checks, ","))
		}
		if !sup.Used(d) {
			report("%s %s suppresses nothing: no %s finding %s; remove the directive", kind, strings.Join(d.Checks, ","), strings.Join(d.Checks, " or "), where)
		}
	}
	known := map[string]bool{}
	for _, n := range analyzerutil.DirectiveNames {
		known[n] = true
	}
	for _, file := range pass.Files {
		if gen.File(file) {
			continue
		}
		for _, cg := range file.Comments {
			for _, dir := range analyzerutil.Directives(cg) {
				if !known[dir.Name] {
					pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End,
						Message: fmt.Sprintf("//exitlint:%s is no exitlint directive (they are %s)", dir.Name, strings.Join(analyzerutil.DirectiveNames, ", "))})
				}
			}
		}
	}
	return nil, nil
}

func quoteAll(names []string) string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	for i := range out {
		out[i] = fmt.Sprintf("%q", out[i])
	}
	return strings.Join(out, ", ")
}
