package driver_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/exitlint/exitlint/internal/driver"
)

func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestUnmatched: Load names each of several patterns that names no package
// to analyze, with go list's reasons, whatever the spelling of the ones
// that do; -tags makes a package whose files need a tag one to analyze.
func TestUnmatched(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"go.mod":             "module m\n\ngo 1.22\n",
		"a/a.go":             "package a\n",
		"tagged/t.go":        "//go:build foo\n\npackage tagged\n",
		"empty/README":       "no Go files\n",
		"onlytest/x_test.go": "package onlytest\n",
	})
	patterns := []string{"./a/", "./a/.", "m/a/", "./...", "./nosuch", "./tagged", "./empty/...", "./onlytest"}
	g, err := driver.Load(driver.Config{Dir: dir, Env: env, Tests: true}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, u := range g.Unmatched {
		got[u.Pattern] = strings.Join(u.Errors, "; ")
	}
	want := map[string]string{
		"./nosuch":    "directory not found",
		"./tagged":    "build constraints exclude all Go files",
		"./empty/...": "",
	}
	for p, reason := range want {
		r, ok := got[p]
		switch {
		case !ok:
			t.Errorf("%s is not named as unmatched (unmatched: %v)", p, got)
		case reason == "" && r != "":
			t.Errorf("%s: reasons %q; want none", p, r)
		case !strings.Contains(r, reason):
			t.Errorf("%s: reasons %q; want %q", p, r, reason)
		}
	}
	if len(got) != len(want) {
		t.Errorf("unmatched %v; want the patterns %v only", got, want)
	}

	g, err = driver.Load(driver.Config{Dir: dir, Env: env, Tags: "foo"}, "./a", "./tagged")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Unmatched) != 0 {
		t.Errorf("with -tags foo: unmatched %v", g.Unmatched)
	}
	var roots []string
	for _, r := range g.Roots {
		if len(r.ListErrors) == 0 {
			roots = append(roots, r.ID)
		}
	}
	if !slices.Contains(roots, "m/tagged") {
		t.Errorf("with -tags foo: roots %v; want m/tagged among them", roots)
	}
}

// TestListErrorsHaveNoDash: go list's errors without a position are its
// message alone, not "-: message".
func TestListErrorsHaveNoDash(t *testing.T) {
	dir := writeModule(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n"})
	g, err := driver.Load(driver.Config{Dir: dir, Env: env}, "./nosuch")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Roots) != 1 || len(g.Roots[0].ListErrors) == 0 || strings.HasPrefix(g.Roots[0].ListErrors[0].Error(), "-: ") {
		t.Errorf("roots %v", g.Roots)
	}
}

// TestToolchainNotDownloaded: a module whose go.mod asks for a toolchain
// that is not installed is a *ToolchainError, and the module proxy hears
// nothing of it; a module the installed toolchain can build loads as
// usual with the same environment.
func TestToolchainNotDownloaded(t *testing.T) {
	var requests atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		http.NotFound(w, r)
	}))
	defer proxy.Close()
	toolEnv := append(slices.Clone(env), "GOTOOLCHAIN=auto", "GOPROXY="+proxy.URL, "GOSUMDB=off")

	dir := writeModule(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n\ntoolchain go1.99.0\n", "m.go": "package m\n"})
	_, err := driver.Load(driver.Config{Dir: dir, Env: toolEnv}, "./...")
	var te *driver.ToolchainError
	if !errors.As(err, &te) || te.Toolchain != "go1.99.0" {
		t.Errorf("error %v (%T); want a *ToolchainError for go1.99.0", err, err)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("the module proxy got %d request(s)", n)
	}

	dir = writeModule(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n\ntoolchain go1.22.0\n", "m.go": "package m\n"})
	g, err := driver.Load(driver.Config{Dir: dir, Env: toolEnv}, "./...")
	if err != nil || len(g.Roots) != 1 {
		t.Errorf("an older toolchain line: %v, %v", g, err)
	}
}

// TestGoCommandErrorUnwrapped: the go command's failure is its own
// message, without go/packages' "err: exit status 1: stderr:".
func TestGoCommandErrorUnwrapped(t *testing.T) {
	dir := writeModule(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n\nrequire (\n", "m.go": "package m\n"})
	_, err := driver.Load(driver.Config{Dir: dir, Env: env}, "./...")
	var ge *driver.GoCommandError
	if !errors.As(err, &ge) || !strings.HasPrefix(ge.Msg, "go: errors parsing go.mod") {
		t.Errorf("error %q (%T)", err, err)
	}
}
