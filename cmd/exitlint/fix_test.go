package main_test

import (
	"os"
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
