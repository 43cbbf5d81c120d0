package main_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// exitlintEnv runs the binary in dir as exitlint does, with env added to
// the environment (a later setting wins).
func exitlintEnv(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off"), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running exitlint: %v", err)
	}
	return result{cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()}
}

// writeFiles writes files (by slash-separated name, relative to dir).
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// module writes a module in a new directory and returns the directory.
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	return dir
}

const exitFive = "package main\n\nimport \"os\"\n\nfunc main() { os.Exit(5) }\n"

// noPanic fails when stderr shows a panic.
func noPanic(t *testing.T, r result) {
	t.Helper()
	if strings.Contains(r.stderr, "panic") || strings.Contains(r.stderr, "goroutine ") {
		t.Errorf("panicked:\n%s", r.stderr)
	}
}

// TestUnmatchedPatterns: a pattern that names no package is named, never
// dropped: beside patterns that matched it makes the run NOT_FOUND with the
// others' findings; alone, NOT_FOUND naming every pattern; and -fix writes
// nothing then.
func TestUnmatchedPatterns(t *testing.T) {
	t.Run("beside a pattern that matched", func(t *testing.T) {
		r := exitlint(t, "testdata/clean", "-json", "./...", "./typo-dir", "example.com/nosuch")
		m := envelopeOf(t, r)
		if r.status != 5 || errorField(m, "code") != "PATTERNS_UNMATCHED" {
			t.Fatalf("status %d, error %v; want 5 PATTERNS_UNMATCHED", r.status, m["error"])
		}
		for _, want := range []string{"./typo-dir", "example.com/nosuch"} {
			if !strings.Contains(errorField(m, "message"), want) || !strings.Contains(errorField(m, "detail"), want+": ") {
				t.Errorf("the envelope does not name %s: %v", want, m["error"])
			}
		}
		r = exitlint(t, "testdata/clean", "./...", "./typo-dir")
		if r.status != 5 || !strings.Contains(r.stderr, "./typo-dir: directory ") || !strings.Contains(r.stderr, "typo-dir not found") {
			t.Errorf("text: status %d, stderr %s", r.status, r.stderr)
		}
		noPanic(t, r)
	})
	t.Run("SARIF", func(t *testing.T) {
		r := exitlint(t, "testdata/clean", "-sarif", "./...", "./typo-dir")
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful        bool
					ExitCode                   int
					ToolExecutionNotifications []struct{ Message struct{ Text string } }
				}
			}
		}
		if err := json.Unmarshal([]byte(r.stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
			t.Fatalf("status %d, SARIF log %s: %v", r.status, r.stdout, err)
		}
		inv := log.Runs[0].Invocations[0]
		if r.status != 5 || inv.ExitCode != 5 || inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 ||
			!strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, "pattern ./typo-dir matched no package") {
			t.Errorf("status %d, invocation %+v", r.status, inv)
		}
	})
	t.Run("a wildcard that matches nothing", func(t *testing.T) {
		dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n", "main.go": exitFive, "empty/README": "no Go here\n"})
		r := exitlint(t, dir, "-json", "./...", "./empty/...")
		m := envelopeOf(t, r)
		if r.status != 5 || !strings.Contains(errorField(m, "detail"), "./empty/...: no Go files to build") {
			t.Errorf("status %d, error %v", r.status, m["error"])
		}
	})
	t.Run("findings of the patterns that matched", func(t *testing.T) {
		r := exitlint(t, cases, "./barecode/customenum", "./nosuch")
		if r.status != 5 || strings.Count(r.stdout, "[barecode]") != 2 || !strings.Contains(r.stderr, "./nosuch") {
			t.Errorf("status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
		}
		if strings.Contains(r.stderr, "[barecode]") {
			t.Errorf("the findings are on stderr as well:\n%s", r.stderr)
		}
		m := envelopeOf(t, exitlint(t, cases, "-json", "./barecode/customenum", "./nosuch"))
		if !strings.Contains(errorField(m, "detail"), "customenum/codes.go:15:10: exit code 3") {
			t.Errorf("detail lacks the findings: %v", m["error"])
		}
	})
	t.Run("none matched", func(t *testing.T) {
		r := exitlint(t, "testdata/clean", "-json", "./typo-dir", "example.com/nosuch")
		m := envelopeOf(t, r)
		if r.status != 5 {
			t.Errorf("status %d; want 5", r.status)
		}
		for _, want := range []string{"./typo-dir: directory", "example.com/nosuch: "} {
			if !strings.Contains(errorField(m, "detail"), want) {
				t.Errorf("detail lacks %q: %v", want, m["error"])
			}
		}
	})
	t.Run("a malformed pattern beside one that matched", func(t *testing.T) {
		r := exitlint(t, "testdata/clean", "./...", "a b")
		if r.status != 3 || !strings.Contains(r.stderr, `bad package pattern a b: malformed import path "a b"`) {
			t.Errorf("status %d, stderr %s", r.status, r.stderr)
		}
	})
	t.Run("-fix writes nothing", func(t *testing.T) {
		runtime, err := filepath.Abs(filepath.Join("..", "..", "exitcode"))
		if err != nil {
			t.Fatal(err)
		}
		src := "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/exitlint/exitlint/exitcode\"\n)\n\nvar _ exitcode.Code\n\nfunc main() {\n\tif len(os.Args) > 3 {\n\t\tos.Exit(3)\n\t}\n}\n"
		dir := module(t, map[string]string{
			"go.mod": "module fixme\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000\n\n" +
				"replace github.com/exitlint/exitlint/exitcode => " + runtime + "\n",
			"main.go": src,
		})
		r := exitlint(t, dir, "-fix", "./...", "./typo-dir")
		if r.status != 5 {
			t.Errorf("status %d; want 5\nstderr %s", r.status, r.stderr)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "main.go")); string(got) != src {
			t.Errorf("-fix wrote with a pattern that matched nothing:\n%s", got)
		}
		// The same run without the typo does fix the file: the fixture
		// has a fix to write.
		if r := exitlint(t, dir, "-fix", "./..."); r.status != 0 {
			t.Errorf("-fix ./...: status %d\nstderr %s", r.status, r.stderr)
		}
	})
}

// TestFlagsAfterPatterns: a flag after the patterns is an ARG_ERROR that
// says to put it first, as an envelope when -json is among them.
func TestFlagsAfterPatterns(t *testing.T) {
	r := exitlint(t, "testdata/clean", "./...", "-json")
	m := envelopeOf(t, r)
	if r.status != 3 || errorField(m, "code") != "FLAG_AFTER_PATTERNS" ||
		!strings.Contains(errorField(m, "message"), "put flags before patterns") || !strings.Contains(errorField(m, "suggestion"), "exitlint -json ./...") {
		t.Errorf("status %d, error %v", r.status, m["error"])
	}
	r = exitlint(t, "testdata/clean", "-findings-ok", "./...", "-enable", "barecode")
	if r.status != 3 || r.stdout != "" || !strings.Contains(r.stderr, "-enable comes after the package patterns") ||
		!strings.Contains(r.stderr, "exitlint -findings-ok -enable barecode ./...") {
		t.Errorf("status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
	}
}

// TestVetConfigArgument: a last argument ending in .cfg is go vet's
// configuration only when it is a file that holds one.
func TestVetConfigArgument(t *testing.T) {
	dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n", "pkg.cfg/main.go": exitFive, "notvet.cfg": "not JSON\n"})
	r := exitlint(t, dir, "-json", "./pkg.cfg")
	m := envelopeOf(t, r)
	if r.status != 80 || !strings.Contains(errorField(m, "detail"), "pkg.cfg/main.go:5:23: exit code 5") {
		t.Errorf("status %d, error %v", r.status, m["error"])
	}
	for _, arg := range []string{"./nosuch.cfg", "notvet.cfg"} {
		r := exitlint(t, dir, "-json", arg)
		envelopeOf(t, r)
		if r.status != 5 && r.status != 3 {
			t.Errorf("%s: status %d; want NOT_FOUND or ARG_ERROR", arg, r.status)
		}
	}
}

// TestJSONSpellings: every spelling of a true -json keeps the envelope when
// the command line has an error, and -json -h is help as an envelope.
func TestJSONSpellings(t *testing.T) {
	for _, spelling := range []string{"-json", "--json", "-json=1", "-json=t", "-json=T", "-json=TRUE", "-json=True", "--json=true"} {
		r := exitlint(t, "testdata/clean", spelling, "-bogus")
		m := envelopeOf(t, r)
		if r.status != 3 || errorField(m, "code") != "USAGE" {
			t.Errorf("%s -bogus: status %d, error %v", spelling, r.status, m["error"])
		}
	}
	// The value of a string flag is no -json; a false -json is text.
	for _, args := range [][]string{{"-json=0", "-bogus"}, {"-json", "-json=false", "-bogus"}, {"-enable", "-json", "-bogus"}} {
		r := exitlint(t, "testdata/clean", args...)
		if r.status != 3 || r.stdout != "" || !strings.Contains(r.stderr, "-bogus") {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want text", args, r.status, r.stdout, r.stderr)
		}
	}
	for _, args := range [][]string{{"-json", "-h"}, {"-h", "-json"}, {"-json=1", "-help"}} {
		r := exitlint(t, "testdata/clean", args...)
		m := envelopeOf(t, r)
		data, _ := m["data"].(map[string]any)
		if r.status != 0 || data == nil {
			t.Fatalf("%v: status %d, envelope %v", args, r.status, m)
		}
		var flags []string
		for _, f := range data["flags"].([]any) {
			flags = append(flags, f.(map[string]any)["name"].(string))
		}
		if got := strings.Join(flags, " "); !strings.Contains(got, "json") || !strings.Contains(got, "tags") {
			t.Errorf("%v: flags %s", args, got)
		}
		if len(data["checks"].([]any)) == 0 || len(data["exit_codes"].([]any)) == 0 || len(data["usage"].([]any)) == 0 {
			t.Errorf("%v: data %v", args, data)
		}
	}
}

// TestMessages: what exitlint says when loading fails is what is true, in
// the go command's words without go/packages' wrapping, whole.
func TestMessages(t *testing.T) {
	t.Run("no position prefix", func(t *testing.T) {
		r := exitlint(t, "testdata/clean", "a b")
		if r.status != 3 || strings.Contains(r.stderr, "-: ") || !strings.Contains(r.stderr, `malformed import path "a b"`) {
			t.Errorf("status %d, stderr %s", r.status, r.stderr)
		}
	})
	t.Run("go command failure", func(t *testing.T) {
		dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n\nrequire (\n", "main.go": exitFive})
		r := exitlint(t, dir, "./...")
		if r.status != 4 || strings.Contains(r.stderr, "err: exit status") || strings.Contains(r.stderr, "stderr:") ||
			!strings.Contains(r.stderr, "go list could not load ./...: go: errors parsing go.mod: go.mod:") {
			t.Errorf("status %d, stderr %s", r.status, r.stderr)
		}
	})
	t.Run("missing import keeps go get", func(t *testing.T) {
		dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n", "main.go": "package main\n\nimport \"example.com/dep\"\n\nfunc main() { dep.Run() }\n"})
		r := exitlintEnv(t, dir, []string{"GOFLAGS="}, "./...") // -mod=readonly, go's default
		if r.status != 4 || !strings.Contains(r.stderr, "to add it: go get example.com/dep") {
			t.Errorf("status %d, stderr %s", r.status, r.stderr)
		}
		m := envelopeOf(t, exitlintEnv(t, dir, []string{"GOFLAGS="}, "-json", "./..."))
		if !strings.Contains(errorField(m, "detail"), "to add it: go get example.com/dep") {
			t.Errorf("detail %q", errorField(m, "detail"))
		}
	})
	t.Run("a pattern in another module", func(t *testing.T) {
		root := module(t, map[string]string{
			"a/go.mod": "module example.com/a\n\ngo 1.22\n", "a/main.go": exitFive,
			"b/go.mod": "module example.com/b\n\ngo 1.22\n", "b/main.go": exitFive,
		})
		for _, p := range []string{"../b", "../b/..."} {
			r := exitlint(t, filepath.Join(root, "a"), p)
			if r.status != 5 || strings.Contains(r.stderr, "no Go module here") || !strings.Contains(r.stderr, "in another module, example.com/b") ||
				!strings.Contains(r.stderr, "not in the main module example.com/a") {
				t.Errorf("%s: status %d, stderr %s", p, r.status, r.stderr)
			}
		}
		// Where there is no module, that is what is said.
		r := exitlint(t, root, "./b/...")
		if r.status != 5 || !strings.Contains(r.stderr, "no Go module here") || !strings.Contains(r.stderr, "./b/... is in module example.com/b") {
			t.Errorf("no module: status %d, stderr %s", r.status, r.stderr)
		}
	})
	t.Run("excluded by build tags", func(t *testing.T) {
		dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n", "main.go": "//go:build foo\n\n" + exitFive})
		r := exitlint(t, dir, ".")
		if r.status != 5 || !strings.Contains(r.stderr, "build constraints exclude all Go files") || !strings.Contains(r.stderr, "-tags") ||
			strings.Contains(r.stderr, "inside a Go module") {
			t.Errorf("status %d, stderr %s", r.status, r.stderr)
		}
		m := envelopeOf(t, exitlint(t, dir, "-json", "."))
		if errorField(m, "code") != "EXCLUDED_BY_BUILD_CONSTRAINTS" {
			t.Errorf("error %v", m["error"])
		}
	})
	t.Run("-tags", func(t *testing.T) {
		dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.22\n", "main.go": "//go:build foo\n\n" + exitFive})
		r := exitlint(t, dir, "-tags", "foo", "./...")
		if r.status != 80 || !strings.Contains(r.stdout, "main.go:7:23: exit code 5") {
			t.Errorf("status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
		}
	})
	t.Run("profile to a bad path", func(t *testing.T) {
		dir := t.TempDir()
		cpu := filepath.Join(dir, "cpu.prof")
		for _, args := range [][]string{
			{"-cpuprofile", filepath.Join(dir, "missing", "cpu.prof")},
			{"-memprofile", filepath.Join(dir, "missing", "mem.prof")},
			{"-cpuprofile", cpu, "-memprofile", filepath.Join(dir, "missing", "mem.prof")},
		} {
			r := exitlint(t, "testdata/clean", args...)
			if r.status != 3 || !strings.Contains(r.stderr, "cannot write the profile there") {
				t.Errorf("%v: status %d, stderr %s", args, r.status, r.stderr)
			}
			if _, err := os.Stat(cpu); err == nil {
				t.Errorf("%v: the CPU profile's file was left behind by an ARG_ERROR", args)
			}
		}
	})
	t.Run("precondition prints the findings once", func(t *testing.T) {
		r := exitlint(t, "testdata/broken", "./...")
		const finding = "good/good.go:5:23: exit code 5"
		if r.status != 4 || strings.Count(r.stdout+r.stderr, finding) != 1 || !strings.Contains(r.stdout, finding) {
			t.Errorf("status %d\nstdout %s\nstderr %s", r.status, r.stdout, r.stderr)
		}
		if !strings.Contains(r.stderr, "broken/bad") {
			t.Errorf("stderr does not name the skipped package:\n%s", r.stderr)
		}
	})
}

// TestNoToolchainDownload: a go.mod that asks for a toolchain that is not
// installed makes exitlint stop with PRECONDITION, without asking the
// module proxy for it. The proxy is a local server that counts requests.
func TestNoToolchainDownload(t *testing.T) {
	var mu sync.Mutex
	var requests []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		requests = append(requests, r.URL.Path)
		mu.Unlock()
		http.NotFound(w, r)
	}))
	defer proxy.Close()
	env := []string{"GOTOOLCHAIN=auto", "GOPROXY=" + proxy.URL, "GOSUMDB=off"}
	for _, gomod := range []string{
		"module m\n\ngo 1.22\n\ntoolchain go1.99.0\n",
		"module m\n\ngo 1.99.0\n",
	} {
		dir := module(t, map[string]string{"go.mod": gomod, "main.go": exitFive})
		r := exitlintEnv(t, dir, env, "-json", "./...")
		m := envelopeOf(t, r)
		if r.status != 4 || errorField(m, "code") != "TOOLCHAIN_NOT_INSTALLED" || !strings.Contains(errorField(m, "message"), "go1.99.0") {
			t.Errorf("%q: status %d, error %v", gomod, r.status, m["error"])
		}
		r = exitlintEnv(t, dir, env, "./...")
		if r.status != 4 || !strings.Contains(r.stderr, "exitlint does not download toolchains") || strings.Contains(r.stderr, "err: exit status") {
			t.Errorf("%q: status %d, stderr %s", gomod, r.status, r.stderr)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(requests) > 0 {
		t.Errorf("the go command asked the module proxy for %v", requests)
	}

	// GOTOOLCHAIN=local is kept: the go command says the module needs a
	// newer go, in its words.
	dir := module(t, map[string]string{"go.mod": "module m\n\ngo 1.99.0\n", "main.go": exitFive})
	r := exitlintEnv(t, dir, []string{"GOTOOLCHAIN=local"}, "-json", "./...")
	m := envelopeOf(t, r)
	if r.status != 4 || errorField(m, "code") != "GO_TOO_OLD" || !strings.Contains(errorField(m, "message"), "GOTOOLCHAIN=local") {
		t.Errorf("GOTOOLCHAIN=local: status %d, error %v", r.status, m["error"])
	}
}
