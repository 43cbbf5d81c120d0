package all

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Helpers returns the helper passes the checks build on, directly or not,
// whose docs exitlint publishes (their URL is exitlint's), sorted by name:
// with Analyzers, every analyzer that has a page under docs/checks and
// that exitlint -explain explains.
func Helpers() []*analysis.Analyzer {
	checks := Analyzers()
	var helpers []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		for _, r := range a.Requires {
			if seen[r] {
				continue
			}
			seen[r] = true
			if r.URL == analyzerutil.URL(r.Name) && !slices.Contains(checks, r) {
				helpers = append(helpers, r)
			}
			visit(r)
		}
	}
	for _, c := range checks {
		visit(c)
	}
	slices.SortFunc(helpers, func(a, b *analysis.Analyzer) int { return strings.Compare(a.Name, b.Name) })
	return helpers
}
