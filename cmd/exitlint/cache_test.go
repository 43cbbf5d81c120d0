package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCacheSameOutput runs exitlint with an empty cache, again with the
// cache it filled, and without a cache, and wants the same envelope each
// time: findings, fixes, related positions, the packages analyzed, on the
// analysistest cases (every check, facts across packages). The cgo case
// reads positions through cmd/cgo's //line directives.
func TestCacheSameOutput(t *testing.T) {
	for _, dir := range []string{cases, "testdata/cgo"} {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			cache := "EXITLINT_CACHE=" + t.TempDir()
			args := []string{"-json", "-findings-ok", "./..."}
			cold := exitlintEnv(t, dir, []string{cache}, args...)
			warm := exitlintEnv(t, dir, []string{cache}, args...)
			off := exitlintEnv(t, dir, []string{cache}, append([]string{"-cache=false"}, args...)...)
			want := data(t, off)
			if !strings.Contains(want, `"diagnostics":[{`) {
				t.Fatalf("no findings to compare:\n%s", want)
			}
			if got := data(t, cold); got != want {
				t.Errorf("cold run with the cache:\n%s\nwithout the cache:\n%s", got, want)
			}
			if got := data(t, warm); got != want {
				t.Errorf("warm run:\n%s\nwithout the cache:\n%s", got, want)
			}
		})
	}
}

// data is an envelope's data, which holds no timing.
func data(t *testing.T, r result) string {
	t.Helper()
	if r.status != 0 {
		t.Fatalf("status %d; stderr:\n%s", r.status, r.stderr)
	}
	var m struct{ Data json.RawMessage }
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil {
		t.Fatalf("%v:\n%s", err, r.stdout)
	}
	return string(m.Data)
}

// TestCacheSettings: EXITLINT_CACHE=off runs without a cache, a relative
// directory is an ARG_ERROR that says what to set and creates nothing, and
// a directory that cannot be created costs the cache and not the run.
func TestCacheSettings(t *testing.T) {
	r := exitlintEnv(t, "testdata/clean", []string{"EXITLINT_CACHE=off"}, "./...")
	if r.status != 0 {
		t.Errorf("EXITLINT_CACHE=off: status %d, stderr %q; want 0", r.status, r.stderr)
	}
	m := envelopeOf(t, exitlintEnv(t, "testdata/clean", []string{"EXITLINT_CACHE=relative/dir"}, "-json", "./..."))
	if errorField(m, "code") != "USAGE" || !strings.Contains(errorField(m, "message"), "absolute") {
		t.Errorf("EXITLINT_CACHE=relative/dir: error %v; want USAGE naming an absolute directory", m["error"])
	}
	if _, err := os.Stat("testdata/clean/relative"); err == nil {
		os.RemoveAll("testdata/clean/relative")
		t.Error("EXITLINT_CACHE=relative/dir created the directory before its ARG_ERROR")
	}
	file := filepath.Join(t.TempDir(), "file")
	writeFiles(t, filepath.Dir(file), map[string]string{"file": "not a directory"})
	r = exitlintEnv(t, "testdata/clean", []string{"EXITLINT_CACHE=" + filepath.Join(file, "cache")}, "./...")
	if r.status != 0 || !strings.Contains(r.stderr, "the cache could not be written") {
		t.Errorf("an unusable cache directory: status %d, stderr %q; want 0 and a note", r.status, r.stderr)
	}
}

// TestFixFromTheCache runs exitlint once to fill the cache, then -fix,
// and wants the files written as a -fix without the cache writes them:
// -fix reads no entry (it writes only what an analysis of the files it
// writes computed), and writes the entries it computed, cmd/cgo's line
// directives included.
func TestFixFromTheCache(t *testing.T) {
	srcs := map[string]string{"plain": fixable}
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err == nil && strings.TrimSpace(string(out)) == "1" {
		if _, err := exec.LookPath("gcc"); err == nil {
			srcs["cgo"] = "package main\n\n// #include <stdlib.h>\nimport \"C\"\n\nimport (\n\t\"os\"\n\n\t\"github.com/exitlint/exitlint/exitcode\"\n)\n\n" +
				"func main() {\n\tif len(os.Args) > 3 {\n\t\tos.Exit(3)\n\t}\n\tif len(os.Args) > 4 {\n\t\tos.Exit(int(C.int(4)))\n\t}\n\texitcode.Exit(exitcode.Success)\n}\n"
		}
	}
	for name, src := range srcs {
		t.Run(name, func(t *testing.T) {
			cache := "EXITLINT_CACHE=" + t.TempDir()
			warm := fixModule(t, src)
			exitlintEnv(t, warm, []string{cache}, "./...")
			r := exitlintEnv(t, warm, []string{cache}, "-fix", "./...")
			plain := fixModule(t, src)
			want := exitlintEnv(t, plain, []string{cache}, "-cache=false", "-fix", "./...")
			if r.status != want.status || r.stdout != want.stdout {
				t.Errorf("-fix from the cache: status %d, stdout:\n%s\nwithout the cache: status %d, stdout:\n%s", r.status, r.stdout, want.status, want.stdout)
			}
			got, _ := os.ReadFile(filepath.Join(warm, "main.go"))
			fixed, _ := os.ReadFile(filepath.Join(plain, "main.go"))
			if string(got) != string(fixed) || string(got) == src {
				t.Errorf("-fix from the cache wrote:\n%s\nwithout the cache:\n%s", got, fixed)
			}
		})
	}
}

// TestCacheProgram: with GOCACHEPROG set and EXITLINT_CACHE not, the
// program keeps the entries: the cold run puts them, the warm run gets
// them, each closes it, and both give the envelope of a run without the
// cache. EXITLINT_CACHE set to a directory leaves the program alone. (A
// program that cannot be started fails go list itself, whose message the
// run gives; internal/driver tests the program's failures.)
func TestCacheProgram(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "cacheprog")
	if out, err := exec.Command("go", "build", "-o", bin, "../../internal/driver/testdata/cacheprog").CombinedOutput(); err != nil {
		t.Fatalf("building the fake cache program: %v\n%s", err, out)
	}
	// A module that imports nothing: the go command, which uses the
	// program as its build cache too, compiles nothing for export data.
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod": "module example.com/plain\n\ngo 1.22\n",
		"a/a.go": "package a\n\n// A is one.\nfunc A() int { return 1 }\n",
		"b/b.go": "package b\n\nimport \"example.com/plain/a\"\n\n// B is two.\nfunc B() int { return a.A() + 1 }\n",
	})
	logFile := filepath.Join(t.TempDir(), "log")
	prog := "GOCACHEPROG=" + bin + " -dir " + t.TempDir() + " -log " + logFile
	args := []string{"-json", "-findings-ok", "./..."}
	env := []string{prog, "EXITLINT_CACHE=", "XDG_CACHE_HOME=" + t.TempDir()}
	want := data(t, exitlintEnv(t, dir, env, append([]string{"-cache=false"}, args...)...))
	// exitlint's requests; the go command's (its build cache) are left out.
	log := func() string {
		b, _ := os.ReadFile(logFile)
		var mine []string
		for _, l := range strings.SplitAfter(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "exitlint: "); ok {
				mine = append(mine, rest)
			}
		}
		return strings.Join(mine, "")
	}
	if log() != "" {
		t.Fatalf("-cache=false spoke to the cache program:\n%s", log())
	}
	// Validation before any side effect: a run whose patterns match
	// nothing ends before the program is started.
	if r := exitlintEnv(t, dir, env, "-json", "./nosuch/..."); r.status == 0 || log() != "" {
		t.Fatalf("patterns that match nothing: status %d, the program asked %q; want a failure, and the program never started", r.status, log())
	}
	if got := data(t, exitlintEnv(t, dir, env, args...)); got != want {
		t.Errorf("cold run with the cache program:\n%s\nwithout a cache:\n%s", got, want)
	}
	if l := log(); !strings.Contains(l, "put\n") || !strings.HasSuffix(l, "close\n") {
		t.Errorf("the cold run's requests:\n%s\nwant puts, then close", l)
	}
	if got := data(t, exitlintEnv(t, dir, env, args...)); got != want {
		t.Errorf("warm run with the cache program:\n%s\nwithout a cache:\n%s", got, want)
	}
	if l := log(); !strings.Contains(l, "get hit\n") || strings.Count(l, "close\n") != 2 {
		t.Errorf("the warm run's requests:\n%s\nwant hits, then close", l)
	}

	before := log()
	dirEnv := []string{prog, "EXITLINT_CACHE=" + t.TempDir()}
	if got := data(t, exitlintEnv(t, dir, dirEnv, args...)); got != want || log() != before {
		t.Errorf("with EXITLINT_CACHE set, the program was asked %q", strings.TrimPrefix(log(), before))
	}

}
