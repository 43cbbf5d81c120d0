package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// shadowed is the audit's program: the parameter exitcode shadows the
// package, so barecode's fix for the first os.Exit(3),
// exitcode.Exit(exitcode.ArgError), names the int and does not compile;
// the fix for the second is sound.
const shadowed = `package main

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func finish(exitcode int) {
	if exitcode != 0 {
		os.Exit(3)
	}
}

func main() {
	finish(len(os.Args))
	if len(os.Args) > 5 {
		os.Exit(3)
	}
	exitcode.Exit(exitcode.Success)
}
`

// goBuild builds the module in dir, as a user would after -fix.
func goBuild(t *testing.T, dir string) error {
	t.Helper()
	cmd := exec.Command("go", "build", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Logf("go build ./...: %v\n%s", err, out)
	}
	return err
}

// TestFixTypeChecksBeforeWriting: -fix type-checks the files it would
// write with the fixes in place. The fix that names the shadowed package
// is not written and is named with the type checker's error; the sound
// fix beside it is written, the run ends in FINDINGS_AFTER_FIX (81), and
// the module builds. Alone, the unsound fix leaves the file as it was and
// the run ends in FINDINGS (80).
func TestFixTypeChecksBeforeWriting(t *testing.T) {
	dir := fixModule(t, shadowed)
	r := exitlint(t, dir, "-json", "-fix", "./...")
	m := envelopeOf(t, r)
	detail := errorField(m, "detail")
	if r.status != 81 || !strings.Contains(detail, "fix not written: main.go:11:11 [barecode]: the fix does not type-check") || !strings.Contains(detail, "exitcode.Exit undefined (type int has no field or method Exit)") || !strings.Contains(detail, "fixed: main.go:18:11") {
		t.Errorf("status %d, error %v; want 81 with the fix at 18:11 written and the one at 11:11 named as not type-checking", r.status, m["error"])
	}
	got, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	if want := strings.Replace(shadowed, "> 5 {\n\t\tos.Exit(3)", "> 5 {\n\t\texitcode.Exit(exitcode.ArgError)", 1); string(got) != want {
		t.Errorf("-fix wrote:\n%s\nwant:\n%s", got, want)
	}
	if err := goBuild(t, dir); err != nil {
		t.Error("after -fix, the module does not build")
	}

	alone := strings.Replace(shadowed, "\tif len(os.Args) > 5 {\n\t\tos.Exit(3)\n\t}\n", "", 1)
	dir = fixModule(t, alone)
	r = exitlint(t, dir, "-fix", "./...")
	if r.status != 80 || !strings.Contains(r.stderr, "fix not written: main.go:11:11 [barecode]: the fix does not type-check") {
		t.Errorf("the unsound fix alone: status %d, stderr %q; want 80, naming it", r.status, r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != alone {
		t.Errorf("-fix wrote:\n%s", got)
	}
	if err := goBuild(t, dir); err != nil {
		t.Error("after -fix, the module does not build")
	}
}

// TestFixAfterATamperedCache: the audit's first repro. An entry's fix
// text changed in the cache (exitcode.ArgError to exitcode.Success and a
// space, the same length) makes no -fix write it: the entry fails its
// checksum, and -fix reads no entry anyway; the next run says once, on
// stderr and in -json's warnings, that an entry could not be used.
func TestFixAfterATamperedCache(t *testing.T) {
	cdir := t.TempDir()
	env := []string{"EXITLINT_CACHE=" + cdir}
	dir := fixModule(t, fixable)
	want := exitlintEnv(t, dir, env, "-json", "-findings-ok", "./...")
	tampered := 0
	filepath.WalkDir(cdir, func(path string, d os.DirEntry, err error) error {
		if data, rerr := os.ReadFile(path); err == nil && rerr == nil && bytes.Contains(data, []byte("exitcode.Exit(exitcode.ArgError)")) {
			os.WriteFile(path, bytes.ReplaceAll(data, []byte("exitcode.Exit(exitcode.ArgError)"), []byte("exitcode.Exit(exitcode.Success) ")), 0o644)
			tampered++
		}
		return nil
	})
	if tampered == 0 {
		t.Fatal("no cache entry holds the fix's text")
	}
	r := exitlintEnv(t, dir, env, "-json", "-findings-ok", "./...")
	m := envelopeOf(t, r)
	warnings, _ := m["warnings"].([]any)
	if data(t, r) != data(t, want) || len(warnings) != 1 || !strings.Contains(warnings[0].(string), "cannot be used") || strings.Count(r.stderr, "cannot be used") != 1 {
		t.Errorf("the run after the entry changed: warnings %v, stderr %q; want the same data as before and one note of the entry, in warnings and on stderr", warnings, r.stderr)
	}
	if bytes.Contains(must(os.ReadFile(filepath.Join(dir, "main.go"))), []byte("Success) ")) {
		t.Fatal("a run without -fix wrote the file")
	}
	// Tampered again, before -fix.
	filepath.WalkDir(cdir, func(path string, d os.DirEntry, err error) error {
		if data, rerr := os.ReadFile(path); err == nil && rerr == nil && bytes.Contains(data, []byte("exitcode.Exit(exitcode.ArgError)")) {
			os.WriteFile(path, bytes.ReplaceAll(data, []byte("exitcode.Exit(exitcode.ArgError)"), []byte("exitcode.Exit(exitcode.Success) ")), 0o644)
		}
		return nil
	})
	r = exitlintEnv(t, dir, env, "-fix", "./...")
	got := string(must(os.ReadFile(filepath.Join(dir, "main.go"))))
	if r.status != 0 || !strings.Contains(got, "exitcode.Exit(exitcode.ArgError)") || strings.Contains(got, "Success) ") {
		t.Errorf("-fix after the cache was changed: status %d, wrote:\n%s", r.status, got)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
