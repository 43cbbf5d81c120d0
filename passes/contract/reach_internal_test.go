package contract

import (
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestRunSetFoundOnce: the code outside the run is found when first
// asked, once however many checks ask at the same time, and not at all
// when nothing asks.
func TestRunSetFoundOnce(t *testing.T) {
	var found atomic.Int32
	rs := &runSet{find: func() []posRange {
		found.Add(1)
		return []posRange{{pos: 10, end: 20}}
	}}
	if found.Load() != 0 {
		t.Fatal("found before asked")
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if !rs.outside(15) || rs.outside(20) {
				t.Error("outside(15) false or outside(20) true")
			}
		})
	}
	wg.Wait()
	if n := found.Load(); n != 1 {
		t.Errorf("found %d times; want 1", n)
	}
}

// TestRunFoundOnlyWhenAsked: the contract pass itself does not find the
// run of a package it finds no output in; a check that asks gets it.
func TestRunFoundOnlyWhenAsked(t *testing.T) {
	results := analysistest.Run(t, filepath.Join("..", "..", "testdata", "src"), Analyzer, "cases/contract/enums")
	for _, r := range results {
		c, ok := r.Result.(*Contract)
		if !ok || r.Pass.Pkg.Path() != "cases/contract/enums" {
			continue
		}
		if c.run.find == nil {
			t.Fatal("the run was found though nothing asked")
		}
		c.OutsideRun(r.Pass.Files[0].Pos())
		if c.run.find != nil {
			t.Fatal("asking did not find the run")
		}
		return
	}
	t.Fatal("no contract result for cases/contract/enums")
}
