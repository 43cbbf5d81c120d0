package exits_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/exits"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, exits.Analyzer, "cases/exits/...")
}

func TestFuncList(t *testing.T) {
	for _, good := range []string{"example.com/x.F", "(*example.com/x.T).M", "(example.com/x.T).M", "log.Fatal"} {
		var l exits.FuncList
		if err := l.Set(good); err != nil {
			t.Errorf("Set(%q): %v", good, err)
		}
	}
	for _, bad := range []string{"Fatal", "example.com/x.", "(*example.com/x.T)", "(*T).M", "example.com/x.(T).M", "x.F G"} {
		var l exits.FuncList
		if err := l.Set(bad); err == nil {
			t.Errorf("Set(%q) = nil; want an error", bad)
		}
	}
	var l exits.FuncList
	if err := l.Set(" a.F , (*b/c.T).M ,"); err != nil || len(l) != 2 || l.String() != "a.F,(*b/c.T).M" {
		t.Errorf("Set with spaces: %v %q", err, l.String())
	}
}
