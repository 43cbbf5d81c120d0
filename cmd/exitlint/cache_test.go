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

// TestFixFromTheCache runs exitlint once to fill the cache, then -fix with
// every finding coming from it, and wants the files written as a -fix
// without the cache writes them: the positions of cached findings, cmd/cgo's
// line directives included, map to the same bytes.
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
