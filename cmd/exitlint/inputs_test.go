//go:build unix

package main_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/internal/regularfile/regularfiletest"
)

// exitlintWithin is exitlintEnv with a time limit: a run still going after
// limit is killed, and the test fails saying it hung.
func exitlintWithin(t *testing.T, limit time.Duration, dir string, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("exitlint %s hung: killed after %v", strings.Join(args, " "), limit)
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running exitlint: %v", err)
	}
	return result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
}

// unusableFiles makes, in dir, a file of each of regularfiletest's kinds,
// by its kind.
func unusableFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for i, kind := range regularfiletest.Kinds {
		files[kind] = filepath.Join(dir, strconv.Itoa(i))
		regularfiletest.Make(t, files[kind], kind)
	}
	return files
}

// TestUnusableInputFiles: a config file or a baseline that is a named
// pipe, /dev/zero (through a symbolic link) or a file of a terabyte is an
// ARG_ERROR that says what it is, at once: nothing hangs, nothing grows.
func TestUnusableInputFiles(t *testing.T) {
	dir := fixModule(t, fixable)
	for what, file := range unusableFiles(t, t.TempDir()) {
		for _, c := range []struct{ flag, code string }{{"-config", "BAD_CONFIG"}, {"-baseline", "BAD_BASELINE"}} {
			t.Run(c.flag+" "+what, func(t *testing.T) {
				r := exitlintWithin(t, 20*time.Second, dir, nil, "-json", c.flag, file, "./...")
				m := envelopeOf(t, r)
				if r.status != 3 || errorField(m, "code") != c.code || !strings.Contains(errorField(m, "message"), what) || !strings.Contains(errorField(m, "message"), file) {
					t.Errorf("status %d, error %v; want 3 %s naming the file and saying it is %s", r.status, m["error"], c.code, what)
				}
			})
		}
	}
}

// TestUnusableVetConfig: a last argument ending in .cfg that is a file
// of a terabyte is no vet configuration, and is not read to find out.
func TestUnusableVetConfig(t *testing.T) {
	dir := fixModule(t, fixable)
	huge := filepath.Join(t.TempDir(), "unit.cfg")
	if err := os.WriteFile(huge, []byte(`{"ImportPath": "x", "GoFiles": [], "Compiler": "gc"`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, 1<<40); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := exitlintWithin(t, 20*time.Second, dir, nil, "-json", huge)
	envelopeOf(t, r)
	if d := time.Since(start); r.status != 5 || d > 10*time.Second {
		t.Errorf("a .cfg of a terabyte: status %d after %v; want 5 (a pattern that names no package) at once", r.status, d)
	}
}
