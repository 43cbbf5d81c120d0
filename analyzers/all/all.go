// Package all is the one list of exitlint's checks, used by the exitlint
// command, the go vet protocol, the golangci-lint plugin and the tests.
package all

import (
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/analyzers/derivedok"
	"github.com/exitlint/exitlint/analyzers/directives"
	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/analyzers/handbuilt"
)

// Analyzers returns every check, in a stable order. The directives check
// comes last: it runs after the others on each package.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		barecode.Analyzer,
		fallback.Analyzer,
		handbuilt.Analyzer,
		derivedok.Analyzer,
		argphase.Analyzer,
		directives.Analyzer,
	}
}
