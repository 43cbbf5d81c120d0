package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// nestedTool is a command in tool/ of nestedConfigModule's module: die, which
// its own config file names among the fatal functions, and a bare exit
// code, which barecode would report if the file did not leave it off.
const nestedTool = `package main

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// die ends the tool; the tool's config file says so.
func die() { panic("unreachable in a real tool") }

func main() {
	if len(os.Args) > 3 {
		os.Exit(3)
	}
	if len(os.Args) > 2 {
		die()
	}
	exitcode.Exit(exitcode.Code(5))
}
`

// toolConfig is tool/.exitlint.yml: a setting (fatals) and a choice of
// checks (disable) of its own.
const toolConfig = "disable: [barecode]\nfatals: [fixme/tool.die]\n"

// nestedConfigModule writes a module with two config files: none at its root,
// tool/.exitlint.yml for the command in tool/, and one in the directory
// above the module, outside it, which would leave only handbuilt on if it
// applied. It returns the module's directory.
func nestedConfigModule(t *testing.T) string {
	t.Helper()
	dir := fixModule(t, fixable)
	outside := filepath.Dir(dir)
	writeFiles(t, outside, map[string]string{".exitlint.yml": "enable: [handbuilt]\n"})
	writeFiles(t, dir, map[string]string{"tool/main.go": nestedTool, "tool/.exitlint.yml": toolConfig})
	return dir
}

// The findings nestedConfigModule's packages have under the nested rule: the
// root's under no config file (every check), tool's under its own.
const (
	rootFindings = "main.go: barecode fallback barecode"
	toolFindings = "tool/main.go: fallback"
)

var findingLine = regexp.MustCompile(`(?m)^(?:\./)?([^\s:]+\.go):\d+:\d+: (.*?)(?: \[(\w+)\])?$`)

// findingsByFile sums up text output (exitlint's, or go vet's, which names
// no check: the message says which) as "file: check check ..." per file,
// in the order printed.
func findingsByFile(out string) map[string]string {
	got := map[string]string{}
	for _, m := range findingLine.FindAllStringSubmatch(out, -1) {
		check := m[3]
		switch {
		case check != "":
		case strings.Contains(m[2], "bare integer"):
			check = "barecode"
		case strings.Contains(m[2], "GENERAL_ERROR"):
			check = "fallback"
		default:
			check = "?"
		}
		if got[m[1]] == "" {
			got[m[1]] = m[1] + ":"
		}
		got[m[1]] += " " + check
	}
	return got
}

// TestNestedConfigFiles: exitlint ./... gives each package the settings of
// the config file nearest above it, inside its module: the root's packages
// have no file (the one above the module is outside it), tool's its own,
// with its setting and its choice of checks. An edit of the nested file
// is read on the next run, cache or not; -config names one file for every
// package; a nested file that cannot be used stops the run.
func TestNestedConfigFiles(t *testing.T) {
	dir := nestedConfigModule(t)
	r := exitlint(t, dir, "./...")
	got := findingsByFile(r.stdout)
	if r.status != 80 || got["main.go"] != rootFindings || got["tool/main.go"] != toolFindings {
		t.Errorf("status %d, findings %q; want 80 with %q and %q\n%s", r.status, got, rootFindings, toolFindings, r.stdout)
	}
	if !strings.Contains(r.stdout, "main.die ends the process") {
		t.Errorf("tool's fatals setting did not apply to tool:\n%s", r.stdout)
	}

	// The same packages, named from tool/: the working directory chooses
	// no package's settings (and names the files outside it absolutely).
	root := filepath.Join(dir, "main.go")
	if again := findingsByFile(exitlint(t, filepath.Join(dir, "tool"), filepath.Join(dir, "...")).stdout); again[root] != filepath.Join(dir, rootFindings) || again["main.go"] != "main.go: fallback" {
		t.Errorf("run from tool/: %q; want the same findings, named from there", again)
	}

	writeFiles(t, dir, map[string]string{"tool/.exitlint.yml": "version: 1\n"})
	if got := findingsByFile(exitlint(t, dir, "./...").stdout); got["tool/main.go"] != "tool/main.go: barecode barecode" {
		t.Errorf("after tool's file dropped its settings: %q; want tool's two bare exit codes and no die", got)
	}
	writeFiles(t, dir, map[string]string{"tool/.exitlint.yml": toolConfig})

	one := exitlint(t, dir, "-config", filepath.Join(dir, "tool", ".exitlint.yml"), "./...")
	if got := findingsByFile(one.stdout); got["main.go"] != "main.go: fallback" || got["tool/main.go"] != toolFindings {
		t.Errorf("-config tool/.exitlint.yml: %q; want that file's settings for both packages", got)
	}

	writeFiles(t, dir, map[string]string{"tool/.exitlint.yml": "disable: [barecod]\n"})
	bad := exitlint(t, dir, "-json", "./...")
	m := envelopeOf(t, bad)
	if want := filepath.Join(dir, "tool", ".exitlint.yml") + `:1: disable: unknown check "barecod"`; bad.status != 3 || errorField(m, "code") != "BAD_CONFIG" || !strings.Contains(errorField(m, "message"), want) {
		t.Errorf("a bad nested file: status %d error %v; want 3 BAD_CONFIG with %s", bad.status, m["error"], want)
	}
}

// TestGoVetNestedConfigFiles: go vet's units follow the same rule.
func TestGoVetNestedConfigFiles(t *testing.T) {
	dir := nestedConfigModule(t)
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	got := findingsByFile(string(out))
	// go vet prints a unit's findings in the order the checks end.
	sorted := strings.Fields(got["main.go"])
	slices.Sort(sorted)
	if strings.Join(sorted, " ") != "barecode barecode fallback main.go:" || got["tool/main.go"] != toolFindings {
		t.Errorf("go vet: %q; want the root's barecode and fallback findings and %q\n%s", got, toolFindings, out)
	}
}

// TestLSPNestedConfigFiles: the language server, started at the module's
// root, follows the same rule for each package it analyzes.
func TestLSPNestedConfigFiles(t *testing.T) {
	dir := nestedConfigModule(t)
	c := startLSP(t, dir)
	c.call(t, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": map[string]any{}}, nil)
	c.notify(t, "initialized", map[string]any{})
	for file, want := range map[string][]string{
		"main.go":      {"barecode", "fallback", "barecode"},
		"tool/main.go": {"fallback"},
	} {
		path := filepath.Join(dir, filepath.FromSlash(file))
		text, _ := os.ReadFile(path)
		c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": fileURI(path), "languageId": "go", "version": 1, "text": string(text)}})
		var got []string
		for _, d := range c.waitForPub(t, fileURI(path), 30*time.Second).Diagnostics {
			got = append(got, d.Code)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v; want %v", file, got, want)
		}
	}
	c.exitCleanly(t)
}
