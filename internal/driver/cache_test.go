package driver_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
)

// module writes a small module whose findings depend on facts that cross
// packages: cmd/app exits with ARG_ERROR after mid.Run, which writes a file
// through lib.Save (argphase reports it in main, from the side-effect
// facts of lib and mid); lib also exits with a bare 1 (fallback). cmd/tool
// and other are beside them and import neither.
func module(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":          "module example.com/m\n\ngo 1.22\n",
		"lib/lib.go":      libGo,
		"lib/lib_test.go": "package lib\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
		"mid/mid.go":      "package mid\n\nimport \"example.com/m/lib\"\n\n// Run saves.\nfunc Run() { lib.Save() }\n",
		"cmd/app/main.go": "package main\n\nimport (\n\t\"os\"\n\n\t\"example.com/m/mid\"\n)\n\nfunc main() {\n\tmid.Run()\n\tif len(os.Args) > 1 {\n\t\tos.Exit(3)\n\t}\n}\n",
		"other/other.go":  "package other\n\nimport \"fmt\"\n\n// Hello greets.\nfunc Hello() { fmt.Println(\"hello\") }\n",
		"cmd/tool/main.go": "package main\n\nimport (\n\t\"os\"\n\n\t\"example.com/m/other\"\n)\n\n" +
			"func main() {\n\tother.Hello()\n\tos.Exit(4)\n}\n",
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const libGo = `package lib

import "os"

// Fail ends the process.
func Fail() { os.Exit(1) }

// Save writes a file.
func Save() { os.WriteFile("out", nil, 0o666) }
`

// runOnce loads and analyzes the module's packages with the cache (nil
// for none) and returns the findings as lines, and the result.
func runOnce(t *testing.T, dir string, cache *driver.Cache) (map[string]bool, *driver.Result) {
	t.Helper()
	return runPatterns(t, dir, cache, "./...")
}

// runPatterns is runOnce on other patterns than ./...
func runPatterns(t *testing.T, dir string, cache *driver.Cache, patterns ...string) (map[string]bool, *driver.Result) {
	t.Helper()
	g, err := driver.Load(driver.Config{Tests: true, Dir: dir, Env: env, Cache: cache}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	res := g.Run(all.Analyzers())
	if res.CacheErr != nil {
		t.Fatal(res.CacheErr)
	}
	got := findingsOf(g, res)
	return got, res
}

// TestCacheNeverChangesAResult analyzes a module without the cache, then
// with an empty one, then again with it filled, and wants the same
// findings, fixes and related positions each time; the warm run analyzes
// nothing. Then one file changes, and exactly its package and the packages
// that import it, directly or not, are analyzed again, with the findings
// of the changed code.
func TestCacheNeverChangesAResult(t *testing.T) {
	dir := module(t)
	cache, err := driver.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	want, _ := runOnce(t, dir, nil)
	if !hasLine(want, "[fallback]") || !hasLine(want, "[barecode]") || !hasLine(want, "[argphase]") {
		t.Fatalf("the module must have fallback's and barecode's findings to compare; it has:\n%s", lines(want))
	}
	cold, res := runOnce(t, dir, cache)
	compare(t, want, cold)
	if len(res.Analyzed) == 0 || res.Reused != 0 {
		t.Errorf("cold run: analyzed %v, reused %d; want every package analyzed", res.Analyzed, res.Reused)
	}
	warm, res := runOnce(t, dir, cache)
	compare(t, want, warm)
	if len(res.Analyzed) != 0 {
		t.Errorf("warm run analyzed %v; want nothing analyzed", res.Analyzed)
	}
	if res.Reused == 0 {
		t.Error("warm run reused nothing")
	}

	// cmd/app exits with 4 as well: cmd/app alone is analyzed, on the
	// types of mid and lib as the cache kept them, and their facts.
	app := filepath.Join(dir, "cmd", "app", "main.go")
	appGo, _ := os.ReadFile(app)
	if err := os.WriteFile(app, []byte(strings.Replace(string(appGo), "\tmid.Run()\n", "\tmid.Run()\n\tdefer os.Exit(4)\n", 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	// The cold run kept no types: this run type-checks mid and lib from
	// source and adds their types to their entries.
	want, _ = runOnce(t, dir, nil)
	got, res := runOnce(t, dir, cache)
	compare(t, want, got)
	if !slices.Equal(res.Analyzed, []string{"example.com/m/cmd/app"}) || res.CachedTypes != 0 || res.KeptTypes != 2 {
		t.Errorf("after editing cmd/app, analyzed %v, with %d packages' types from the cache and %d added to it; want cmd/app alone, with 0, and mid's and lib's added", res.Analyzed, res.CachedTypes, res.KeptTypes)
	}
	if !hasLine(got, "app/main.go:11:16: [barecode]") || !hasLine(got, "[argphase]") {
		t.Errorf("the edited package's findings are not all there:\n%s", lines(got))
	}
	// Edited again, cmd/app is analyzed on the types the last run kept.
	appGo, _ = os.ReadFile(app)
	if err := os.WriteFile(app, append(appGo, "\n// Edited again.\n"...), 0o666); err != nil {
		t.Fatal(err)
	}
	got, res = runOnce(t, dir, cache)
	compare(t, want, got)
	if !slices.Equal(res.Analyzed, []string{"example.com/m/cmd/app"}) || res.CachedTypes != 2 || res.KeptTypes != 0 {
		t.Errorf("after editing cmd/app again, analyzed %v, with %d packages' types from the cache and %d added to it; want cmd/app alone, with mid's and lib's from the cache", res.Analyzed, res.CachedTypes, res.KeptTypes)
	}

	// lib.Save now prints instead of writing a file: lib's side-effect
	// facts change, and with them the findings of cmd/app, two imports
	// above. lib, its test variants, mid and cmd/app are analyzed again;
	// other and cmd/tool are not.
	before := want
	edit := filepath.Join(dir, "lib", "lib.go")
	if err := os.WriteFile(edit, []byte(strings.Replace(libGo, `os.WriteFile("out", nil, 0o666)`, `println("out")`, 1)), 0o666); err != nil {
		t.Fatal(err)
	}
	want, _ = runOnce(t, dir, nil)
	got, res = runOnce(t, dir, cache)
	compare(t, want, got)
	wantAnalyzed := []string{"example.com/m/cmd/app", "example.com/m/lib", "example.com/m/lib [example.com/m/lib.test]", "example.com/m/lib.test", "example.com/m/mid"}
	if !slices.Equal(res.Analyzed, wantAnalyzed) {
		t.Errorf("after editing lib, analyzed %v; want exactly %v", res.Analyzed, wantAnalyzed)
	}
	if !hasLine(before, "[argphase]") || hasLine(got, "[argphase]") {
		t.Errorf("cmd/app's argphase finding must go with lib's side effect; before:\n%s\nafter:\n%s", lines(before), lines(got))
	}

	// A new build of exitlint, other settings: other keys. -tags stands
	// for them here: every package is analyzed again.
	g, err := driver.Load(driver.Config{Tests: true, Dir: dir, Env: env, Cache: cache, Tags: "sometag"}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if res := g.Run(all.Analyzers()); len(res.Analyzed) < 5 {
		t.Errorf("with other tags, analyzed only %v; want every package", res.Analyzed)
	}
}

// TestCachedStandardTypes: a standard package requested beside the
// module keeps no types in the cache. When the module's package that
// imports it is edited, its types come from the go command's export data
// and its facts and findings from the cache; nothing is type-checked from
// source for it, and nothing is added to its entry.
func TestCachedStandardTypes(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"go.mod": "module example.com/u\n\ngo 1.22\n",
		"u/u.go": "package main\n\nimport (\n\t\"os\"\n\t\"unicode/utf8\"\n)\n\n" +
			"func main() {\n\tif utf8.RuneLen('x') > 1 {\n\t\tos.Exit(1)\n\t}\n}\n",
	} {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o777)
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	cache, err := driver.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	patterns := []string{"./...", "unicode/utf8"}
	runPatterns(t, dir, cache, patterns...)
	main := filepath.Join(dir, "u", "u.go")
	src, _ := os.ReadFile(main)
	if err := os.WriteFile(main, append(src, "\n// Edited.\n"...), 0o666); err != nil {
		t.Fatal(err)
	}
	want, _ := runPatterns(t, dir, nil, patterns...)
	if !hasLine(want, "[fallback]") {
		t.Fatalf("the module must have a finding to compare; it has:\n%s", lines(want))
	}
	got, res := runPatterns(t, dir, cache, patterns...)
	compare(t, want, got)
	if !slices.Equal(res.Analyzed, []string{"example.com/u/u"}) {
		t.Errorf("after editing u, analyzed %v; want u alone", res.Analyzed)
	}
	if res.ExportTypes != 1 || res.CachedTypes != 0 || res.KeptTypes != 0 {
		t.Errorf("unicode/utf8's types: %d from export data, %d from the cache, %d added to it; want 1, 0, 0", res.ExportTypes, res.CachedTypes, res.KeptTypes)
	}
}

// TestCacheSurvivesBadEntries: an entry cut short or overwritten with
// garbage is a miss, never an error or a different result.
func TestCacheSurvivesBadEntries(t *testing.T) {
	dir := module(t)
	cdir := t.TempDir()
	cache, err := driver.OpenCache(cdir)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := runOnce(t, dir, cache)
	broken := 0
	filepath.WalkDir(cdir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, "-e") {
			data, _ := os.ReadFile(path)
			os.WriteFile(path, data[:len(data)/2], 0o666)
			broken++
		}
		return nil
	})
	if broken == 0 {
		t.Fatal("the cold run wrote no entry")
	}
	got, res := runOnce(t, dir, cache)
	compare(t, want, got)
	if len(res.Analyzed) == 0 {
		t.Error("every entry was cut short, yet nothing was analyzed again")
	}
}

// TestCacheAcrossPatterns: the entries one set of patterns left serve
// another's. After a run on cmd/app alone, a run on ./... analyzes what
// cmd/app's run saw only as dependencies (their findings were never
// computed) and the rest, and reuses cmd/app; then a run on cmd/app's
// file, as the language server names it, analyzes nothing.
func TestCacheAcrossPatterns(t *testing.T) {
	dir := module(t)
	cache, err := driver.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runPatterns(t, dir, cache, "./cmd/app")
	want, _ := runOnce(t, dir, nil)
	got, res := runOnce(t, dir, cache)
	compare(t, want, got)
	if slices.Contains(res.Analyzed, "example.com/m/cmd/app") || !slices.Contains(res.Analyzed, "example.com/m/lib") || !slices.Contains(res.Analyzed, "example.com/m/mid") {
		t.Errorf("./... after ./cmd/app analyzed %v; want lib and mid (requested now) and not cmd/app", res.Analyzed)
	}
	app := filepath.Join(dir, "cmd", "app", "main.go")
	want, _ = runPatterns(t, dir, nil, "file="+app)
	got, res = runPatterns(t, dir, cache, "file="+app)
	compare(t, want, got)
	if len(res.Analyzed) != 0 {
		t.Errorf("file=%s after ./... analyzed %v; want nothing", app, res.Analyzed)
	}
}

// TestCacheRemovedWhileOpen: the cache's directory removed between two
// runs of one process (by hand, or by another tool) is made again, and
// the second run's entries are written.
func TestCacheRemovedWhileOpen(t *testing.T) {
	dir := module(t)
	cdir := filepath.Join(t.TempDir(), "cache")
	cache, err := driver.OpenCache(cdir)
	if err != nil {
		t.Fatal(err)
	}
	runOnce(t, dir, cache)
	if err := os.RemoveAll(cdir); err != nil {
		t.Fatal(err)
	}
	runOnce(t, dir, cache)
	if err := cache.WriteErr(); err != nil {
		t.Errorf("after the cache's directory was removed: %v", err)
	}
	entries := 0
	filepath.WalkDir(cdir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, "-e") {
			entries++
		}
		return nil
	})
	if entries == 0 {
		t.Error("after the cache's directory was removed, the next run wrote no entry")
	}
}

// TestCacheTrim removes what was not used for MaxAge, then the least
// recently used entries down to MaxSize, and only once per TrimInterval.
func TestCacheTrim(t *testing.T) {
	cdir := t.TempDir()
	cache, err := driver.OpenCache(cdir)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, size int, age time.Duration) string {
		path := filepath.Join(cdir, name[:2], name)
		os.MkdirAll(filepath.Dir(path), 0o777)
		if err := os.WriteFile(path, make([]byte, size), 0o666); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		os.Chtimes(path, when, when)
		return path
	}
	old := write("aa01-e", 10, 10*24*time.Hour)
	lru := write("bb01-e", 600, 2*time.Hour)
	recent := write("cc01-e", 600, time.Minute)
	tmp := write("dd/.tmp-1", 10, 2*time.Hour)
	cache.MaxAge, cache.MaxSize = 5*24*time.Hour, 1000
	if err := cache.Trim(); err != nil {
		t.Fatal(err)
	}
	for path, kept := range map[string]bool{old: false, lru: false, recent: true, tmp: false} {
		if _, err := os.Stat(path); (err == nil) != kept {
			t.Errorf("%s: kept = %v; want %v", filepath.Base(path), err == nil, kept)
		}
	}
	again := write("ee01-e", 10, 10*24*time.Hour)
	if err := cache.Trim(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(again); err != nil {
		t.Error("a second trim within the interval removed an entry")
	}
}

func hasLine(set map[string]bool, sub string) bool {
	for l := range set {
		if strings.Contains(l, sub) {
			return true
		}
	}
	return false
}

func lines(set map[string]bool) string {
	var out []string
	for l := range set {
		out = append(out, l)
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}
