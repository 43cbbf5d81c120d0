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
	type dyn struct {
		calls []string
		boxes []reach.Box
		lifts []reach.Lift
	}
	want := map[string]struct {
		root bool
		refs []string
		dyn
	}{
		p + "Used":     {false, nil, dyn{}},
		p + "Unused":   {false, nil, dyn{}},
		p + "table":    {true, []string{p + "Used"}, dyn{}},
		p + "Called":   {false, []string{p + "helper"}, dyn{}},
		p + "helper":   {false, []string{p + "Used"}, dyn{}},
		p + "Uncalled": {false, []string{p + "Unused"}, dyn{}},
		// A method is no root: it is reached by name or through an
		// interface.
		p + "T.M":      {false, []string{p + "Unused"}, dyn{}},
		p + "init":     {true, nil, dyn{}},
		p + "Exported": {true, nil, dyn{}},
		p + "Boxes":    {false, nil, dyn{boxes: []reach.Box{{Iface: p + "Sink", Methods: []string{p + "T.M"}}}}},
		p + "Calls":    {false, nil, dyn{calls: []string{"M"}}},
		p + "Direct":   {false, []string{p + "T.M"}, dyn{}},
		p + "Escapes":  {false, []string{p + "T.M"}, dyn{}},
		p + "Lifts":    {false, nil, dyn{lifts: []reach.Lift{{From: p + "Sink"}}}},
		p + "Holds":    {false, []string{p + "T.M"}, dyn{}},
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
		boxesEqual := slices.EqualFunc(r.Boxes, w.boxes, func(a, b reach.Box) bool {
			return a.Iface == b.Iface && slices.Equal(a.Methods, b.Methods)
		})
		if !slices.Equal(r.Calls, w.calls) || !boxesEqual || !slices.Equal(r.Lifts, w.lifts) {
			t.Errorf("%s: calls %v boxes %v lifts %v; want calls %v boxes %v lifts %v", k, r.Calls, r.Boxes, r.Lifts, w.calls, w.boxes, w.lifts)
		}
	}
	if len(got) != len(want) { // one record per spec of a const block
		t.Errorf("%d records, want %d: %v", len(got), len(want), got)
	}
}
