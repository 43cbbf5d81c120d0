package runtimetest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestRuntimeRequiresNothing builds a throwaway module that requires only the
// runtime (exitcode and envelope, replaced by this checkout) and checks that
// `go mod graph` lists no other module and that `go mod tidy` writes no
// go.sum: a CLI adopting the runtime gains nothing else in its build or its
// go.sum, tests included.
func TestRuntimeRequiresNothing(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command on PATH: %v", err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	const (
		exitcodeMod = "github.com/exitlint/exitlint/exitcode"
		envelopeMod = "github.com/exitlint/exitlint/envelope"
		pseudo      = "v0.0.0-00010101000000-000000000000"
	)
	goMod := "module example.com/agentcli\n\ngo 1.22\n\n" +
		"require (\n\t" + exitcodeMod + " " + pseudo + "\n\t" + envelopeMod + " " + pseudo + "\n)\n\n" +
		"replace (\n\t" + exitcodeMod + " => " + filepath.Join(root, "exitcode") + "\n\t" +
		envelopeMod + " => " + filepath.Join(root, "envelope") + "\n)\n"
	main := `package main

import (
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

func main() {
	_ = envelope.Validate
	exitcode.Exit(exitcode.Success)
}
`
	for name, text := range map[string]string{"go.mod": goMod, "main.go": main} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	graph := run("mod", "graph")
	var edges []string
	for _, line := range strings.Split(strings.TrimSpace(graph), "\n") {
		from, to, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("unexpected go mod graph line %q", line)
		}
		// go mod graph also lists each module's go version (go@1.22) and
		// toolchain, which are not modules.
		if strings.HasPrefix(to, "go@") || strings.HasPrefix(to, "toolchain@") {
			continue
		}
		edges = append(edges, from+" "+to)
	}
	sort.Strings(edges)
	want := []string{
		"example.com/agentcli " + envelopeMod + "@" + pseudo,
		"example.com/agentcli " + exitcodeMod + "@" + pseudo,
		envelopeMod + "@" + pseudo + " " + exitcodeMod + "@" + pseudo,
	}
	if strings.Join(edges, "\n") != strings.Join(want, "\n") {
		t.Errorf("go mod graph of a module requiring only the runtime:\n%s\nwant only:\n%s", strings.Join(edges, "\n"), strings.Join(want, "\n"))
	}

	run("mod", "tidy")
	if sum, err := os.ReadFile(filepath.Join(dir, "go.sum")); err == nil && len(strings.TrimSpace(string(sum))) > 0 {
		t.Errorf("go mod tidy wrote a go.sum for a module requiring only the runtime:\n%s", sum)
	}
	run("build", "-o", os.DevNull, ".")
}
