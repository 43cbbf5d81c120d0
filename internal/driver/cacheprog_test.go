package driver_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/internal/driver"
)

// fakeProg builds testdata/cacheprog, a GOCACHEPROG program that keeps
// bodies in a directory and logs each request, and returns the command
// for it with extra arguments, and its log file.
func fakeProg(t *testing.T, extra ...string) (command, logFile string) {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cacheprog")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/cacheprog").CombinedOutput(); err != nil {
		t.Fatalf("building the fake cache program: %v\n%s", err, out)
	}
	store := t.TempDir()
	logFile = filepath.Join(t.TempDir(), "log")
	return strings.Join(append([]string{bin, "-dir", store, "-log", logFile}, extra...), " "), logFile
}

// countLines counts the requests in the log that this test process made
// and that the log names line ("put", "get hit").
func countLines(t *testing.T, logFile, line string) int {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(logFile)
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if l == filepath.Base(exe)+": "+line {
			n++
		}
	}
	return n
}

// TestCacheProg: with a GOCACHEPROG program keeping the entries, a cold
// run puts them, a warm run (another process: the program is started
// again) gets them and analyzes nothing, and the findings are those of a
// run without a cache.
func TestCacheProg(t *testing.T) {
	dir := module(t)
	command, logFile := fakeProg(t)
	want, _ := runOnce(t, dir, nil)

	cache, err := driver.OpenCacheProg(command, "", os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	cold, res := runOnce(t, dir, cache)
	compare(t, want, cold)
	if err := cache.WriteErr(); err != nil {
		t.Errorf("cold run: %v", err)
	}
	if err := cache.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	puts := countLines(t, logFile, "put")
	if puts == 0 || puts != len(res.Analyzed) || countLines(t, logFile, "close") != 1 {
		t.Errorf("cold run: %d puts for %d packages analyzed, %d closes; want one put each and one close", puts, len(res.Analyzed), countLines(t, logFile, "close"))
	}

	cache, err = driver.OpenCacheProg(command, "", os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	warm, res := runOnce(t, dir, cache)
	compare(t, want, warm)
	if len(res.Analyzed) != 0 || countLines(t, logFile, "get hit") == 0 {
		t.Errorf("warm run analyzed %v with %d hits; want nothing analyzed", res.Analyzed, countLines(t, logFile, "get hit"))
	}
}

// TestCacheProgFailures: a GOCACHEPROG that cannot be parsed is an error
// that names it. One that cannot be started, or does not serve get and
// put, is started only when the cache is first used, and leaves the entries
// to the directory, saying so on stderr. One that dies in the middle of a
// run costs the run its cache, never its findings.
func TestCacheProgFailures(t *testing.T) {
	if _, err := driver.OpenCacheProg(`prog "unclosed`, "", os.Stderr); err == nil || !strings.Contains(err.Error(), "quote") {
		t.Errorf("an unclosed quote: %v; want an error saying so", err)
	}
	dir := module(t)
	want, _ := runOnce(t, dir, nil)
	getOnly, _ := fakeProg(t, "-commands", "get")
	for _, command := range []string{"/nonexistent/cacheprog -x", getOnly} {
		cdir := t.TempDir()
		var stderr strings.Builder
		cache, err := driver.OpenCacheProg(command, cdir, &stderr)
		if err != nil {
			t.Fatalf("%s: %v", command, err)
		}
		if stderr.Len() != 0 {
			t.Errorf("%s: before its first use: %q; want nothing started, nothing said", command, stderr.String())
		}
		got, _ := runOnce(t, dir, cache)
		compare(t, want, got)
		entries, _ := filepath.Glob(filepath.Join(cdir, "*", "*-e"))
		if msg := stderr.String(); len(entries) == 0 || !strings.Contains(msg, "GOCACHEPROG") || !strings.Contains(msg, "using the cache directory instead") || strings.Count(msg, "GOCACHEPROG") != 1 {
			t.Errorf("%s: %d entries in the directory, stderr %q; want entries there and one note naming the program", command, len(entries), msg)
		}
		cache.Close()
	}

	command, _ := fakeProg(t, "-die-after", "5")
	cache, err := driver.OpenCacheProg(command, "", os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	got, res := runOnce(t, dir, cache)
	compare(t, want, got)
	if len(res.Analyzed) == 0 {
		t.Error("nothing analyzed")
	}
	if err := cache.WriteErr(); err == nil || !strings.Contains(err.Error(), "GOCACHEPROG") {
		t.Errorf("after the program died: WriteErr %v; want an error naming GOCACHEPROG", err)
	}
	cache.Close()
}
