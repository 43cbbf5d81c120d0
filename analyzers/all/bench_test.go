package all_test

import (
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/analyzers/all"
)

// BenchmarkAnalyzers runs each check, with the passes it requires, on a fixed
// set of packages loaded once: net/http with everything it imports (code
// without the contract, as most of what exitlint sees is) and the argphase
// testdata command (code with the contract, where SSA is built). Compare runs
// with benchstat; bench/run measures whole processes against go vet and
// staticcheck.
func BenchmarkAnalyzers(b *testing.B) {
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax, Dir: "../../testdata/src",
		Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, "net/http", "cases/argphase/cmd")
	if err != nil {
		b.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		b.Fatalf("%d errors loading the benchmark's packages", n)
	}
	run := func(b *testing.B, analyzers []*analysis.Analyzer) {
		for b.Loop() {
			graph, err := checker.Analyze(analyzers, pkgs, nil)
			if err != nil {
				b.Fatal(err)
			}
			for act := range graph.All() {
				if act.Err != nil {
					b.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
				}
			}
		}
	}
	for _, a := range all.Analyzers() {
		b.Run(a.Name, func(b *testing.B) { run(b, []*analysis.Analyzer{a}) })
	}
	b.Run("all", func(b *testing.B) { run(b, all.Analyzers()) })
}
