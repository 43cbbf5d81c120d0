package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// baselineV1 is what exitlint wrote for fixable before baselines named
// files by module: version 1, files relative to the directory it ran in.
const baselineV1 = `{
  "comment": "exitlint baseline: these findings are hidden by exitlint -baseline; write it again with exitlint -write-baseline",
  "version": 1,
  "findings": [
    {"check": "barecode", "file": "main.go", "fingerprint": "586e3d94bf883163:1"},
    {"check": "barecode", "file": "main.go", "fingerprint": "680e89e28128c527:1"},
    {"check": "fallback", "file": "main.go", "fingerprint": "ab6a809248f095cc:1"}
  ]
}
`

// TestBaselineFromASubdirectory: a baseline written at the module's root
// names files by module, so it hides the same findings when exitlint runs
// from a subdirectory (or from above the module), and its entries say
// which module's file each is.
func TestBaselineFromASubdirectory(t *testing.T) {
	dir := fixModule(t, fixable)
	writeFiles(t, dir, map[string]string{"tool/main.go": exitFive})
	r := exitlint(t, dir, "-write-baseline", "exitlint-baseline.json", "./...")
	if r.status != 0 || !strings.Contains(r.stderr, "4 finding(s) recorded") {
		t.Fatalf("-write-baseline: status %d stderr %q", r.status, r.stderr)
	}
	written, _ := os.ReadFile(filepath.Join(dir, "exitlint-baseline.json"))
	if !strings.Contains(string(written), `"version": 2`) || !strings.Contains(string(written), `"file": "fixme/tool/main.go"`) || !strings.Contains(string(written), `"file": "fixme/main.go"`) {
		t.Errorf("the baseline does not name files by module:\n%s", written)
	}
	sub := filepath.Join(dir, "tool")
	data := dataOf(t, exitlint(t, sub, "-json", "-baseline", "../exitlint-baseline.json", "./..."))
	if hidden, _ := data["hidden"].(map[string]any); hidden["baseline"] != 1.0 || len(data["diagnostics"].([]any)) != 0 {
		t.Errorf("from tool/: data %v; want tool's finding hidden", data)
	}
	data = dataOf(t, exitlint(t, sub, "-json", "-baseline", "../exitlint-baseline.json", "../..."))
	if hidden, _ := data["hidden"].(map[string]any); hidden["baseline"] != 4.0 || len(data["diagnostics"].([]any)) != 0 {
		t.Errorf("from tool/, the whole module: data %v; want every finding hidden", data)
	}
	// SARIF's fingerprints are the same from anywhere, as the baseline's.
	if a, b := sarifFingerprints(t, dir, "./..."), sarifFingerprints(t, sub, "../..."); len(a) != 4 || strings.Join(a, ",") != strings.Join(b, ",") {
		t.Errorf("fingerprints from the root %v and from tool/ %v differ", a, b)
	}
}

// sarifFingerprints returns the primaryLocationLineHash of each result of
// exitlint -sarif run in dir on pattern, sorted.
func sarifFingerprints(t *testing.T, dir, pattern string) []string {
	t.Helper()
	r := exitlint(t, dir, "-sarif", pattern)
	var log struct {
		Runs []struct{ Results []sarifResultSeen }
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("status %d: %v\n%s", r.status, err, r.stderr)
	}
	var out []string
	for _, res := range log.Runs[0].Results {
		out = append(out, res.PartialFingerprints["primaryLocationLineHash"])
	}
	slices.Sort(out)
	return out
}

// TestBaselineVersion1: a baseline exitlint wrote before still hides its
// findings from the directory it was written in, which its file names are
// relative to.
func TestBaselineVersion1(t *testing.T) {
	dir := fixModule(t, fixable)
	writeFiles(t, dir, map[string]string{"old-baseline.json": baselineV1})
	data := dataOf(t, exitlint(t, dir, "-json", "-baseline", "old-baseline.json", "./..."))
	if hidden, _ := data["hidden"].(map[string]any); hidden["baseline"] != 3.0 || len(data["diagnostics"].([]any)) != 0 {
		t.Errorf("a version 1 baseline: data %v; want its 3 findings hidden", data)
	}
}
