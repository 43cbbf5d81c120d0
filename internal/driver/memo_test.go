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

// memoRun analyzes the package of file as the language server does, with
// overlay as the editor's buffers, and returns the findings and result.
func memoRun(t *testing.T, dir, file string, overlay map[string][]byte, memo *driver.Memo) (map[string]bool, *driver.Result) {
	t.Helper()
	g, err := driver.Load(driver.Config{Tests: true, Dir: dir, Env: env, Overlay: overlay, Memo: memo}, "file="+file)
	if err != nil {
		t.Fatal(err)
	}
	res := g.Run(all.Analyzers())
	got := findingsOf(g, res)
	return got, res
}

// TestMemo analyzes a package again and again as an editor's saves ask
// for: a second run with nothing changed takes everything from memory; an
// edited buffer of the package re-analyzes the package alone; an edited
// buffer of a package it imports re-analyzes that one and what lies
// between, with the findings of the edited code. Each time the findings
// are those of a run without memory.
func TestMemo(t *testing.T) {
	dir := module(t)
	app := filepath.Join(dir, "cmd", "app", "main.go")
	lib := filepath.Join(dir, "lib", "lib.go")
	mid := filepath.Join(dir, "mid", "mid.go")
	// Files an hour old: the Memo keeps their sums by size and time.
	hourAgo := time.Now().Add(-time.Hour)
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil {
			os.Chtimes(path, hourAgo, hourAgo)
		}
		return nil
	})
	memo := driver.NewMemo()

	want, _ := memoRun(t, dir, app, nil, nil)
	if !hasLine(want, "[argphase]") {
		t.Fatalf("cmd/app must have argphase's finding to compare:\n%s", lines(want))
	}
	got, res := memoRun(t, dir, app, nil, memo)
	compare(t, want, got)
	if len(res.Analyzed) == 0 {
		t.Error("the first run analyzed nothing")
	}

	got, res = memoRun(t, dir, app, nil, memo)
	compare(t, want, got)
	if hits, misses := memo.Stats(); len(res.Analyzed) != 0 || misses != 0 || hits == 0 {
		t.Errorf("nothing changed, yet analyzed %v with %d packages from memory and %d not", res.Analyzed, hits, misses)
	}

	// The package's own buffer: exits with 4 as well.
	buf := map[string][]byte{app: []byte("package main\n\nimport (\n\t\"os\"\n\n\t\"example.com/m/mid\"\n)\n\nfunc main() {\n\tmid.Run()\n\tif len(os.Args) > 1 {\n\t\tos.Exit(3)\n\t}\n\tos.Exit(4)\n}\n")}
	want, _ = memoRun(t, dir, app, buf, nil)
	got, res = memoRun(t, dir, app, buf, memo)
	compare(t, want, got)
	if !hasLine(got, "main.go:14:10: [barecode]") {
		t.Errorf("the buffer's new finding is missing:\n%s", lines(got))
	}
	if !slices.Equal(res.Analyzed, []string{"example.com/m/cmd/app"}) {
		t.Errorf("after an edit of cmd/app, analyzed %v; want cmd/app alone", res.Analyzed)
	}

	// A buffer of lib, two imports below: lib writes no file any more.
	buf[lib] = []byte(strings.Replace(libGo, `os.WriteFile("out", nil, 0o666)`, `println("out")`, 1))
	want, _ = memoRun(t, dir, app, buf, nil)
	got, res = memoRun(t, dir, app, buf, memo)
	compare(t, want, got)
	if hasLine(got, "[argphase]") {
		t.Errorf("argphase's finding stayed after lib's side effect went:\n%s", lines(got))
	}
	if !slices.Equal(res.Analyzed, []string{"example.com/m/cmd/app", "example.com/m/lib", "example.com/m/mid"}) {
		t.Errorf("after an edit of lib, analyzed %v; want lib, mid and cmd/app", res.Analyzed)
	}

	// go list ran once so far: no edit touched what it reads.
	if n := memo.GoListRuns(); n != 1 {
		t.Errorf("go list ran %d times; want once, its answer reused after edits below the imports", n)
	}
	// An edit of the imports: cmd/app imports other now. go list runs
	// again and other joins the graph.
	buf[app] = []byte("package main\n\nimport (\n\t\"os\"\n\n\t\"example.com/m/mid\"\n\t\"example.com/m/other\"\n)\n\nfunc main() {\n\tother.Hello()\n\tmid.Run()\n\tos.Exit(4)\n}\n")
	want, _ = memoRun(t, dir, app, buf, nil)
	got, res = memoRun(t, dir, app, buf, memo)
	compare(t, want, got)
	if n := memo.GoListRuns(); n != 2 || !slices.Contains(res.Analyzed, "example.com/m/other") {
		t.Errorf("after an import was added: go list ran %d times in all, analyzed %v; want twice, other analyzed", n, res.Analyzed)
	}
	// A file added to the package on disk: go list runs again, and the
	// file's finding is there.
	writeFile(t, filepath.Join(dir, "cmd", "app", "more.go"), "package main\n\nimport \"os\"\n\nfunc more() { os.Exit(5) }\n")
	want, _ = memoRun(t, dir, app, buf, nil)
	got, _ = memoRun(t, dir, app, buf, memo)
	compare(t, want, got)
	if n := memo.GoListRuns(); n != 3 || !hasLine(got, "more.go:5:23: [barecode]") {
		t.Errorf("after a file was added: go list ran %d times in all; want 3, with the new file's finding:\n%s", n, lines(got))
	}

	// A go.work written beside go.mod: go list runs again.
	writeFile(t, filepath.Join(dir, "go.work"), "go 1.22\n\nuse .\n")
	memoRun(t, dir, app, buf, memo)
	if n := memo.GoListRuns(); n != 4 {
		t.Errorf("after a go.work was written: go list ran %d times in all; want 4", n)
	}
	os.Remove(filepath.Join(dir, "go.work"))

	// mid edited on disk, not in a buffer, to a file of the same size: its
	// new time tells the Memo that its kept sum is stale.
	midGo, _ := os.ReadFile(mid)
	writeFile(t, mid, strings.Replace(string(midGo), "Run saves.", "Run SAVES.", 1))
	halfHourAgo := time.Now().Add(-30 * time.Minute)
	os.Chtimes(mid, halfHourAgo, halfHourAgo)
	want, _ = memoRun(t, dir, app, buf, nil)
	got, res = memoRun(t, dir, app, buf, memo)
	compare(t, want, got)
	if !slices.Contains(res.Analyzed, "example.com/m/mid") {
		t.Errorf("after mid.go changed on disk (same size, another time), analyzed %v; want mid among them", res.Analyzed)
	}

	// Bounded: a Memo that may hold no source starts over on each run,
	// and finds the same.
	small := driver.NewMemo()
	small.MaxFileSet = 1
	for range 2 {
		got, res = memoRun(t, dir, app, buf, small)
		compare(t, want, got)
		if hits, _ := small.Stats(); hits != 0 || len(res.Analyzed) == 0 {
			t.Errorf("a Memo over its bound reused %d packages", hits)
		}
	}
	// An entry unused for MaxIdle runs goes: other's, here.
	idle := driver.NewMemo()
	idle.MaxIdle = 1
	tool := filepath.Join(dir, "cmd", "tool", "main.go")
	memoRun(t, dir, tool, nil, idle)
	withTool := idle.Len()
	memoRun(t, dir, app, nil, idle)
	memoRun(t, dir, app, nil, idle)
	memoRun(t, dir, app, nil, idle)
	if appOnly := memoLen(t, dir, app); idle.Len() != appOnly || withTool <= appOnly {
		t.Errorf("the Memo holds %d packages after three runs on cmd/app alone (%d after cmd/tool's); want %d, what a run on cmd/app keeps", idle.Len(), withTool, appOnly)
	}
}

// memoLen is how many packages one run on file keeps.
func memoLen(t *testing.T, dir, file string) int {
	m := driver.NewMemo()
	memoRun(t, dir, file, nil, m)
	return m.Len()
}

func writeFile(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestMemoOpensFromTheCache: an editor opens a file whose package a
// command-line run left in the cache, which keeps no types. The first
// analysis takes the package's findings from the cache and says that what
// it imports was not loaded; a run with LoadImports loads it into the Memo
// (adding to the cache the types of what the package imports directly),
// and the first save then analyzes the package alone, on what the Memo
// holds.
func TestMemoOpensFromTheCache(t *testing.T) {
	dir := module(t)
	app := filepath.Join(dir, "cmd", "app", "main.go")
	cache, err := driver.OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	runPatterns(t, dir, cache, "./cmd/app")

	memo := driver.NewMemo()
	run := func(overlay map[string][]byte, load bool) (map[string]bool, *driver.Result) {
		g, err := driver.Load(driver.Config{Tests: true, Dir: dir, Env: env, Overlay: overlay, Memo: memo, Cache: cache, LoadImports: load}, "file="+app)
		if err != nil {
			t.Fatal(err)
		}
		res := g.Run(all.Analyzers())
		return findingsOf(g, res), res
	}
	want, _ := memoRun(t, dir, app, nil, nil)
	got, res := run(nil, false)
	compare(t, want, got)
	if len(res.Analyzed) != 0 || !res.Unprepared || memo.Len() != 0 {
		t.Errorf("the open analyzed %v, unprepared %v, with %d packages in memory; want nothing analyzed or loaded, unprepared", res.Analyzed, res.Unprepared, memo.Len())
	}
	got, res = run(nil, true)
	compare(t, want, got)
	if len(res.Analyzed) != 0 || res.Unprepared || res.KeptTypes != 1 {
		t.Errorf("the preparation analyzed %v, unprepared %v, and added %d packages' types to the cache; want nothing analyzed, mid's types added (cmd/app imports lib through mid only)", res.Analyzed, res.Unprepared, res.KeptTypes)
	}
	src, _ := os.ReadFile(app)
	buf := map[string][]byte{app: append(src, "\n// Edited.\n"...)}
	want, _ = memoRun(t, dir, app, buf, nil)
	got, res = run(buf, false)
	compare(t, want, got)
	hits, _ := memo.Stats()
	if !slices.Equal(res.Analyzed, []string{"example.com/m/cmd/app"}) || res.CachedTypes != 0 || res.KeptTypes != 0 || hits < 2 {
		t.Errorf("the first save analyzed %v, with %d packages from memory, %d types from the cache and %d added; want cmd/app alone, on mid and lib from memory", res.Analyzed, hits, res.CachedTypes, res.KeptTypes)
	}
}

// TestMemoRequestedAfterImported: a package the Memo holds as another's
// import, with its facts but no findings, is analyzed when it is the one
// asked for, and its findings are there.
func TestMemoRequestedAfterImported(t *testing.T) {
	dir := module(t)
	app := filepath.Join(dir, "cmd", "app", "main.go")
	lib := filepath.Join(dir, "lib", "lib.go")
	memo := driver.NewMemo()
	memoRun(t, dir, app, nil, memo)
	want, _ := memoRun(t, dir, lib, nil, nil)
	if !hasLine(want, "[fallback]") {
		t.Fatalf("lib must have fallback's finding to compare:\n%s", lines(want))
	}
	got, res := memoRun(t, dir, lib, nil, memo)
	compare(t, want, got)
	if !slices.Contains(res.Analyzed, "example.com/m/lib") {
		t.Errorf("lib, asked for after it was loaded as cmd/app's import, analyzed %v; want lib among them", res.Analyzed)
	}
}
