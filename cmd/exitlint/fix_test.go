package main_test

import (
	"archive/zip"
	"bytes"
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
	for _, want := range []string{"exitcode.Exit(exitcode.ArgError)", "exitcode.Exit(exitcode.FromError(err))", "exitcode.Exit(exitcode.Code(exitcode.NotFound))"} {
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
	dir := fixModule(t, strings.Replace(fixable, "exitcode.Exit(exitcode.Code(5))", "if len(os.Args) > 4 {\n\t\tos.Exit(40)\n\t}\n\texitcode.Exit(exitcode.Code(5))", 1))
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

// A read-only file is not written, by root either: the run writes
// nothing and says PERMISSION_DENIED.
func TestFixReportsAnUnwritableFile(t *testing.T) {
	dir := fixModule(t, fixable)
	if err := os.Chmod(filepath.Join(dir, "main.go"), 0o444); err != nil {
		t.Fatal(err)
	}
	r := exitlint(t, dir, "-fix", "./...")
	if r.status != 7 || !strings.Contains(r.stderr, "-fix wrote nothing") {
		t.Errorf("read-only file: status %d stderr %q; want 7 PERMISSION_DENIED", r.status, r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != fixable {
		t.Errorf("the read-only file was written:\n%s", got)
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
	if out, status := gofix("-diff", "./..."); status == 0 || !strings.Contains(out, "+\t\texitcode.Exit(exitcode.ArgError)") {
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

// inNamespace runs script with sh as root of new user and mount
// namespaces (unshare -rm), where it can mount file systems that no other
// process sees, with args as $1, $2, ... It returns the script's exit
// status and output, and skips the test where the machine does not allow
// such namespaces. A script exits 97 when it cannot mount.
func inNamespace(t *testing.T, script string, args ...string) (int, string) {
	t.Helper()
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("no unshare command here: this test needs a private mount namespace (unshare -rm, util-linux)")
	}
	if out, err := exec.Command("unshare", "-rm", "true").CombinedOutput(); err != nil {
		t.Skipf("unshare -rm is not permitted here (user namespaces disabled, or no privilege): %v %s", err, out)
	}
	cmd := exec.Command("unshare", append([]string{"-rm", "sh", "-c", script, "sh"}, args...)...)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	status := cmd.ProcessState.ExitCode()
	if status == 97 {
		t.Skipf("cannot mount in a private mount namespace here: %s", out)
	}
	return status, string(out)
}

// runIn is what inNamespace scripts write: exitlint's stdout and stderr,
// and its exit status.
func runIn(t *testing.T, out string, status int) result {
	t.Helper()
	stdout, _ := os.ReadFile(filepath.Join(out, "stdout"))
	stderr, _ := os.ReadFile(filepath.Join(out, "stderr"))
	return result{status, string(stdout), string(stderr)}
}

// On a full disk -fix writes nothing, and the file is left whole: the
// fixed file needs one more page than the original, which a write in
// place (truncate, then write) would cut short.
func TestFixOnAFullDisk(t *testing.T) {
	src := fixable + "\n// "
	src += strings.Repeat("x", 8192-3-len(src)-1) + "\n"
	stage := fixModule(t, src)
	mnt, out := t.TempDir(), t.TempDir()
	const script = `mount -t tmpfs -o size=64k exitlint-test "$1" || exit 97
cp -R "$2"/. "$1"/ || exit 98
dd if=/dev/zero of="$1/fill" bs=1024 2>/dev/null
cd "$1" && "$3" -fix -json ./... >"$4/stdout" 2>"$4/stderr"
status=$?
cp "$1/main.go" "$4/main.go"
ls -A "$1" >"$4/ls"
exit $status`
	status, output := inNamespace(t, script, mnt, stage, binary, out)
	r := runIn(t, out, status)
	m := envelopeOf(t, r)
	if r.status != 4 || errorField(m, "code") != "FIX_NO_SPACE" || !strings.Contains(errorField(m, "message"), "-fix wrote nothing") {
		t.Errorf("status %d error %v; want 4 FIX_NO_SPACE, -fix wrote nothing\n%s", r.status, m["error"], output)
	}
	if got, _ := os.ReadFile(filepath.Join(out, "main.go")); string(got) != src {
		t.Errorf("main.go is %d bytes; want it untouched (%d bytes)", len(got), len(src))
	}
	if ls, _ := os.ReadFile(filepath.Join(out, "ls")); strings.Contains(string(ls), ".exitlint-") {
		t.Errorf("a temporary file was left:\n%s", ls)
	}
}

// On a read-only file system -fix writes nothing: PERMISSION_DENIED, not
// a CONFLICT to run again.
func TestFixOnAReadOnlyFileSystem(t *testing.T) {
	dir, out := fixModule(t, fixable), t.TempDir()
	const script = `mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" || exit 97
cd "$1" && "$2" -fix -json ./... >"$3/stdout" 2>"$3/stderr"`
	status, output := inNamespace(t, script, dir, binary, out)
	r := runIn(t, out, status)
	m := envelopeOf(t, r)
	if r.status != 7 || errorField(m, "code") != "FIX_NOT_WRITABLE" || !strings.Contains(errorField(m, "message"), "read-only file system") {
		t.Errorf("status %d error %v; want 7 FIX_NOT_WRITABLE\n%s", r.status, m["error"], output)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != fixable {
		t.Errorf("main.go was written:\n%s", got)
	}
}

// In a package that uses cgo the fix is written to the user's file, mapped
// back from cmd/cgo's rewrite in the build cache; a fix in code cmd/cgo
// rewrote is refused and its finding stays, with the reason.
func TestFixCgo(t *testing.T) {
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is not enabled here (go env CGO_ENABLED)")
	}
	cc := "gcc"
	if out, err := exec.Command("go", "env", "CC").Output(); err == nil && strings.TrimSpace(string(out)) != "" {
		cc = strings.Fields(string(out))[0]
	}
	if _, err := exec.LookPath(cc); err != nil {
		t.Skipf("no C compiler (%s) for cgo", cc)
	}
	src := `package main

// #include <stdlib.h>
import "C"

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
	if len(os.Args) > 4 {
		os.Exit(int(C.int(4)))
	}
	if err := run(); err != nil {
		os.Exit(int(C.int(1)))
	}
	exitcode.Exit(exitcode.Success)
}
`
	dir := fixModule(t, src)
	r := exitlint(t, dir, "-fix", "-json", "./...")
	m := envelopeOf(t, r)
	detail := errorField(m, "detail")
	if r.status != 81 || !strings.Contains(detail, "written: main.go") ||
		!strings.Contains(detail, "fix not written: main.go:23:3 [fallback]: the fix lies in a part of main.go:23 that cmd/cgo rewrote") {
		t.Errorf("status %d error %v; want 81, main.go written, the fix on line 23 not", r.status, m["error"])
	}
	want := strings.Replace(strings.Replace(src, "os.Exit(3)", "exitcode.Exit(exitcode.ArgError)", 1), "C.int(4)", "C.int(int(exitcode.Precondition))", 1)
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != want {
		t.Errorf("main.go:\n%s\nwant\n%s", got, want)
	}
}

// A source file that is a symbolic link to a file outside the module is
// not written through the link.
func TestFixRefusesASymlinkOutOfTheModule(t *testing.T) {
	dir := fixModule(t, fixable)
	target := filepath.Join(t.TempDir(), "main.go")
	if err := os.Rename(filepath.Join(dir, "main.go"), target); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "main.go")); err != nil {
		t.Fatal(err)
	}
	r := exitlint(t, dir, "-fix", "-json", "./...")
	m := envelopeOf(t, r)
	if r.status != 80 || errorField(m, "code") != "FINDINGS" || !strings.Contains(errorField(m, "message"), "-fix wrote nothing") ||
		strings.Count(errorField(m, "detail"), "is a symbolic link to "+target+", outside module fixme") != 3 {
		t.Errorf("status %d error %v; want 80 with the 3 fixes not written, the link named", r.status, m["error"])
	}
	if got, _ := os.ReadFile(target); string(got) != fixable {
		t.Errorf("the file outside the module was written:\n%s", got)
	}
}

// moduleProxy lays out a module version as a GOPROXY=file:// directory
// serves it.
func moduleProxy(t *testing.T, proxy, path, version string, files map[string]string) {
	t.Helper()
	dir := filepath.Join(proxy, path, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	for name, content := range files {
		w, err := zw.Create(path + "@" + version + "/" + name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"list":            version + "\n",
		version + ".info": `{"Version":"` + version + `","Time":"2024-01-01T00:00:00Z"}`,
		version + ".mod":  files["go.mod"],
		version + ".zip":  zipped.String(),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A dependency's files, in the module cache, are never written, even when
// the patterns name the dependency and the files are writable.
func TestFixNeverWritesTheModuleCache(t *testing.T) {
	proxy, cache := t.TempDir(), t.TempDir()
	depSrc := "package dep\n\nimport (\n\t\"os\"\n\n\t\"github.com/exitlint/exitlint/exitcode\"\n)\n\n// Fail exits.\nfunc Fail() {\n\tif len(os.Args) > 3 {\n\t\tos.Exit(3)\n\t}\n\texitcode.Exit(exitcode.Success)\n}\n"
	moduleProxy(t, proxy, "example.com/dep", "v1.0.0", map[string]string{
		"go.mod": "module example.com/dep\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000\n",
		"dep.go": depSrc,
	})
	dir := fixModule(t, "package main\n\nimport \"example.com/dep\"\n\nfunc main() { dep.Fail() }\n")
	gomod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	gomod = []byte(strings.Replace(string(gomod), "require ", "require example.com/dep v1.0.0\n\nrequire ", 1))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), gomod, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(binary, "-fix", "-json", "-test=false", "example.com/dep")
	cmd.Dir = dir
	// -modcacherw: the files are writable, so only their place keeps
	// them from being written.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod -modcacherw", "GOPROXY=file://"+filepath.ToSlash(proxy), "GOSUMDB=off", "GOMODCACHE="+cache)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	r := result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
	m := envelopeOf(t, r)
	if r.status != 80 || !strings.Contains(errorField(m, "detail"), "lies in the module cache (GOMODCACHE): -fix never writes there") {
		t.Errorf("status %d error %v; want 80 with the fix not written, in the module cache\nstderr %s", r.status, m["error"], r.stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(cache, "example.com", "dep@v1.0.0", "dep.go")); string(got) != depSrc {
		t.Errorf("the module cache's copy was written:\n%s", got)
	}
}

// A run that ends in PRECONDITION, because a package does not type-check,
// writes nothing: PRECONDITION promises no side effects.
func TestFixWritesNothingWhenAPackageIsSkipped(t *testing.T) {
	dir := fixModule(t, fixable)
	if err := os.MkdirAll(filepath.Join(dir, "bad"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "bad", "bad.go"), []byte("package bad\n\nvar X int = \"not an int\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := exitlint(t, dir, "-fix", "-json", "./...")
	m := envelopeOf(t, r)
	if r.status != 4 || errorField(m, "code") != "PACKAGES_SKIPPED" || !strings.Contains(errorField(m, "message"), "-fix wrote nothing (3 fix(es) held back)") {
		t.Errorf("status %d error %v; want 4 PACKAGES_SKIPPED saying -fix wrote nothing", r.status, m["error"])
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != fixable {
		t.Errorf("main.go was written by a run that exits PRECONDITION:\n%s", got)
	}
}

// A file with a byte order mark and CRLF line endings keeps both.
func TestFixKeepsBOMAndCRLF(t *testing.T) {
	lf := fixModule(t, fixable)
	if r := exitlint(t, lf, "-fix", "./..."); r.status != 0 {
		t.Fatalf("exitlint -fix: status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	fixedLF, _ := os.ReadFile(filepath.Join(lf, "main.go"))
	const bom = "\ufeff"
	dir := fixModule(t, bom+strings.ReplaceAll(fixable, "\n", "\r\n"))
	if r := exitlint(t, dir, "-fix", "./..."); r.status != 0 {
		t.Fatalf("exitlint -fix: status %d\n%s%s", r.status, r.stdout, r.stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	if want := bom + strings.ReplaceAll(string(fixedLF), "\n", "\r\n"); string(got) != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
