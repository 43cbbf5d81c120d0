// Package all is the one list of exitlint's checks, used by the exitlint
// command, the go vet protocol, the golangci-lint plugin and the tests.
package all

import (
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/barecode"
)

// Analyzers returns every check, in a stable order.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		barecode.Analyzer,
	}
}
