// Package all is the one list of exitlint's checks, used by the exitlint
// command, the go vet protocol, the golangci-lint plugin and the tests.
package all

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/analyzers/derivedok"
	"github.com/exitlint/exitlint/analyzers/directives"
	"github.com/exitlint/exitlint/analyzers/envshape"
	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/analyzers/handbuilt"
	"github.com/exitlint/exitlint/analyzers/payload"
	"github.com/exitlint/exitlint/analyzers/undeclared"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/contract"
)

// checks are every check but directives, in a stable order.
var checks = []*analysis.Analyzer{
	barecode.Analyzer,
	fallback.Analyzer,
	handbuilt.Analyzer,
	derivedok.Analyzer,
	argphase.Analyzer,
	envshape.Analyzer,
	payload.Analyzer,
	undeclared.Analyzer,
}

// Directives is the directives check over every other check: it knows their
// names from this list and runs after them.
var Directives = directives.New(checks...)

// Analyzers returns every check, in a stable order, directives last.
func Analyzers() []*analysis.Analyzer {
	return append(slices.Clone(checks), Directives)
}

// WithConfig returns what a front end runs for the selected checks: the
// checks, then the config pass, whose flags hold exitlint's settings and
// which reports a setting that names nothing, and the contract pass, which
// keeps the -contract.enum spelling of a setting.
func WithConfig(checks []*analysis.Analyzer) []*analysis.Analyzer {
	return append(slices.Clone(checks), config.Analyzer, contract.Analyzer)
}

// Select returns the checks that enable names (every check when it names
// none) less those disable names, in the order of Analyzers. flag is how
// errors name the setting ("-enable", "settings.enable"). Unknown names and a
// selection that leaves nothing to run are errors.
func Select(enable, disable []string, enableName, disableName string) ([]*analysis.Analyzer, error) {
	analyzers := Analyzers()
	known := map[string]bool{}
	var names []string
	for _, a := range analyzers {
		known[a.Name] = true
		names = append(names, a.Name)
	}
	set := func(setting string, list []string) ([]string, error) {
		var out []string
		for _, n := range list {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			if !known[n] {
				return nil, fmt.Errorf("%s: unknown check %q; the checks are %s", setting, n, strings.Join(names, ", "))
			}
			out = append(out, n)
		}
		return out, nil
	}
	on, err := set(enableName, enable)
	if err != nil {
		return nil, err
	}
	off, err := set(disableName, disable)
	if err != nil {
		return nil, err
	}
	var out []*analysis.Analyzer
	for _, a := range analyzers {
		if config.Chosen(on, off, a.Name) {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s and %s leave no check to run", enableName, disableName)
	}
	return out, nil
}
