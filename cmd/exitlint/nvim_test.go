package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a headless Neovim (Debian's package; .ci/run installs it
// and sets EXITLINT_REQUIRE_NVIM=1 so that a missing one fails) with
// exitlint lsp as its language server, started by the snippet
// docs/editors.md gives for that Neovim (vim.lsp.config and vim.lsp.enable
// from 0.11, a FileType autocommand before): the editor receives the
// finding, inserts a line above it without writing (the fix computed before
// is no longer offered, and the edited buffer is analyzed), then applies
// the new quick fix and writes the file.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("EXITLINT_REQUIRE_NVIM") == "1" {
			t.Fatal("nvim is not installed (apt-get install neovim)")
		}
		t.Skip("nvim is not installed; .ci/run installs it")
	}
	version, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	heading := "### Neovim 0.7 to 0.10"
	if nvimAtLeast(t, string(version), 0, 11) {
		heading = "### Neovim 0.11 and later"
	}
	snippet := filepath.Join(t.TempDir(), "snippet.lua")
	if err := os.WriteFile(snippet, []byte(docSnippet(t, "../../docs/editors.md", heading)), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := fixModule(t, fixable)
	file := filepath.Join(dir, "main.go")
	result := filepath.Join(t.TempDir(), "result")
	script, err := filepath.Abs("testdata/nvim/quickfix.lua")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE", "-u", "NONE", "-c", "luafile "+script)
	cmd.Dir = dir
	// The snippet runs "exitlint" from PATH: the binary under test.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off", "PATH="+filepath.Dir(binary)+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SNIPPET="+snippet, "FILE="+file, "RESULT="+result, "XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	done := make(chan []byte, 1)
	go func() { out, _ := cmd.CombinedOutput(); done <- out }()
	select {
	case out := <-done:
		got, err := os.ReadFile(result)
		if err != nil || !strings.HasPrefix(string(got), "ok") {
			t.Fatalf("the Neovim session: %s (%v)\nnvim output:\n%s", got, err, out)
		}
	case <-time.After(4 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the Neovim session did not end")
	}
	src, _ := os.ReadFile(file)
	if !strings.Contains(string(src), "\tprintln(\"start\")\n\tif len(os.Args) > 3 {\n\t\texitcode.Exit(exitcode.ArgError)\n") || strings.Contains(string(src), "os.Exit(3)") {
		t.Errorf("after the quick fix, main.go is\n%s", src)
	}
}

// nvimAtLeast reports whether `nvim --version` says major.minor or later.
func nvimAtLeast(t *testing.T, version string, major, minor int) bool {
	t.Helper()
	m := regexp.MustCompile(`NVIM v(\d+)\.(\d+)`).FindStringSubmatch(version)
	if m == nil {
		t.Fatalf("nvim --version says %q", version)
	}
	maj, _ := strconv.Atoi(m[1])
	mnr, _ := strconv.Atoi(m[2])
	return maj > major || maj == major && mnr >= minor
}

// docSnippet returns the first lua code block after heading in the
// Markdown file.
func docSnippet(t *testing.T, file, heading string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("%s has no heading %q", file, heading)
	}
	_, code, ok := strings.Cut(after, "```lua\n")
	if !ok {
		t.Fatalf("%s: no lua block after %q", file, heading)
	}
	code, _, _ = strings.Cut(code, "```")
	return code
}
