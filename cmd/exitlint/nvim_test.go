package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNeovim runs a headless Neovim (Debian's package; .ci/run installs it
// and sets EXITLINT_REQUIRE_NVIM=1 so that a missing one fails) with
// exitlint lsp as its language server: the editor receives the finding,
// inserts a line above it without writing (the fix computed before is no
// longer offered, and the edited buffer is analyzed), then applies the new
// quick fix and writes the file.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("EXITLINT_REQUIRE_NVIM") == "1" {
			t.Fatal("nvim is not installed (apt-get install neovim)")
		}
		t.Skip("nvim is not installed; .ci/run installs it")
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
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off",
		"EXITLINT="+binary, "FILE="+file, "RESULT="+result, "XDG_STATE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
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
