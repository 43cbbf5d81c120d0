package all_test

import (
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/analyzers/directives"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/suppress"
)

func TestAnalyzersAreValid(t *testing.T) {
	if err := analysis.Validate(all.Analyzers()); err != nil {
		t.Fatal(err)
	}
}

// TestDirectiveNamesMatchTheChecks keeps the names a directive may use equal
// to the checks that run.
func TestDirectiveNamesMatchTheChecks(t *testing.T) {
	var names []string
	for _, a := range all.Analyzers() {
		if a != directives.Analyzer { // its findings are about directives: none can be suppressed
			names = append(names, a.Name)
		}
	}
	sort.Strings(names)
	if got, want := strings.Join(suppress.Checks, ","), strings.Join(names, ","); got != want {
		t.Errorf("suppress.Checks = %s; the checks are %s", got, want)
	}
}

func TestDocsAndURLs(t *testing.T) {
	for _, a := range all.Analyzers() {
		first, _, _ := strings.Cut(a.Doc, "\n")
		if first == "" || strings.HasSuffix(first, ".") || strings.ToLower(first[:1]) != first[:1] {
			t.Errorf("%s: the first line of Doc should be a short lowercase summary without a period, got %q", a.Name, first)
		}
		if a.URL != analyzerutil.URL(a.Name) {
			t.Errorf("%s: URL = %q", a.Name, a.URL)
		}
	}
}

// TestDirectivesRunsLast keeps the directives check after every other check:
// it can only know that a directive suppressed nothing once they have run.
func TestDirectivesRunsLast(t *testing.T) {
	required := map[*analysis.Analyzer]bool{}
	for _, r := range directives.Analyzer.Requires {
		required[r] = true
	}
	for _, a := range all.Analyzers() {
		if a != directives.Analyzer && !required[a] {
			t.Errorf("directives.Analyzer does not require %s", a.Name)
		}
	}
}
