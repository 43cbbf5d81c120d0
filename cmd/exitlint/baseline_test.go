package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// dataOf returns the data of a -json envelope.
func dataOf(t *testing.T, r result) map[string]any {
	t.Helper()
	data, _ := envelopeOf(t, r)["data"].(map[string]any)
	if data == nil {
		t.Fatalf("status %d: no data\n%s", r.status, r.stdout)
	}
	return data
}

// TestBaseline: -write-baseline records today's findings and reports none;
// -baseline hides them, also after the code moved, and reports a new one,
// saying how many it hid.
func TestBaseline(t *testing.T) {
	dir := fixModule(t, fixable)
	r := exitlint(t, dir, "-write-baseline", "exitlint-baseline.json", "./...")
	if r.status != 0 || r.stdout != "" || !strings.Contains(r.stderr, "3 finding(s) recorded in the baseline exitlint-baseline.json") {
		t.Fatalf("-write-baseline: status %d stdout %q stderr %q; want 0, nothing, and the count recorded", r.status, r.stdout, r.stderr)
	}
	written, err := os.ReadFile(filepath.Join(dir, "exitlint-baseline.json"))
	if err != nil || !strings.Contains(string(written), `"fingerprint"`) {
		t.Fatalf("the baseline: %v\n%s", err, written)
	}

	data := dataOf(t, exitlint(t, dir, "-json", "-baseline", "exitlint-baseline.json", "./..."))
	if hidden, _ := data["hidden"].(map[string]any); hidden["baseline"] != 3.0 || len(data["diagnostics"].([]any)) != 0 {
		t.Errorf("-baseline on the same code: data %v; want no finding, 3 hidden", data)
	}

	// The code moves down ten lines, and a new finding comes.
	moved := strings.Replace(fixable, "func run()", strings.Repeat("// a comment line\n", 10)+"func run()", 1)
	moved = strings.Replace(moved, "exitcode.Exit(exitcode.Code(5))", "if len(os.Args) > 4 {\n\t\tos.Exit(4)\n\t}\n\texitcode.Exit(exitcode.Code(5))", 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	r = exitlint(t, dir, "-json", "-baseline", "exitlint-baseline.json", "./...")
	m := envelopeOf(t, r)
	if r.status != 80 || !strings.Contains(errorField(m, "message"), "1 finding(s) in 1 package(s) analyzed (3 hidden by the baseline)") || !strings.Contains(errorField(m, "detail"), "main.go:30:11:") {
		t.Errorf("status %d error %v; want 80, the one new finding (main.go:30) and 3 hidden", r.status, m["error"])
	}
	// data is null with findings: the count an agent reads is meta.hidden
	// (error.message is for people).
	if meta, _ := m["meta"].(map[string]any); fmt.Sprint(meta["hidden"]) != "map[baseline:3 excluded:0 unchanged:0]" {
		t.Errorf("with findings: meta %v; want hidden {baseline: 3, unchanged: 0, excluded: 0}", m["meta"])
	}
	data = dataOf(t, exitlint(t, dir, "-json", "-findings-ok", "-baseline", "exitlint-baseline.json", "./..."))
	if hidden, _ := data["hidden"].(map[string]any); hidden["baseline"] != 3.0 || len(data["diagnostics"].([]any)) != 1 {
		t.Errorf("-findings-ok: data %v; want one finding, 3 hidden", data)
	}
	r = exitlint(t, dir, "-baseline", "exitlint-baseline.json", "./...")
	if r.status != 80 || strings.Count(r.stdout, "\n") != 1 || !strings.Contains(r.stderr, "3 finding(s) not reported: 3 hidden by the baseline") {
		t.Errorf("text: status %d stdout %q stderr %q", r.status, r.stdout, r.stderr)
	}
}

// TestBadBaseline: a baseline that cannot be used is an ARG_ERROR that
// says what is wrong with it, before anything is analyzed.
func TestBadBaseline(t *testing.T) {
	dir := fixModule(t, fixable)
	for name, c := range map[string]struct{ content, want string }{
		"missing":     {"", "no such file"},
		"not JSON":    {"{\n  \"version\": 1,\n  \"findings\": [\n    oops\n", "line 4, column 5"},
		"unknown key": {"{\n  \"version\": 1,\n  \"findings\": [],\n  \"extra\": true\n}", `line 4, column 3: json: unknown field "extra"`},
		"version":     {`{"version": 7, "findings": []}`, "format version 7"},
		"bad entry":   {`{"version": 1, "findings": [{"check": "barecode", "file": "main.go", "fingerprint": "3"}]}`, "finding 1 (from 1) lacks"},
	} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(dir, strings.ReplaceAll(name, " ", "-")+".json")
			if c.content != "" {
				if err := os.WriteFile(file, []byte(c.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := exitlint(t, dir, "-json", "-baseline", file, "./...")
			m := envelopeOf(t, r)
			if r.status != 3 || errorField(m, "code") != "BAD_BASELINE" || !strings.Contains(errorField(m, "message"), c.want) || !strings.Contains(errorField(m, "message"), file) {
				t.Errorf("status %d error %v; want 3 BAD_BASELINE naming the file and %q", r.status, m["error"], c.want)
			}
		})
	}
	if r := exitlint(t, dir, "-baseline", "a.json", "-write-baseline", "b.json", "./..."); r.status != 3 || !strings.Contains(r.stderr, "pass -baseline to hide its findings, or -write-baseline") {
		t.Errorf("both flags: status %d stderr %q", r.status, r.stderr)
	}
}

// TestWriteBaselineHeldWhenIncomplete: a package that does not type-check
// leaves the baseline unwritten.
func TestWriteBaselineHeldWhenIncomplete(t *testing.T) {
	dir := fixModule(t, fixable)
	if err := os.MkdirAll(filepath.Join(dir, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken", "b.go"), []byte("package broken\n\nvar x int = \"s\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := exitlint(t, dir, "-json", "-write-baseline", "base.json", "./...")
	m := envelopeOf(t, r)
	if r.status != 4 || !strings.Contains(errorField(m, "message"), "-write-baseline wrote nothing") {
		t.Errorf("status %d error %v; want 4 and the baseline not written", r.status, m["error"])
	}
	if _, err := os.Stat(filepath.Join(dir, "base.json")); err == nil {
		t.Error("the baseline was written from an incomplete analysis")
	}
}

// gitRepo makes dir a git repository with everything in it committed.
func gitRepo(t *testing.T, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "start"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestNewFromRev: only findings on lines changed since the revision, or in
// files git does not track, are reported; the rest are counted.
func TestNewFromRev(t *testing.T) {
	dir := fixModule(t, fixable)
	gitRepo(t, dir)
	if r := exitlint(t, dir, "-new-from-rev", "HEAD", "./..."); r.status != 0 || r.stdout != "" {
		t.Errorf("nothing changed: status %d stdout %q; want 0 and nothing", r.status, r.stdout)
	}
	changed := strings.Replace(fixable, "exitcode.Exit(exitcode.Code(5))", "if len(os.Args) > 4 {\n\t\tos.Exit(4)\n\t}\n\texitcode.Exit(exitcode.Code(5))", 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "extra.go"), []byte("package main\n\nimport \"os\"\n\nfunc init() { os.Exit(9) }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := dataOf(t, exitlint(t, dir, "-json", "-findings-ok", "-new-from-rev", "HEAD", "./..."))
	var got []string
	for _, d := range data["diagnostics"].([]any) {
		got = append(got, d.(map[string]any)["posn"].(string))
	}
	hidden, _ := data["hidden"].(map[string]any)
	if strings.Join(got, " ") != "extra.go:5:23 main.go:20:11" || hidden["unchanged"] != 3.0 {
		t.Errorf("findings %v, hidden %v; want those of the untracked extra.go and of the changed line main.go:20, 3 unchanged", got, hidden)
	}

	r := exitlint(t, dir, "-json", "-new-from-rev", "no-such-branch", "./...")
	if m := envelopeOf(t, r); r.status != 3 || errorField(m, "code") != "BAD_REVISION" {
		t.Errorf("a revision git does not know: status %d error %v; want 3 BAD_REVISION", r.status, m["error"])
	}
	if r := exitlint(t, fixModule(t, fixable), "-new-from-rev", "HEAD", "./..."); r.status != 4 || !strings.Contains(r.stderr, "needs a git work tree") {
		t.Errorf("outside git: status %d stderr %q; want 4", r.status, r.stderr)
	}
}
