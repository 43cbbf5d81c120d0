//go:build unix

package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFixReadOnlyDirectory: a directory whose mode lets no one write is
// not written, by root either (root may write anywhere, and the tests run
// as root on CI machines): -fix writes nothing and the run is
// PERMISSION_DENIED (7), as it is for any other user.
func TestFixReadOnlyDirectory(t *testing.T) {
	dir := fixModule(t, fixable)
	before, _ := os.ReadDir(dir)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	r := exitlint(t, dir, "-json", "-fix", "./...")
	m := envelopeOf(t, r)
	if r.status != 7 || errorField(m, "code") != "FIX_NOT_WRITABLE" || !strings.Contains(errorField(m, "message"), "read-only") {
		t.Errorf("uid %d: status %d, error %v; want 7 FIX_NOT_WRITABLE saying the directory is read-only", os.Getuid(), r.status, m["error"])
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != fixable {
		t.Errorf("the file in the read-only directory was written:\n%s", got)
	}
	if after, _ := os.ReadDir(dir); len(after) != len(before) {
		t.Errorf("the read-only directory holds %d entries, %d before; want nothing added", len(after), len(before))
	}
}

// TestFixRemovesLeftovers: the temporary files a -fix that was killed
// left beside the files it was writing (.NAME.exitlint-*) are removed by
// the next -fix in their directory, and the run says so: one of a process
// that no longer runs, and one of an earlier exitlint's naming an hour
// old. One of a process that still runs, a -fix at work, stays.
func TestFixRemovesLeftovers(t *testing.T) {
	dir := fixModule(t, fixable)
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	leftovers := map[string]bool{
		".main.go.exitlint-" + strconv.Itoa(dead.Process.Pid) + "-12345": true,  // its process is gone
		".main.go.exitlint-987654321":                                    true,  // an earlier naming, an hour old
		".main.go.exitlint-" + strconv.Itoa(os.Getpid()) + "-1":          false, // this test's process runs
	}
	for name := range leftovers {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("package main // half written"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * time.Hour)
	os.Chtimes(filepath.Join(dir, ".main.go.exitlint-987654321"), old, old)
	r := exitlint(t, dir, "-json", "-fix", "./...")
	m := envelopeOf(t, r)
	warnings, _ := m["warnings"].([]any)
	if r.status != 0 || len(warnings) != 2 {
		t.Errorf("status %d, warnings %v; want 0, and a warning for each file removed", r.status, warnings)
	}
	for name, removed := range leftovers {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := os.IsNotExist(err); gone != removed {
			t.Errorf("%s: removed %v; want %v", name, gone, removed)
		}
	}
}
