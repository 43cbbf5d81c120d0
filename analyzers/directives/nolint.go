package directives

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/passes/suppress"
)

// reportNolint reports a //nolint that names exitlint or one of its checks
// (names, sorted) and suppresses nothing, and a name that holds a reason
// without its //. A bare //nolint and //nolint:all, and the names of other
// linters, are never reported: other linters' findings may use them, and
// exitlint cannot tell a name it does not know from another linter's.
// Inside golangci-lint, //nolint:exitlint is golangci-lint's to read and
// its nolintlint's to report.
func reportNolint(pass *analysis.Pass, sup *suppress.Suppressions, d *suppress.Directive, names []string) {
	report := func(category, format string, args ...any) {
		pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Category: category, URL: pass.Analyzer.URL, Message: fmt.Sprintf(format, args...)})
	}
	written := "//nolint:" + strings.Join(d.Linters, ",")
	ours := func(n string) bool {
		_, isCheck := slices.BinarySearch(names, n)
		return isCheck || (n == "exitlint" && !d.LeftToHost)
	}
	var named, others []string
	for _, n := range d.Linters {
		first, rest, spaced := strings.Cut(n, " ")
		if spaced && (first == "exitlint" || ours(first)) {
			report("nolint-reason", "%s: the directive reads %q as one linter's name, which is no linter, and suppresses nothing; put the reason after a second //: //nolint:%s // %s",
				written, n, first, strings.TrimSpace(rest))
			return
		}
		if ours(n) {
			named = append(named, n)
		} else {
			others = append(others, n)
		}
	}
	if len(named) == 0 || sup.Used(d) {
		return
	}
	what := strings.Join(named, " or ") + " finding"
	if slices.Contains(named, "exitlint") {
		what = "finding of exitlint's checks"
	}
	where := "on its line"
	if tf := pass.Fset.File(d.Pos); tf != nil && d.LastLine > tf.Line(d.End) {
		where = fmt.Sprintf("on its line or below it, to line %d", d.LastLine)
	}
	fix := "remove the directive"
	if len(others) > 0 {
		fix = fmt.Sprintf("remove %s from the directive", strings.Join(named, ","))
	}
	report("unused", "%s suppresses nothing: no %s %s; %s", written, what, where, fix)
}
