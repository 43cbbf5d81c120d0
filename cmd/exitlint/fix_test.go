package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fixModule writes a module that uses exitlint's exitcode package (replaced
// by this checkout) and returns its directory.
func fixModule(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	runtime, err := filepath.Abs(filepath.Join("..", "..", "exitcode"))
	if err != nil {
		t.Fatal(err)
	}
	gomod := "module fixme\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000\n\n" +
		"replace github.com/exitlint/exitlint/exitcode => " + runtime + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

const fixable = `package main

import (
	"errors"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func run() error { return errors.New("x") }

func main() {
	if len(os.Args) > 3 {
		os.Exit(3)
	}
	if err := run(); err != nil {
		os.Exit(1)
	}
	exitcode.Exit(exitcode.Code(5))
}
`

func TestFixWritesEveryFix(t *testing.T) {
	dir := fixModule(t, fixable)
	r := exitlint(t, dir, "-fix", "./...")
	if r.status != 0 {
		t.Fatalf("status %d; want 0 once every finding is fixed\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	for _, want := range []string{"os.Exit(int(exitcode.ArgError))", "exitcode.Exit(exitcode.FromError(err))", "exitcode.Exit(exitcode.Code(exitcode.NotFound))"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("fixed file lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(r.stderr, "fixed: ") != 3 {
		t.Errorf("stderr should list the 3 fixes:\n%s", r.stderr)
	}
	// The fixed program is clean.
	if r := exitlint(t, dir, "./..."); r.status != 0 {
		t.Errorf("after -fix: status %d\n%s", r.status, r.stdout)
	}
}

func TestFixLeavesFindingsWithoutFix(t *testing.T) {
	dir := fixModule(t, strings.Replace(fixable, "exitcode.Exit(exitcode.Code(5))", "exitcode.Exit(exitcode.Code(5))\n\tos.Exit(40)", 1))
	r := exitlint(t, dir, "-fix", "-json", "./...")
	m := envelopeOf(t, r)
	if r.status != 81 || errorField(m, "code") != "FINDINGS_AFTER_FIX" {
		t.Fatalf("status %d error %v; want 81 FINDINGS_AFTER_FIX", r.status, m["error"])
	}
	detail := errorField(m, "detail")
	if !strings.Contains(detail, "framework-reserved range") || strings.Count(detail, "fixed: ") != 3 {
		t.Errorf("detail should list the 3 fixes and the remaining finding:\n%s", detail)
	}
}

func TestFixReportsAnUnwritableFile(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root can write read-only files")
	}
	dir := fixModule(t, fixable)
	if err := os.Chmod(filepath.Join(dir, "main.go"), 0o444); err != nil {
		t.Fatal(err)
	}
	r := exitlint(t, dir, "-fix", "./...")
	if r.status != 7 || !strings.Contains(r.stderr, "-fix wrote nothing") {
		t.Errorf("read-only file: status %d stderr %q; want 7 PERMISSION_DENIED", r.status, r.stderr)
	}
}

// TestGoFixAppliesTheSameFixes runs exitlint as go fix's tool (Go 1.26's
// go fix -fixtool) and checks that the result is the file exitlint's own
// -fix writes, and that go vet with the same tool is then clean.
func TestGoFixAppliesTheSameFixes(t *testing.T) {
	want := fixModule(t, fixable)
	if r := exitlint(t, want, "-fix", "./..."); r.status != 0 {
		t.Fatalf("exitlint -fix: status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	dir := fixModule(t, fixable)
	gofix := func(args ...string) (string, int) {
		cmd := exec.Command("go", append([]string{"fix", "-fixtool=" + binary}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, _ := cmd.CombinedOutput()
		return string(out), cmd.ProcessState.ExitCode()
	}
	if out, status := gofix("-diff", "./..."); status == 0 || !strings.Contains(out, "+\t\tos.Exit(int(exitcode.ArgError))") {
		t.Errorf("go fix -diff: status %d; want non-zero and the diff\n%s", status, out)
	}
	if out, status := gofix("./..."); status != 0 {
		t.Fatalf("go fix: status %d\n%s", status, out)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	wantSrc, _ := os.ReadFile(filepath.Join(want, "main.go"))
	if string(got) != string(wantSrc) {
		t.Errorf("go fix wrote\n%s\nexitlint -fix wrote\n%s", got, wantSrc)
	}
	vet := exec.Command("go", "vet", "-vettool="+binary, "./...")
	vet.Dir = dir
	vet.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet after go fix: %v\n%s", err, out)
	}
}
