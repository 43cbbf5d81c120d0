package main_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExcludeStaysInTheTree: an exclude path that leaves the tree the
// config file belongs to (its repository, or its workspace or module) is
// an ARG_ERROR naming the file and the line, as an absolute one is:
// exclude: [../..] hid every finding and exited 0. The flag's paths,
// relative to the working directory, keep to the working directory's tree
// alike.
func TestExcludeStaysInTheTree(t *testing.T) {
	for _, path := range []string{"../..", "..", "gen/../../x", "../*"} {
		dir := configModule(t, "exclude: [gen, "+path+"]\n")
		r := exitlint(t, dir, "-json", "./...")
		m := envelopeOf(t, r)
		want := filepath.Join(dir, ".exitlint.yml") + ":1: exclude: " + path
		if r.status != 3 || errorField(m, "code") != "BAD_CONFIG" || !strings.Contains(errorField(m, "message"), want) || !strings.Contains(errorField(m, "message"), "outside") {
			t.Errorf("exclude: [%s]: status %d, error %v; want 3 BAD_CONFIG at %s saying it lies outside", path, r.status, m["error"], want)
		}
	}
	dir := configModule(t, "")
	r := exitlint(t, dir, "-json", "-config.exclude=../..", "./...")
	m := envelopeOf(t, r)
	if r.status != 3 || errorField(m, "code") != "USAGE" || !strings.Contains(errorField(m, "message"), "-config.exclude") || !strings.Contains(errorField(m, "message"), "outside") {
		t.Errorf("-config.exclude=../..: status %d, error %v; want 3 USAGE saying it lies outside", r.status, m["error"])
	}
}

// TestExcludeCounted: -json counts the findings exclude hid, in
// meta.hidden.excluded whatever the exit code, and in data.hidden on
// success; the text output says it on stderr.
func TestExcludeCounted(t *testing.T) {
	dir := configModule(t, "exclude: [gen/...]\n") // gen's os.Exit(9)
	r := exitlint(t, dir, "-json", "./...")
	m := envelopeOf(t, r)
	meta, _ := m["meta"].(map[string]any)
	hidden, _ := meta["hidden"].(map[string]any)
	if r.status != 80 || hidden["excluded"] != 1.0 || strings.Contains(errorField(m, "detail"), "gen.go") {
		t.Errorf("status %d, meta %v; want 80 and meta.hidden.excluded 1, gen's finding not reported", r.status, meta)
	}
	// A baseline records what exclude left: the other findings.
	r = exitlint(t, dir, "-json", "-write-baseline", filepath.Join(t.TempDir(), "b.json"), "./...")
	m = envelopeOf(t, r)
	if hidden, _ := m["meta"].(map[string]any)["hidden"].(map[string]any); r.status != 0 || hidden["excluded"] != 1.0 || hidden["baseline"] != 3.0 {
		t.Errorf("-write-baseline: status %d, meta.hidden %v; want 0, excluded 1 and the 3 others in the baseline", r.status, hidden)
	}
	r = exitlint(t, dir, "-json", "-findings-ok", "./...")
	m = envelopeOf(t, r)
	data, _ := m["data"].(map[string]any)
	if hidden, _ := data["hidden"].(map[string]any); r.status != 0 || hidden["excluded"] != 1.0 {
		t.Errorf("-findings-ok: status %d, data.hidden %v; want 0 and excluded 1", r.status, data["hidden"])
	}
	if r := exitlint(t, dir, "./..."); !strings.Contains(r.stderr, "1 in paths exclude leaves out") {
		t.Errorf("text: stderr %q; want the count of what exclude hid", r.stderr)
	}
}
