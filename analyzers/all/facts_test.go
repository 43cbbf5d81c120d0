package all_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// encodedFacts are the facts of one run, gob-encoded, by analyzer, package,
// object and fact type.
type encodedFacts map[string][]byte

// gobFact is how a modular driver (unitchecker, golangci-lint, Bazel's
// nogo) writes a fact: in an interface, whose concrete type gob must know.
type gobFact struct {
	Path string
	Fact analysis.Fact
}

// runFacts runs the checks, with what they require, over pkgs and encodes
// each fact an analyzer exports on the package it ran on: alone, as the
// reference checker does, and in an interface, as modular drivers do.
// The findings of the run, one line each, go in findings.
func runFacts(t *testing.T, pkgs []*packages.Package, analyzers []*analysis.Analyzer, findings *[]string) (encodedFacts, map[string]analysis.Fact) {
	t.Helper()
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := encodedFacts{}
	facts := map[string]analysis.Fact{}
	add := func(key string, f analysis.Fact) {
		var alone, wrapped bytes.Buffer
		if err := gob.NewEncoder(&alone).Encode(f); err != nil {
			t.Errorf("%s: %v", key, err)
			return
		}
		if err := gob.NewEncoder(&wrapped).Encode(gobFact{Path: key, Fact: f}); err != nil {
			t.Errorf("%s in an interface: %v", key, err)
			return
		}
		if _, dup := out[key]; dup {
			t.Errorf("%s: two facts", key)
		}
		out[key] = alone.Bytes()
		out[key+" (interface)"] = wrapped.Bytes()
		facts[key] = f
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
			continue
		}
		for _, d := range act.Diagnostics {
			*findings = append(*findings, fmt.Sprintf("%s: %s [%s]", act.Package.Fset.Position(d.Pos), d.Message, act.Analyzer.Name))
		}
		pkg := act.Package.Types
		for _, of := range act.AllObjectFacts() {
			if of.Object.Pkg() != pkg {
				continue // a dependency's, inherited
			}
			path, err := objectpath.For(of.Object)
			if err != nil {
				path = objectpath.Path(of.Object.String())
			}
			add(fmt.Sprintf("%s %s %s %T", act.Analyzer.Name, pkg.Path(), path, of.Fact), of.Fact)
		}
		for _, pf := range act.AllPackageFacts() {
			if pf.Package == pkg {
				add(fmt.Sprintf("%s %s package %T", act.Analyzer.Name, pkg.Path(), pf.Fact), pf.Fact)
			}
		}
	}
	return out, facts
}

// TestFactsEncodeDeterministically: the checks' findings are the same on
// every run, and every fact exitlint's passes export
// encodes to the same bytes on every run over the same code (a fact built
// in map order would not: go vet would then miss its cache, and the same
// build would give different vetx files), and decodes to a fact that
// encodes to those bytes again and says the same. The testdata holds a
// fact of every type of every analyzer the checks require, facts with many
// elements among them (ARG_ERROR in several results, which the argerror
// pass collects in a map; exit codes with guards; enum members; marked
// factories; parameters written as JSON).
func TestFactsEncodeDeterministically(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo |
			packages.NeedDeps | packages.NeedModule,
		Dir: "../../testdata/src",
		Env: append(os.Environ(), "GO111MODULE=on", "GOPROXY=off", "GOWORK=off"),
	}, "cases/passes/...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the testdata does not load")
	}
	analyzers := all.WithConfig(all.Analyzers())
	for _, a := range analyzerutil.Required(analyzers) {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
	var findings []string
	first, facts := runFacts(t, pkgs, analyzers, &findings)
	slices.Sort(findings)
	if len(findings) < 10 {
		t.Errorf("only %d findings to compare", len(findings))
	}
	for run := 2; run <= 3; run++ {
		var again []string
		encoded, _ := runFacts(t, pkgs, analyzers, &again)
		slices.Sort(again)
		if d := diff(findings, again); d != "" {
			t.Errorf("run %d: the findings differ:\n%s", run, d)
		}
		for key, b := range first {
			if !bytes.Equal(encoded[key], b) {
				t.Errorf("run %d: %s encodes differently: %s, then %s", run, key, facts[strings.TrimSuffix(key, " (interface)")], describe(encoded[key]))
			}
		}
		for key := range encoded {
			if _, ok := first[key]; !ok {
				t.Errorf("run %d: %s is new", run, key)
			}
		}
	}
	// A round trip through gob gives back the same fact.
	for key, f := range facts {
		decoded := reflect.New(reflect.TypeOf(f).Elem()).Interface().(analysis.Fact)
		if err := gob.NewDecoder(bytes.NewReader(first[key])).Decode(decoded); err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		var re bytes.Buffer
		if err := gob.NewEncoder(&re).Encode(decoded); err != nil {
			t.Errorf("%s decoded: %v", key, err)
			continue
		}
		if !bytes.Equal(re.Bytes(), first[key]) || fmt.Sprint(decoded) != fmt.Sprint(f) {
			t.Errorf("%s: a round trip changes %s into %s", key, f, decoded)
		}
		var wrapped gobFact
		if err := gob.NewDecoder(bytes.NewReader(first[key+" (interface)"])).Decode(&wrapped); err != nil || fmt.Sprint(wrapped.Fact) != fmt.Sprint(f) {
			t.Errorf("%s in an interface: a round trip gives %v, %v", key, wrapped.Fact, err)
		}
	}
	// Every fact type of every analyzer the checks require is in the
	// testdata, so none escapes the test.
	seen := map[string]bool{}
	many := 0
	for key, f := range facts {
		fields := strings.Fields(key)
		seen[fields[0]+" "+fields[len(fields)-1]] = true
		if elements(f) > 2 {
			many++
		}
	}
	for _, a := range analyzerutil.Required(analyzers) {
		for _, f := range a.FactTypes {
			if k := fmt.Sprintf("%s %T", a.Name, f); !seen[k] {
				t.Errorf("no %s fact in the testdata: add a case that makes one", k)
			}
		}
	}
	if many < 5 {
		t.Errorf("only %d facts hold more than two elements; the testdata should have facts whose order could vary", many)
	}
}

// elements counts the elements of a fact's slices and maps.
func elements(f analysis.Fact) int {
	n := 0
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Struct:
			for i := range v.NumField() {
				walk(v.Field(i))
			}
		case reflect.Slice, reflect.Map:
			n += v.Len()
		}
	}
	walk(reflect.ValueOf(f))
	return n
}

// diff returns the lines only one of two sorted lists holds, "" if none.
func diff(a, b []string) string {
	var out []string
	for _, l := range a {
		if _, found := slices.BinarySearch(b, l); !found {
			out = append(out, "- "+l)
		}
	}
	for _, l := range b {
		if _, found := slices.BinarySearch(a, l); !found {
			out = append(out, "+ "+l)
		}
	}
	return strings.Join(out, "\n")
}

func describe(b []byte) string {
	if b == nil {
		return "nothing"
	}
	return fmt.Sprintf("%d bytes", len(b))
}
