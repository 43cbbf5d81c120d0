// Command ssaonly runs one analyzer that requires buildssa and does nothing
// else: bench/run uses it to show what building SSA for every package would
// cost, the price exitlint avoids by building SSA only where argphase can use
// it.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/buildssa"
)

var analyzer = &analysis.Analyzer{
	Name:     "ssaonly",
	Doc:      "ssaonly builds SSA for every package and reports nothing",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(analyzer) }
