package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// goCmd runs the go command in dir with env added and returns its output.
func goCmd(t *testing.T, dir string, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestReleaseInstalls applies the release steps to a checkout of this
// repository's HEAD, writes the tagged modules to a module proxy directory,
// and runs the install a user runs,
// `go install github.com/exitlint/exitlint/cmd/exitlint@VERSION`, against
// it, with an empty module cache: the runtime modules are resolved as
// published modules, not replaced. The same install from the checkout as it
// is (with replace directives) fails. It takes a minute or more (go mod
// tidy, then a build of exitlint from the module cache), so it runs when
// EXITLINT_RELEASE=1: .ci/run sets it.
func TestReleaseInstalls(t *testing.T) {
	if os.Getenv("EXITLINT_RELEASE") == "" {
		t.Skip("slow (tidies two modules and builds exitlint from a fresh module cache): set EXITLINT_RELEASE=1, as .ci/run does")
	}
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	checkout := filepath.Join(work, "exitlint")
	if out, err := exec.Command("git", "clone", "-q", repo, checkout).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	upstream, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		t.Fatal(err)
	}
	// The modules already downloaded, then the usual proxy for any that
	// are not.
	known := "file://" + filepath.ToSlash(filepath.Join(strings.TrimSpace(string(cache)), "cache", "download")) + "," + strings.TrimSpace(string(upstream))
	workTreeVersion(t, checkout)
	t.Chdir(checkout)
	t.Setenv("GOPROXY", known)
	t.Setenv("GOFLAGS", "")
	t.Setenv("GOSUMDB", "off") // the released modules are in no checksum database
	t.Setenv("GOTOOLCHAIN", "local")

	// The checkout as it is, tagged and published: go install refuses it.
	unreleased := filepath.Join(work, "unreleased-proxy")
	if err := tagAndPublish("v0.98.0", root, "v0.98.0", ".", unreleased); err != nil {
		t.Fatal(err)
	}
	install := func(proxy, version string) (string, string, error) {
		bin, modcache, dir := t.TempDir(), t.TempDir(), t.TempDir()
		out, err := goCmd(t, dir, []string{"GOBIN=" + bin, "GOMODCACHE=" + modcache, "GOWORK=off", "GOFLAGS=-modcacherw",
			"GOPROXY=file://" + filepath.ToSlash(proxy) + "," + known}, "install", root+"/cmd/exitlint@"+version)
		return filepath.Join(bin, "exitlint"), out, err
	}
	if _, out, err := install(unreleased, "v0.98.0"); err == nil || !strings.Contains(out, "replace directives") {
		t.Errorf("go install of the checkout as it is: %v; want the go command to refuse its replace directives\n%s", err, out)
	}

	proxy := filepath.Join(work, "proxy")
	if err := release("v0.99.0", proxy); err != nil {
		t.Fatal(err)
	}
	exe, out, err := install(proxy, "v0.99.0")
	if err != nil {
		t.Fatalf("go install %s/cmd/exitlint@v0.99.0: %v\n%s", root, err, out)
	}
	info, err := goCmd(t, work, nil, "version", "-m", exe)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"mod\t" + root + "\tv0.99.0", "dep\t" + root + "/exitcode\tv0.99.0", "dep\t" + root + "/envelope\tv0.99.0"} {
		if !strings.Contains(info, want) {
			t.Errorf("the installed exitlint lacks %q:\n%s", want, info)
		}
	}
	if strings.Contains(info, "=>") {
		t.Errorf("the installed exitlint has a replaced module:\n%s", info)
	}
	cmd := exec.Command(exe, "-json", "./...")
	cmd.Dir = filepath.Join(checkout, "cmd", "exitlint", "testdata", "clean")
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), `"ok":true`) {
		t.Errorf("the installed exitlint on a clean module: %v\n%s", err, out)
	}
	releaseVersion(t, exe, filepath.Join(checkout, "cmd", "exitlint", "testdata", "clean"))
	for _, tag := range []string{"exitcode/v0.99.0", "envelope/v0.99.0", "v0.99.0"} {
		if out, err := exec.Command("git", "rev-parse", "--verify", "--quiet", tag).Output(); err != nil || len(out) == 0 {
			t.Errorf("tag %s is missing", tag)
		}
	}
	if gomod, _ := os.ReadFile(filepath.Join(checkout, "go.mod")); strings.Contains(string(gomod), "replace") {
		t.Errorf("the released go.mod still has a replace directive:\n%s", gomod)
	}
}

// runExe runs exe in dir and returns its stdout.
func runExe(t *testing.T, dir, exe string, args ...string) string {
	t.Helper()
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("%s %s: %v\n%s", exe, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// releaseVersion: a release says its version in -version, in -V=full as
// the go command reads a release's (the whole line, buildID included, is
// the tool's ID: go vet runs with it), and in SARIF, with semanticVersion.
func releaseVersion(t *testing.T, exe, clean string) {
	t.Helper()
	if out := runExe(t, clean, exe, "-version"); !strings.HasPrefix(out, "exitlint v0.99.0\n") {
		t.Errorf("-version of the release: %q", out)
	}
	if out := runExe(t, clean, exe, "-V=full"); !strings.HasPrefix(out, "exitlint version v0.99.0 buildID=") {
		t.Errorf("-V=full of the release: %q", out)
	}
	if out := runExe(t, clean, exe, "-json", "-h"); !strings.Contains(out, `"url":"https://github.com/exitlint/exitlint/blob/v0.99.0/docs/checks/barecode.md"`) {
		t.Errorf("the release's docs links are not at its tag:\n%s", out)
	}
	if out := runExe(t, clean, exe, "-sarif", "./..."); !strings.Contains(out, `"version": "v0.99.0",`) || !strings.Contains(out, `"semanticVersion": "0.99.0",`) {
		t.Errorf("SARIF of the release lacks its version and semanticVersion:\n%s", out)
	}
	vet := exec.Command("go", "vet", "-vettool="+exe, "./...")
	vet.Dir = clean
	vet.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet with the release: %v\n%s", err, out)
	}
}

// workTreeVersion: exitlint built in a clone says "devel" and the
// revision, with +dirty once the work tree has changes.
func workTreeVersion(t *testing.T, checkout string) {
	t.Helper()
	head, err := exec.Command("git", "-C", checkout, "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	rev := strings.TrimSpace(string(head))
	var lastBuilt string
	build := func() string {
		exe := filepath.Join(t.TempDir(), "exitlint")
		lastBuilt = exe
		if out, err := goCmd(t, filepath.Join(checkout, "cmd", "exitlint"), []string{"GOWORK=off", "GOFLAGS=-buildvcs=true"}, "build", "-o", exe, "."); err != nil {
			t.Fatalf("go build in the clone: %v\n%s", err, out)
		}
		return runExe(t, checkout, exe, "-version")
	}
	if out := build(); !strings.HasPrefix(out, "exitlint devel "+rev[:12]+"\n") || !strings.Contains(out, "revision "+rev) {
		t.Errorf("-version of a build in a clean clone at %s: %q", rev, out)
	}
	if out := runExe(t, checkout, lastBuilt, "-json", "-h"); !strings.Contains(out, `"url":"https://github.com/exitlint/exitlint/blob/`+rev+`/docs/checks/barecode.md"`) {
		t.Errorf("the docs links of a build at %s are not at its revision:\n%s", rev, out)
	}
	readme := filepath.Join(checkout, "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readme, append(data, "\nchanged\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.WriteFile(readme, data, 0o644)
	if out := build(); !strings.HasPrefix(out, "exitlint devel "+rev[:12]+"+dirty\n") || !strings.Contains(out, "(modified)") {
		t.Errorf("-version of a build in a clone with changes: %q", out)
	}
}
