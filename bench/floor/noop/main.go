// Command noop is the benchmark's floor: one analyzer that does nothing, so a
// run costs what loading, parsing and type-checking cost and no more. bench/run
// runs it standalone and as go vet's tool, next to exitlint.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop does nothing: its runs measure the cost of loading and type-checking",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(analyzer) }
