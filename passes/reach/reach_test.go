package reach_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/passes/reach"
)

// ignore takes analysistest's complaints about diagnostics no comment
// expects: the pass's diagnostics are records, checked below.
type ignore struct{ t *testing.T }

func (i ignore) Errorf(format string, args ...any) {
	if msg := fmt.Sprintf(format, args...); !strings.Contains(msg, "unexpected diagnostic") {
		i.t.Error(msg)
	}
}

// TestRecords: one record per top-level function and value spec, with
// the roots (methods, init, package-level variables, //export functions)
// marked and the module's objects each refers to.
func TestRecords(t *testing.T) {
	results := analysistest.Run(ignore{t}, analysistest.TestData(), reach.Analyzer, "example.com/app/lib")
	got := map[string]reach.Record{}
	for _, res := range results {
		for _, d := range res.Diagnostics {
			r, err := reach.Decode(d)
			if err != nil {
				t.Fatal(err)
			}
			got[strings.Join(r.Keys, ",")] = r
		}
	}
	const p = "example.com/app/lib."
	want := map[string]struct {
		root bool
		refs []string
	}{
		p + "Used":     {false, nil},
		p + "Unused":   {false, nil},
		p + "table":    {true, []string{p + "Used"}},
		p + "Called":   {false, []string{p + "helper"}},
		p + "helper":   {false, []string{p + "Used"}},
		p + "Uncalled": {false, []string{p + "Unused"}},
		p + "T.M":      {true, []string{p + "Unused"}},
		p + "init":     {true, nil},
		p + "Exported": {true, nil},
	}
	for k, w := range want {
		r, ok := got[k]
		if !ok {
			t.Errorf("no record of %s; records: %v", k, got)
			continue
		}
		if r.Root != w.root || !slices.Equal(r.Refs, w.refs) {
			t.Errorf("%s: root %v refs %v; want root %v refs %v", k, r.Root, r.Refs, w.root, w.refs)
		}
	}
	if len(got) != len(want) { // one record per spec of a const block
		t.Errorf("%d records, want %d: %v", len(got), len(want), got)
	}
}
