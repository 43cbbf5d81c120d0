package directives

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/generated"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// New returns the check over checks, the checks whose directives it
// validates (analyzers/all passes every other check). Their names are the
// ones a directive may use, and requiring them makes this check run after
// all of them on each package: only then has the suppress pass marked every
// directive that suppressed a finding.
func New(checks ...*analysis.Analyzer) *analysis.Analyzer {
	names := make([]string, 0, len(checks))
	for _, c := range checks {
		names = append(names, c.Name)
	}
	slices.Sort(names)
	return &analysis.Analyzer{
		Name:     "directives",
		Doc:      analyzerutil.Doc(doc, "directives"),
		URL:      analyzerutil.URL("directives"),
		Run:      analyzerutil.Guard(func(pass *analysis.Pass) (any, error) { return run(pass, names) }),
		Requires: append([]*analysis.Analyzer{suppress.Analyzer, generated.Analyzer}, checks...),
	}
}

// run reports the package's directives that are malformed or unused; names
// are the checks a directive may name, sorted.
func run(pass *analysis.Pass, names []string) (any, error) {
	sup := pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)
	if !sup.Reports(pass.Analyzer.Name) {
		return nil, nil // the package's settings leave it off; it ran for another package
	}
	gen := pass.ResultOf[generated.Analyzer].(*generated.Files)
	checks := strings.Join(names, ", ")
	for _, d := range sup.Directives() {
		if d.Nolint {
			reportNolint(pass, sup, d, names)
			continue
		}
		kind := "//exitlint:ignore"
		where := "on its line or the line below"
		if d.FileWide {
			kind, where = "//exitlint:file-ignore", "in this file"
		}
		report := func(category, format string, args ...any) {
			pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Category: category, URL: pass.Analyzer.URL, Message: fmt.Sprintf(format, args...)})
		}
		if len(d.Checks) == 0 {
			report("no-check", "%s names no check: write %s CHECK[,CHECK] reason (the checks are %s)", kind, kind, checks)
			continue
		}
		if unknown := unknownChecks(d.Checks, names); len(unknown) > 0 {
			report("unknown-check", "%s names %s, which is no exitlint check (the checks are %s)", kind, quoteAll(unknown), checks)
			continue
		}
		if d.Reason == "" {
			report("no-reason", "%s %s has no reason: say after the check why the finding does not apply here", kind, strings.Join(d.Checks, ","))
		}
		if !sup.Used(d) {
			report("unused", "%s %s suppresses nothing: no %s finding %s; remove the directive", kind, strings.Join(d.Checks, ","), strings.Join(d.Checks, " or "), where)
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
					pass.Report(analysis.Diagnostic{Pos: dir.Pos, End: dir.End, Category: "unknown-directive", URL: pass.Analyzer.URL,
						Message: fmt.Sprintf("//exitlint:%s is no exitlint directive (they are %s)", dir.Name, strings.Join(analyzerutil.DirectiveNames, ", "))})
				}
			}
		}
	}
	return nil, nil
}

// unknownChecks returns the names in named that are not in names.
func unknownChecks(named, names []string) []string {
	var out []string
	for _, n := range named {
		if _, found := slices.BinarySearch(names, n); !found {
			out = append(out, n)
		}
	}
	return out
}

func quoteAll(names []string) string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	for i := range out {
		out[i] = fmt.Sprintf("%q", out[i])
	}
	return strings.Join(out, ", ")
}
