package all_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/suppress"
)

func TestAnalyzersAreValid(t *testing.T) {
	if err := analysis.Validate(all.Analyzers()); err != nil {
		t.Fatal(err)
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

// TestChecksReportThroughSuppress: a directive may name any check but
// directives, so each must report through the suppress pass; a check that
// bypassed it could not be suppressed, and every directive naming it would be
// reported as suppressing nothing.
func TestChecksReportThroughSuppress(t *testing.T) {
	for _, a := range all.Analyzers() {
		if a != all.Directives && !slices.Contains(a.Requires, suppress.Analyzer) {
			t.Errorf("%s does not require suppress.Analyzer", a.Name)
		}
	}
}

// TestFactTypesUnexported: a fact's layout is the business of the pass that
// declares it, which alone imports and exports it; checks read what they need
// through the pass's result. An exported fact type would let any package
// depend on the layout, so every analyzer reachable from the checks
// (through Requires) declares unexported fact types only.
func TestFactTypesUnexported(t *testing.T) {
	required := analyzerutil.Required(all.WithConfig(all.Analyzers()))
	for _, a := range required {
		for _, f := range a.FactTypes {
			typ := reflect.TypeOf(f)
			for typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			if name := typ.Name(); name == "" || unicode.IsUpper([]rune(name)[0]) {
				t.Errorf("%s: fact type %s is exported (or unnamed): make it unexported, and give checks what they read through the pass's result", a.Name, typ)
			}
		}
	}
	if len(required) < 10 {
		t.Errorf("walked %d analyzers; the checks and the passes they require are more: the walk is broken", len(required))
	}
}
