package driver_test

import (
	"crypto/sha256"
	"os"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/driver"
)

// TestSums records the content of the main module's files as analyzed, for
// a writer to compare with the files on disk, and nothing of the standard
// library's, which no writer may change.
func TestSums(t *testing.T) {
	g, err := driver.Load(driver.Config{Dir: "../../cmd/exitlint/testdata/clean", Env: env}, "./...", "flag")
	if err != nil {
		t.Fatal(err)
	}
	noop := &analysis.Analyzer{Name: "noop", Doc: "does nothing", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	g.Run([]*analysis.Analyzer{noop})
	sums := g.Sums()
	mainFiles := 0
	for _, p := range g.Roots {
		goFiles, compiled := p.Files()
		m := p.Module()
		if len(compiled) != len(goFiles) {
			t.Errorf("%s: %d compiled files for %d Go files; want the same files without cgo", p, len(compiled), len(goFiles))
		}
		for _, f := range compiled {
			sum, ok := sums[f]
			switch {
			case m == nil || !m.Main:
				if ok {
					t.Errorf("%s of %s has a sum; want none outside a main module", f, p)
				}
			case !ok:
				t.Errorf("%s of the main module has no sum", f)
			default:
				mainFiles++
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if sum != sha256.Sum256(src) {
					t.Errorf("%s: the sum is not the file's", f)
				}
			}
		}
	}
	if mainFiles == 0 {
		t.Error("no file of the main module was found")
	}
}
