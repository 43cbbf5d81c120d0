package driver_test

import (
	"slices"
	"sort"
	"testing"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// categories are the kinds of message each check reports, as
// Diagnostic.Category names them for SARIF viewers, editors and -json.
var categories = map[string][]string{
	"barecode":   {"bare", "own-constant", "table-name", "table-value", "command-name", "framework-range", "posix", "command-specific", "shell-range", "invalid"},
	"fallback":   {"exit", "fatal", "helper", "parser", "flow"},
	"handbuilt":  {"typed", "map", "anonymous", "factory", "phase-exit"},
	"derivedok":  {"assigned", "literal", "map"},
	"argphase":   {"returned", "exited", "status"},
	"envshape":   {"omitted", "keys", "warnings", "shapes"},
	"payload":    {"redirect", "auth", "retry", "code"},
	"undeclared": {"undeclared"},
	"directives": {"no-check", "unknown-check", "no-reason", "unused", "unknown-directive", "nolint-reason"},
	"config":     {"config"},
}

// TestEveryFindingHasACategory runs every check on the analysistest cases:
// each finding names the kind of message it is, one of its check's.
func TestEveryFindingHasACategory(t *testing.T) {
	g, err := driver.Load(driver.Config{Tests: true, Dir: "../../testdata/src", Env: env}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]map[string]bool{}
	for _, act := range g.Run(all.WithConfig(all.Analyzers())).Actions {
		for _, d := range act.Diagnostics {
			name := act.Analyzer.Name
			if !slices.Contains(categories[name], d.Category) {
				t.Errorf("%s: a %s finding with category %q, not one of %q: %s", g.Fset.Position(d.Pos), name, d.Category, categories[name], d.Message)
			}
			if seen[name] == nil {
				seen[name] = map[string]bool{}
			}
			seen[name][d.Category] = true
		}
	}
	for name, want := range categories {
		var missing []string
		for _, c := range want {
			if !seen[name][c] {
				missing = append(missing, c)
			}
		}
		sort.Strings(missing)
		if len(missing) > 0 {
			t.Logf("%s: no testdata case reports the categories %q", name, missing)
		}
	}
}
