package driver_test

import (
	"sync"
	"testing"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// TestProgress: Config.Progress hears of every package of the run once,
// counting up to the run's total.
func TestProgress(t *testing.T) {
	var mu sync.Mutex
	var calls []int
	total := -1
	progress := func(done, n int) {
		mu.Lock()
		defer mu.Unlock()
		calls = append(calls, done)
		if total != -1 && n != total {
			t.Errorf("total %d, then %d", total, n)
		}
		total = n
	}
	g, err := driver.Load(driver.Config{Dir: "../../examples/deploycli", Env: env, Progress: progress}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g.Run(all.Analyzers())
	if total <= 0 || len(calls) != total {
		t.Fatalf("%d calls for a total of %d", len(calls), total)
	}
	for i, done := range calls {
		if done != i+1 {
			t.Fatalf("call %d said %d done", i+1, done)
		}
	}
}
