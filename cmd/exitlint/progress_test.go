package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerbose: -v says each stage of the run on stderr, and stdout is what
// it is without -v; stderr, a pipe here, gets no progress line.
func TestVerbose(t *testing.T) {
	plain := exitlint(t, cases, "./barecode/...")
	r := exitlint(t, cases, "-v", "-cache=false", "./barecode/...")
	if r.status != plain.status || r.stdout != plain.stdout {
		t.Errorf("-v changed the run: status %d, stdout\n%s", r.status, r.stdout)
	}
	for _, want := range []string{"s go list: ", "s checks: barecode, fallback,", "s analysis: ", " type-checked from source, ", "s findings: ", "s done: exit code 80"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("-v: stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	for _, r := range []result{r, exitlint(t, cases, "-cache=false", "./...")} {
		if strings.ContainsAny(r.stderr, "\r\033") {
			t.Errorf("a progress line on a stderr that is no terminal:\n%q", r.stderr)
		}
	}
}

// TestProgressOnATerminal runs exitlint under script(1), whose
// pseudo-terminal is its stderr: the line counting packages is drawn
// there, and erased, and stdout, a file, holds the envelope alone.
func TestProgressOnATerminal(t *testing.T) {
	if _, err := exec.LookPath("script"); err != nil {
		t.Skip("no script(1) to give exitlint a terminal")
	}
	// A run of the cases may end before the line's delay: this build draws
	// it after 1 ms.
	dir := t.TempDir()
	drawing := filepath.Join(dir, "exitlint")
	if b, err := exec.Command("go", "build", "-ldflags=-X main.progressDelayText=1ms", "-o", drawing, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	out := filepath.Join(dir, "out.json")
	cmd := exec.Command("script", "-qec", drawing+" -json -cache=false ./... > "+out, "/dev/null")
	cmd.Dir = cases
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "TERM=xterm")
	tty, _ := cmd.CombinedOutput()
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	envelopeOf(t, result{status: cmd.ProcessState.ExitCode(), stdout: string(data)})
	if !strings.Contains(string(tty), "\rexitlint: analyzing ") || !strings.Contains(string(tty), " packages\033[K") || !strings.HasSuffix(string(tty), "\r\033[K") {
		t.Errorf("the terminal got no progress line, or it was not erased:\n%q", tty)
	}
}
