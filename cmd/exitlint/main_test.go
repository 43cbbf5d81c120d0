package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/envelope"
)

var binary string

// TestMain builds the exitlint binary once; the tests run it as users and
// agents do, and as go vet does.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "exitlint-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "exitlint")
	// The runs share a cache of their own, never the user's: a test that
	// runs a package twice reads the first run's results, as users do.
	os.Setenv("EXITLINT_CACHE", filepath.Join(dir, "cache"))
	out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		os.RemoveAll(dir)
		os.Exit(2)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	status         int
	stdout, stderr string
}

// exitlint runs the binary in dir (relative to this package) with its own
// module, outside the repository's workspace.
func exitlint(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return exitlintEnv(t, dir, nil, args...)
}

// envelopeOf checks that stdout is exactly one envelope that keeps the
// contract for the exit status, and decodes it.
func envelopeOf(t *testing.T, r result) map[string]any {
	t.Helper()
	out := strings.TrimSpace(r.stdout)
	if strings.Count(out, "\n") != 0 {
		t.Fatalf("stdout holds more than one line:\n%s", r.stdout)
	}
	for _, v := range envelope.Validate([]byte(out), r.status) {
		t.Errorf("exitlint's own envelope breaks the contract: %s", v)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func errorField(m map[string]any, key string) string {
	e, _ := m["error"].(map[string]any)
	s, _ := e[key].(string)
	return s
}

const cases = "../../testdata/src"

func TestClean(t *testing.T) {
	r := exitlint(t, "testdata/clean", "./...")
	if r.status != 0 || r.stdout != "" {
		t.Fatalf("status %d, stdout %q, stderr %q; want 0 and nothing", r.status, r.stdout, r.stderr)
	}
	m := envelopeOf(t, exitlint(t, "testdata/clean", "-json"))
	data := m["data"].(map[string]any)
	if got := data["analyzed"].([]any); len(got) != 1 || got[0] != "clean" {
		t.Errorf("analyzed = %v", got)
	}
	if data["complete"] != true {
		t.Errorf("complete = %v", data["complete"])
	}
}

func TestFindings(t *testing.T) {
	r := exitlint(t, cases, "./barecode/customenum")
	if r.status != 80 {
		t.Fatalf("status %d; want 80 (FINDINGS)\n%s%s", r.status, r.stdout, r.stderr)
	}
	want := "barecode/customenum/codes.go:15:10: exit code 3 written as a bare integer: spell it Bad"
	if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, "[barecode]") {
		t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
	}

	r = exitlint(t, cases, "-json", "./barecode/customenum")
	m := envelopeOf(t, r)
	if r.status != 80 || errorField(m, "code") != "FINDINGS" || !strings.Contains(errorField(m, "detail"), want) {
		t.Errorf("status %d, error %v", r.status, m["error"])
	}

	r = exitlint(t, cases, "-json", "-findings-ok", "./barecode/customenum")
	m = envelopeOf(t, r)
	diags := m["data"].(map[string]any)["diagnostics"].([]any)
	if r.status != 0 || len(diags) != 2 {
		t.Fatalf("status %d, %d diagnostics; want 0 and 2", r.status, len(diags))
	}
	d := diags[0].(map[string]any)
	if d["check"] != "barecode" || d["line"] != 15.0 || d["column"] != 10.0 || !strings.HasSuffix(d["url"].(string), "docs/checks/barecode.md") {
		t.Errorf("diagnostic = %v", d)
	}
}

func TestEnableDisable(t *testing.T) {
	if r := exitlint(t, cases, "-enable", "barecode", "-disable", "barecode", "./barecode/customenum"); r.status != 3 || !strings.Contains(r.stderr, "leave no check to run") {
		t.Errorf("status %d stderr %q", r.status, r.stderr)
	}
	// barecode still runs for the directives check, but its findings are
	// not shown when it is disabled.
	if r := exitlint(t, cases, "-disable", "barecode", "./barecode/customenum"); r.status != 0 || r.stdout != "" {
		t.Errorf("-disable barecode: status %d stdout %q stderr %q", r.status, r.stdout, r.stderr)
	}
	if r := exitlint(t, cases, "-enable", "barecode", "./barecode/customenum"); r.status != 80 {
		t.Errorf("status %d", r.status)
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name   string
		dir    string
		args   []string
		status int
		stderr string // substring
	}{
		{"unknown flag", "testdata/clean", []string{"-bogus"}, 3, "flag provided but not defined: -bogus"},
		{"unknown check", "testdata/clean", []string{"-enable", "nosuch"}, 3, `unknown check "nosuch"; the checks are barecode`},
		{"bad flag value", "testdata/clean", []string{"-contract.enum", "noDot"}, 3, `"noDot" is not import/path.Type`},
		{"missing directory", "testdata/clean", []string{"./missing/..."}, 5, "matched no Go package"},
		{"empty module", "testdata/empty", []string{"./..."}, 5, "matched no Go package"},
		{"not a module", t.TempDir(), []string{"./..."}, 5, "no Go module here"},
		{"bad pattern", "testdata/clean", []string{"a b"}, 3, `bad package pattern a b: malformed import path "a b"`},
		{"version in pattern", "testdata/clean", []string{"example.com/x@v1"}, 3, "bad package pattern"},
		{"type errors", "testdata/broken", []string{"./..."}, 4, "bad/bad.go:3:23"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := exitlint(t, tc.dir, tc.args...)
			if r.status != tc.status {
				t.Errorf("status %d; want %d\nstderr: %s", r.status, tc.status, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, r.stderr)
			}
			if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
				t.Errorf("panicked:\n%s", r.stderr)
			}
			// The same failure as an envelope.
			jr := exitlint(t, tc.dir, append([]string{"-json"}, tc.args...)...)
			if jr.status != tc.status {
				t.Errorf("-json status %d; want %d", jr.status, tc.status)
			}
			m := envelopeOf(t, jr)
			if errorField(m, "message") == "" {
				t.Errorf("-json error without message: %v", m)
			}
		})
	}
}

// TestPartialAnalysis: packages that do not type-check are named and
// skipped; the rest are still analyzed and their findings reported.
func TestPartialAnalysis(t *testing.T) {
	r := exitlint(t, "testdata/broken", "./...")
	if r.status != 4 {
		t.Fatalf("status %d", r.status)
	}
	if !strings.Contains(r.stdout, "good/good.go:5:23: exit code 5") {
		t.Errorf("findings of the package that type-checks are missing:\n%s", r.stdout)
	}
	if !strings.Contains(r.stderr, "broken/bad") || !strings.Contains(r.stderr, "2 package(s) could not be analyzed") {
		t.Errorf("stderr does not name the skipped package:\n%s", r.stderr)
	}
	if !strings.Contains(r.stderr, "its dependency broken/bad does not load: ") || !strings.Contains(r.stderr, "not an int") {
		t.Errorf("stderr does not say why broken/user was skipped:\n%s", r.stderr)
	}
	m := envelopeOf(t, exitlint(t, "testdata/broken", "-json", "./..."))
	if errorField(m, "code") != "PACKAGES_SKIPPED" || !strings.Contains(errorField(m, "detail"), "exit code 5") {
		t.Errorf("error = %v", m["error"])
	}
}

func TestHelpAndExitCodes(t *testing.T) {
	r := exitlint(t, "testdata/clean", "-h")
	if r.status != 0 || !strings.Contains(r.stdout, "barecode") || !strings.Contains(r.stdout, "80  FINDINGS") {
		t.Errorf("status %d:\n%s", r.status, r.stdout)
	}
	m := envelopeOf(t, exitlint(t, "testdata/clean", "-exit-codes", "-json"))
	var names []string
	for _, row := range m["data"].([]any) {
		names = append(names, row.(map[string]any)["name"].(string))
	}
	if got := strings.Join(names, " "); got != "SUCCESS GENERAL_ERROR PARTIAL_FAILURE ARG_ERROR PRECONDITION NOT_FOUND CONFLICT PERMISSION_DENIED TIMEOUT FINDINGS FINDINGS_AFTER_FIX" {
		t.Errorf("declared codes = %s", got)
	}
}

// TestGoVet runs exitlint as go vet's tool on a module of several packages.
func TestGoVet(t *testing.T) {
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./barecode/...")
	cmd.Dir = cases
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("go vet succeeded; want it to report findings:\n%s", out)
	}
	for _, want := range []string{"customenum/codes.go:15:10: exit code 3 written as a bare integer", "barecode.go:14:32: exit code 5"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "gen.go") {
		t.Errorf("go vet reported a generated file:\n%s", out)
	}
}

// TestGoVetFactsAcrossPackages runs go vet on a package whose findings need
// facts computed on its dependencies in separate vet runs: side effects and
// ARG_ERROR results of another package, and a library's exit helper.
func TestGoVetFactsAcrossPackages(t *testing.T) {
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./argphase/cmd", "./fallback")
	cmd.Dir = cases
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	for _, want := range []string{
		"ARG_ERROR returned (store.Validate) after a side effect: store.Save → os.WriteFile writes a file",
		"ARG_ERROR returned (ArgError) after a side effect: store.Archive → store.Save → os.WriteFile writes a file",
		"dielib.Die may end the process with GENERAL_ERROR (1) (via fatal → os.Exit(1))",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
	if cmd.ProcessState.ExitCode() != 1 {
		t.Errorf("go vet exit status %d; want 1 (go vet's own convention for findings)", cmd.ProcessState.ExitCode())
	}
}

// TestCgo analyzes a package that uses cgo: the findings in the user's file
// are reported, though cmd/cgo marks its rewrite of the file as generated.
func TestCgo(t *testing.T) {
	out, err := exec.Command("go", "env", "CGO_ENABLED").Output()
	if err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is not enabled here")
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler")
	}
	r := exitlint(t, "testdata/cgo", "./...")
	if r.status != 80 || !strings.Contains(r.stdout, "main.go:10:10: exit code 5 written as a bare integer") {
		t.Errorf("status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
	}
}
