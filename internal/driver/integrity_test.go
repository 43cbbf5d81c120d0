//go:build unix

package driver_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/regularfile/regularfiletest"
)

// entriesHolding returns the cache entries under dir whose bytes hold s.
func entriesHolding(t *testing.T, dir, s string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if data, err := os.ReadFile(path); err == nil && bytes.Contains(data, []byte(s)) {
				out = append(out, path)
			}
		}
		return nil
	})
	if len(out) == 0 {
		t.Fatalf("no entry under %s holds %q", dir, s)
	}
	return out
}

// rewrite replaces old with new in the file, which must hold it.
func rewrite(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil || !bytes.Contains(data, []byte(old)) {
		t.Fatalf("%s: %v, or it does not hold %q", file, err, old)
	}
	if err := os.WriteFile(file, bytes.ReplaceAll(data, []byte(old), []byte(new)), 0o666); err != nil {
		t.Fatal(err)
	}
}

// within runs f, failing the test if it has not returned after limit: a
// run that hangs on the cache must fail, not stall the suite.
func within(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-ctx.Done():
		t.Fatalf("%s hung: no result after %v", what, limit)
	}
}

// filledCache writes the module, runs it without a cache (want, its
// findings) and with a new cache, and returns cmd/app's entry there.
func filledCache(t *testing.T) (dir string, want map[string]bool, cache *driver.Cache, app string) {
	t.Helper()
	dir = module(t)
	want, _ = runOnce(t, dir, nil)
	cdir := t.TempDir()
	cache, err := driver.OpenCache(cdir)
	if err != nil {
		t.Fatal(err)
	}
	runOnce(t, dir, cache)
	return dir, want, cache, entriesHolding(t, cdir, "ARG_ERROR emitted by")[0]
}

// TestCacheEntriesCannotLie: an entry whose content was changed after it
// was written (a finding's message changed to another of the same length,
// the name of the findings' field changed so that they decode as none, a
// single bit flipped anywhere) is a miss: its package is analyzed again,
// the findings are those of a run without the cache, and the entry is
// written again, so the run after it reuses everything.
func TestCacheEntriesCannotLie(t *testing.T) {
	dir, want, cache, app := filledCache(t)
	pristine, _ := os.ReadFile(app)
	tamper := map[string]func(){
		"message":     func() { rewrite(t, app, "ARG_ERROR emitted by", "ARG_ERROR emitted bY") },
		"field name":  func() { rewrite(t, app, "Diagnostics", "Diagnostixs") },
		"truncated":   func() { os.WriteFile(app, pristine[:len(pristine)-1], 0o666) },
		"bit flipped": nil, // below, at many places
	}
	for i := 1; i < 16; i++ {
		at := i * len(pristine) / 16
		tamper[fmt.Sprintf("bit flipped at byte %d", at)] = func() {
			data := slices.Clone(pristine)
			data[at] ^= 1 << (i % 8)
			os.WriteFile(app, data, 0o666)
		}
	}
	delete(tamper, "bit flipped")
	for what, change := range tamper {
		t.Run(what, func(t *testing.T) {
			os.WriteFile(app, pristine, 0o666)
			change()
			analyzedAgain(t, dir, want, func() *driver.Cache { return cache })
		})
	}
}

// TestCacheEntriesThatAreNoFiles: an entry that is a named pipe, a
// symbolic link to /dev/zero or a file of a terabyte is a miss, at once:
// its package is analyzed again and the entry written in its place.
func TestCacheEntriesThatAreNoFiles(t *testing.T) {
	for _, what := range regularfiletest.Kinds {
		t.Run(what, func(t *testing.T) {
			dir, want, cache, app := filledCache(t)
			os.Remove(app)
			regularfiletest.Make(t, app, what)
			within(t, 60*time.Second, "a run over an entry that is "+what, func() {
				got, res := runOnce(t, dir, cache)
				compare(t, want, got)
				if !slices.Contains(res.Analyzed, "example.com/m/cmd/app") {
					t.Errorf("cmd/app was not analyzed again (analyzed %v)", res.Analyzed)
				}
			})
			if info, err := os.Lstat(app); err != nil || !info.Mode().IsRegular() || info.Size() > 1<<20 {
				t.Errorf("the entry was not written again in its place: %v, %v", info, err)
			}
		})
	}
}

// TestCacheProgEntriesCannotLie: through a GOCACHEPROG program too, an
// entry changed after it was put is a miss, its package analyzed again
// and the entry put again.
func TestCacheProgEntriesCannotLie(t *testing.T) {
	dir := module(t)
	want, _ := runOnce(t, dir, nil)
	store := t.TempDir()
	command, _ := fakeProg(t, "-dir", store) // the last -dir counts
	open := func() *driver.Cache {
		cache, err := driver.OpenCacheProg(command, "", os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cache.Close() })
		return cache
	}
	runOnce(t, dir, open())
	app := entriesHolding(t, store, "ARG_ERROR emitted by")[0]
	rewrite(t, app, "ARG_ERROR emitted by", "ARG_ERROR emitted bY")
	analyzedAgain(t, dir, want, open)
}

// analyzedAgain runs the module with cmd/app's entry unusable: cmd/app is
// analyzed again, with want's findings, and the entry is written anew, so
// that the run after it analyzes nothing. cache gives each run's cache.
func analyzedAgain(t *testing.T, dir string, want map[string]bool, cache func() *driver.Cache) {
	t.Helper()
	got, res := runOnce(t, dir, cache())
	compare(t, want, got)
	if !slices.Contains(res.Analyzed, "example.com/m/cmd/app") {
		t.Errorf("with its entry unusable, cmd/app was not analyzed again (analyzed %v)", res.Analyzed)
	}
	got, res = runOnce(t, dir, cache())
	compare(t, want, got)
	if len(res.Analyzed) != 0 {
		t.Errorf("the run after it analyzed %v; want the entry written anew, and nothing analyzed", res.Analyzed)
	}
}

// TestCacheProgStalls: a GOCACHEPROG program that answers its greeting
// and then stalls (it reads the requests and answers none) or answers
// with an ID no request has costs the run the program, not the run: each
// request waits 10 seconds at most, the directory keeps the entries for
// the rest of the run, the findings are those of a run without the cache,
// and stderr is told once.
func TestCacheProgStalls(t *testing.T) {
	dir := module(t)
	want, _ := runOnce(t, dir, nil)
	for _, mode := range []string{"-stall-after", "-wrong-id-after"} {
		t.Run(mode, func(t *testing.T) {
			command, _ := fakeProg(t, mode, "2")
			cdir := t.TempDir()
			var stderr strings.Builder
			cache, err := driver.OpenCacheProg(command, cdir, &stderr)
			if err != nil {
				t.Fatal(err)
			}
			defer cache.Close()
			start := time.Now()
			within(t, 90*time.Second, "a run with a program that "+mode, func() {
				got, _ := runOnce(t, dir, cache)
				compare(t, want, got)
			})
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("the run took %v; want one request's wait of 10 seconds at most", d)
			}
			entries, _ := filepath.Glob(filepath.Join(cdir, "*", "*-e"))
			if msg := stderr.String(); len(entries) == 0 || strings.Count(msg, "GOCACHEPROG") != 1 || !strings.Contains(msg, "using the cache directory instead") {
				t.Errorf("%d entries in the directory, stderr %q; want the entries there and one note naming the program", len(entries), msg)
			}
		})
	}
}

// reseal replaces old with new in the entry file and writes its checksum
// again, as someone who can write the cache and knows the format can
// (entry.go): the checksum is no signature.
func reseal(t *testing.T, file, old, new string) {
	t.Helper()
	rewrite(t, file, old, new)
	data, _ := os.ReadFile(file)
	k, err := hex.DecodeString(strings.TrimSuffix(filepath.Base(file), "-e"))
	if err != nil || len(data) < 52 {
		t.Fatalf("%s is no entry: %v", file, err)
	}
	h := sha256.New()
	h.Write(k)
	h.Write(data[:20])
	h.Write(data[52:])
	copy(data[20:52], h.Sum(nil))
	if err := os.WriteFile(file, data, 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestFreshRunsReadNoEntry: an entry changed and sealed again passes its
// checksum, and a run that reads the cache reports what it says; a run
// with Config.Fresh (exitlint -fix) reads no entry, analyzes every
// package from its files and reports what they hold, and writes the
// entries it computed over the others.
func TestFreshRunsReadNoEntry(t *testing.T) {
	dir, want, cache, app := filledCache(t)
	reseal(t, app, "ARG_ERROR emitted by", "ARG_ERROR emitted bY")
	if got, _ := runOnce(t, dir, cache); !hasLine(got, "emitted bY") {
		t.Fatalf("the entry sealed again was not read: the test changes nothing")
	}
	g, err := driver.Load(driver.Config{Tests: true, Dir: dir, Env: env, Cache: cache, Fresh: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	res := g.Run(all.Analyzers())
	compare(t, want, findingsOf(g, res))
	if !slices.Contains(res.Analyzed, "example.com/m/cmd/app") || res.Reused != 0 {
		t.Errorf("a fresh run analyzed %v and reused %d; want every package analyzed", res.Analyzed, res.Reused)
	}
	got, _ := runOnce(t, dir, cache)
	compare(t, want, got)
}
