package config_test

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func set(t *testing.T, name string, names ...string) {
	t.Helper()
	if err := config.Set(name, names); err != nil {
		t.Fatal(err)
	}
}

// TestNamesThatNameNothing: every name that the package or its imports
// could hold but do not is reported, with what is there instead; names in
// packages out of view and names that resolve are not.
func TestNamesThatNameNothing(t *testing.T) {
	defer config.Reset()
	set(t, config.Enum.Name, "cases/config.Name", "cases/config.Code", "example.com/dielib.Must", "example.com/elsewhere.Code")
	set(t, config.Fatals.Name, "example.com/dielib.Dye", "example.com/dielib.Die", "(log.Logger).Fatal", "(*log.Logger).Fatalf", "log.Fatal")
	set(t, config.SideEffects.Name, "(*log.Logger).Fatl", "example.com/nowhere.F")
	analysistest.Run(t, testdata, config.Analyzer, "cases/config")
}

func TestFormIsCheckedWhenSet(t *testing.T) {
	defer config.Reset()
	for _, good := range []string{"example.com/x.F", "(*example.com/x.T).M", "(example.com/x.T).M", "log.Fatal"} {
		if err := config.Set(config.Fatals.Name, []string{good}); err != nil {
			t.Errorf("fatals %q: %v", good, err)
		}
	}
	for _, bad := range []string{"Fatal", "example.com/x.", "(*example.com/x.T)", "(*T).M", "example.com/x.(T).M", "x.F G"} {
		if err := config.Set(config.Fatals.Name, []string{bad}); err == nil {
			t.Errorf("fatals %q: accepted; want an error", bad)
		}
	}
	for _, bad := range []string{"noDot", "example.com/x.", "(*example.com/x.T).M"} {
		if err := config.Set(config.Enum.Name, []string{bad}); err == nil {
			t.Errorf("enum %q: accepted; want an error", bad)
		}
	}
	if err := config.Analyzer.Flags.Set(config.Fatals.Name, " a.F , (*b/c.T).M ,"); err != nil || strings.Join(config.Current().Values(config.Fatals), ",") != "a.F,(*b/c.T).M" {
		t.Errorf("fatals with spaces: %v %q", err, config.Current().Values(config.Fatals))
	}
}

// TestAliases: the spellings of earlier versions set the one setting.
func TestAliases(t *testing.T) {
	defer config.Reset()
	fs := flag.NewFlagSet("exitlint", flag.ContinueOnError)
	for _, a := range all.WithConfig(all.Analyzers()) {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	for _, s := range config.Settings {
		for _, alias := range s.Aliases {
			config.Reset()
			if err := fs.Set(alias, "example.com/x.Y"); err != nil {
				t.Fatalf("-%s: %v", alias, err)
			}
			if got := config.Current().Values(s); len(got) != 1 || got[0] != "example.com/x.Y" {
				t.Errorf("-%s set %s to %q", alias, s.Flag(), got)
			}
		}
	}
}

func TestUnresolved(t *testing.T) {
	c := &config.Config{}
	c.Set(config.Enum, []string{"example.com/nosuch.Code", "example.com/cli/codes.Code"})
	c.Set(config.Fatals, []string{"(*example.com/cli/lgo.Logger).Die"})
	got := config.Unresolved(c, []string{"example.com/cli", "example.com/cli/codes", "example.com/cli/log"})
	want := []string{
		"-config.enum: example.com/nosuch.Code: no package example.com/nosuch is among the packages the patterns load",
		"-config.fatals: (*example.com/cli/lgo.Logger).Die: no package example.com/cli/lgo is among the packages the patterns load; did you mean example.com/cli/log?",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Unresolved:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestClosest(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cands []string
		want  string
	}{
		{"Dye", []string{"Die", "Must", "ExitWith"}, "Die"},
		{"fatl", []string{"Fatal", "Fatalf", "Print"}, "Fatal"},
		{"Exit", []string{"Abort", "Quit"}, ""},
		{"codes", []string{"CODES"}, "CODES"},
	} {
		if got := config.Closest(tc.name, tc.cands); got != tc.want {
			t.Errorf("Closest(%q, %q) = %q; want %q", tc.name, tc.cands, got, tc.want)
		}
	}
}

// TestExcludedRelativeFilenames: a driver that names files relative to its
// working directory, as Bazel's nogo does (relative to the execution root),
// has them excluded as the same files named absolutely: exclude paths are
// relative to the working directory too.
func TestExcludedRelativeFilenames(t *testing.T) {
	defer config.Reset()
	dir := t.TempDir()
	t.Chdir(dir)
	set(t, config.Exclude.Name, "gen")
	exclude := config.Current().Values(config.Exclude)
	for name, want := range map[string]bool{
		"gen/a.go":                          true,
		filepath.Join("gen", "sub", "b.go"): true,
		filepath.Join(dir, "gen", "a.go"):   true,
		"main.go":                           false,
		"general/a.go":                      false,
		"other/gen/a.go":                    false,
	} {
		if got := config.Excluded(exclude, name); got != want {
			t.Errorf("Excluded(%q) = %v; want %v", name, got, want)
		}
	}
}

// TestTable: the table is what the code does. Each setting but the checks'
// is a flag of the config pass, with the table's usage (the checks are the
// front ends' own flags, -enable and -disable); each pass a row names as
// reading it is one the checks require; and a pass the row does not name
// cannot read it.
func TestTable(t *testing.T) {
	passes := map[string]bool{}
	for _, a := range analyzerutil.Required(all.WithConfig(all.Analyzers())) {
		passes[a.Name] = true
	}
	for _, s := range config.Settings {
		f := config.Analyzer.Flags.Lookup(s.Name)
		if (f != nil) != (s.Kind != config.KindCheck) || (f != nil && f.Usage != s.Usage) {
			t.Errorf("%s: flag %v; want one with the table's usage exactly when it names no checks", s.Name, f)
		}
		for _, p := range s.ReadBy {
			if !passes[p] && p != config.FrontEnd {
				t.Errorf("%s: read by %s, which no check requires", s.Name, p)
			}
		}
	}
	pass := &analysis.Pass{Analyzer: &analysis.Analyzer{Name: "barecode"}, ResultOf: map[*analysis.Analyzer]any{config.Analyzer: config.Current()}}
	defer func() {
		if recover() == nil {
			t.Error("barecode read fatals, which the table gives exits alone")
		}
	}()
	config.Fatals.Of(pass)
}
