package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// configModule is fixModule's module with a generated-looking package
// gen/ that has a finding of its own, and .exitlint.yml holding config.
func configModule(t *testing.T, config string) string {
	t.Helper()
	dir := fixModule(t, fixable)
	files := map[string]string{
		"gen/gen.go":    "package gen\n\nimport \"os\"\n\n// init exits.\nfunc init() { os.Exit(9) }\n",
		".exitlint.yml": config,
	}
	for name, content := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const teamConfig = `# exitlint's settings for this repository
version: 1
disable: [fallback]
exclude: [gen/...]
`

// TestConfigFile: the settings of .exitlint.yml, found from a
// subdirectory too, apply; a flag overrides the file's value of its
// setting; -config-dump prints what is in effect.
func TestConfigFile(t *testing.T) {
	dir := configModule(t, teamConfig)
	without := exitlint(t, dir, "-config", os.DevNull, "./...")
	if !strings.Contains(without.stdout, "[fallback]") || !strings.Contains(without.stdout, "gen/gen.go:6:") {
		t.Fatalf("with an empty config: stdout lacks the fallback finding or gen's:\n%s", without.stdout)
	}
	for _, wd := range []string{dir, filepath.Join(dir, "gen")} {
		r := exitlint(t, wd, filepath.Join(dir, "..."))
		if r.status != 80 || strings.Contains(r.stdout, "[fallback]") || strings.Contains(r.stdout, "gen.go") || !strings.Contains(r.stdout, "[barecode]") {
			t.Errorf("in %s: status %d; want 80 with barecode's findings, not fallback's (disabled) nor gen's (excluded):\n%s", wd, r.status, r.stdout)
		}
	}
	// -disable on the command line replaces the file's disable.
	r := exitlint(t, dir, "-disable", "barecode", "./...")
	if !strings.Contains(r.stdout, "[fallback]") || strings.Contains(r.stdout, "[barecode]") {
		t.Errorf("-disable barecode: want fallback's findings and not barecode's:\n%s", r.stdout)
	}
	// An exclude flag replaces the file's exclude.
	if r := exitlint(t, dir, "-config.exclude=main.go", "./..."); !strings.Contains(r.stdout, "gen/gen.go:6:") || strings.Contains(r.stdout, "main.go") {
		t.Errorf("-config.exclude=main.go: want gen's finding and none in main.go:\n%s", r.stdout)
	}

	data := dataOf(t, exitlint(t, dir, "-json", "-config-dump", "-config.fatals=os.Exit"))
	if data["file"] != filepath.Join(dir, ".exitlint.yml") || strings.Join(strs(data["disable"]), ",") != "fallback" ||
		strings.Join(strs(data["exclude"]), ",") != filepath.ToSlash(filepath.Join(dir, "gen")) || strings.Join(strs(data["fatals"]), ",") != "os.Exit" {
		t.Errorf("-config-dump: %v", data)
	}
	text := exitlint(t, dir, "-config-dump")
	if text.status != 0 || !strings.Contains(text.stdout, "config file "+filepath.Join(dir, ".exitlint.yml")) || !strings.Contains(text.stdout, "disable:\n    - fallback") {
		t.Errorf("-config-dump: status %d\n%s", text.status, text.stdout)
	}
}

func strs(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// TestBadConfigFile: a config file that cannot be used is an ARG_ERROR
// naming its file and line, and so is a name in it that the program does
// not declare.
func TestBadConfigFile(t *testing.T) {
	for name, c := range map[string]struct{ config, code, want string }{
		"unknown key":       {"version: 1\nexlude: [gen]\n", "BAD_CONFIG", `.exitlint.yml:2: unknown key "exlude"; did you mean exclude?`},
		"unknown check":     {"enable: [argphas]\n", "BAD_CONFIG", `.exitlint.yml:1: enable: unknown check "argphas"; did you mean argphase?`},
		"exclude nothing":   {"exclude: [generated]\n", "BAD_CONFIG", ".exitlint.yml:1: exclude: generated matches no file or directory"},
		"names nothing":     {"\nfatals:\n  - os.Exitt\n", "SETTING_NAMES_NOTHING", ".exitlint.yml:3: fatals: os.Exitt: package os declares no function Exitt; did you mean Exit?"},
		"package not there": {"enum: [example.com/nosuch.Code]\n", "SETTING_NAMES_NOTHING", ".exitlint.yml:1: enum: example.com/nosuch.Code: no package example.com/nosuch"},
	} {
		t.Run(name, func(t *testing.T) {
			dir := configModule(t, c.config)
			r := exitlint(t, dir, "-json", "./...")
			m := envelopeOf(t, r)
			if r.status != 3 || errorField(m, "code") != c.code || !strings.Contains(errorField(m, "message"), filepath.Join(dir, c.want)) {
				t.Errorf("status %d error %v; want 3 %s with %s", r.status, m["error"], c.code, filepath.Join(dir, c.want))
			}
		})
	}
	if r := exitlint(t, configModule(t, teamConfig), "-config", "nosuch.yml", "./..."); r.status != 3 || !strings.Contains(r.stderr, "-config nosuch.yml: no such file or directory") {
		t.Errorf("-config naming no file: status %d stderr %q", r.status, r.stderr)
	}
}

// TestGoVetReadsTheConfigFile: go vet's units find the file above their
// package directory.
func TestGoVetReadsTheConfigFile(t *testing.T) {
	dir := configModule(t, teamConfig)
	cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "written as a bare integer") || strings.Contains(string(out), "catch-all") || strings.Contains(string(out), "gen.go") {
		t.Errorf("go vet: want barecode's findings, not fallback's nor gen's:\n%s", out)
	}
	// go vet's own choice of checks overrides the file's.
	cmd = exec.Command("go", "vet", "-vettool="+binary, "-fallback", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ = cmd.CombinedOutput()
	if !strings.Contains(string(out), "catch-all") || strings.Contains(string(out), "written as a bare integer") {
		t.Errorf("go vet -fallback: want fallback's findings only, though the file disables it:\n%s", out)
	}
	if err := os.WriteFile(filepath.Join(dir, ".exitlint.yml"), []byte("enable: [barecod]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd = exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), `.exitlint.yml:1: enable: unknown check "barecod"`) {
		t.Errorf("go vet with a bad config file: %v\n%s", err, out)
	}
}

// TestLSPReadsTheConfigFile: the language server, started in the
// workspace's root, runs with the settings of the config file there.
func TestLSPReadsTheConfigFile(t *testing.T) {
	dir := configModule(t, teamConfig)
	c := startLSP(t, dir)
	var init map[string]any
	c.call(t, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": map[string]any{}}, &init)
	c.notify(t, "initialized", map[string]any{})
	file := filepath.Join(dir, "main.go")
	text, _ := os.ReadFile(file)
	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": fileURI(file), "languageId": "go", "version": 1, "text": string(text)}})
	diags := c.waitFor(t, fileURI(file))
	var checks []string
	for _, d := range diags {
		checks = append(checks, d.Code)
	}
	if strings.Join(checks, ",") != "barecode,barecode" {
		t.Errorf("diagnostics of %v; want barecode's two, not fallback's (the file disables it)", checks)
	}
}

// TestLSPFollowsTheConfigFile: the language server reads the config file
// above each package it analyzes, as it is then: saving the file in the
// editor, or a change the editor reports from its file watcher, analyzes
// the open packages again under the new settings; a file that cannot be
// used gets the error at its line, and the package is not analyzed until
// the file is corrected.
func TestLSPFollowsTheConfigFile(t *testing.T) {
	dir := configModule(t, teamConfig)
	// tool/ has a config file of its own, which leaves barecode off.
	if err := os.MkdirAll(filepath.Join(dir, "tool"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{"tool/main.go": fixable, "tool/.exitlint.yml": "disable: [barecode]\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c := startLSP(t, dir)
	caps := map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}
	c.call(t, "initialize", map[string]any{"processId": os.Getpid(), "rootUri": fileURI(dir), "capabilities": caps}, nil)
	c.notify(t, "initialized", map[string]any{})
	main, tool, cfg := filepath.Join(dir, "main.go"), filepath.Join(dir, "tool", "main.go"), filepath.Join(dir, ".exitlint.yml")
	checks := func(diags []lspDiag) string {
		var out []string
		for _, d := range diags {
			out = append(out, d.Code)
		}
		return strings.Join(out, ",")
	}
	open := func(file string) {
		text, _ := os.ReadFile(file)
		c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": fileURI(file), "languageId": "go", "version": 1, "text": string(text)}})
	}
	const wait = 30 * time.Second
	open(main)
	if got := checks(c.waitForPub(t, fileURI(main), wait).Diagnostics); got != "barecode,barecode" {
		t.Errorf("main.go on open: %s; want barecode's two (the root's file disables fallback)", got)
	}
	open(tool)
	if got := checks(c.waitForPub(t, fileURI(tool), wait).Diagnostics); got != "fallback" {
		t.Errorf("tool/main.go on open: %s; want fallback's one (tool/.exitlint.yml disables barecode)", got)
	}
	c.mu.Lock()
	registered := strings.Join(c.registered, "\n")
	c.mu.Unlock()
	if !strings.Contains(registered, `workspace/didChangeWatchedFiles {"watchers":[{"globPattern":"**/.exitlint.yml"},{"globPattern":"**/.exitlint.yaml"}]}`) {
		t.Errorf("the server registered %q; want a watcher of the config files", registered)
	}

	write := func(content string) {
		if err := os.WriteFile(cfg, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Saved in the editor: fallback is on again.
	c.mark()
	write("version: 1\nexclude: [gen/...]\n")
	c.notify(t, "textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": fileURI(cfg)}})
	if got := checks(c.waitForPub(t, fileURI(main), wait).Diagnostics); got != "barecode,fallback,barecode" {
		t.Errorf("main.go after the config file was saved without disable: %s; want barecode's two and fallback's", got)
	}

	// Changed outside the editor, and broken: the error on the file, at
	// its line; main.go not analyzed.
	c.mark()
	write("version: 1\nfatalz: [example.com/log.Die]\n")
	c.notify(t, "workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(cfg), "type": 2}}})
	bad := c.waitForPub(t, fileURI(cfg), wait).Diagnostics
	if len(bad) != 1 || bad[0].Range.Start.Line != 1 || bad[0].Range.End.Character != len("fatalz: [example.com/log.Die]") || !strings.Contains(bad[0].Message, `unknown key "fatalz"; did you mean fatals?`) {
		t.Errorf("the broken config file's diagnostics: %+v; want its unknown key at line 2", bad)
	}
	if d := c.waitForPub(t, fileURI(main), wait).Diagnostics; len(d) != 1 || !strings.Contains(d[0].Message, "exitlint cannot analyze this package until its config file can be used: "+cfg+":2: unknown key") {
		t.Errorf("main.go under a broken config file: %+v; want the one diagnostic saying why it is not analyzed", d)
	}

	// Corrected: the error is withdrawn, and the settings are the file's.
	c.mark()
	write(teamConfig)
	c.notify(t, "workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": fileURI(cfg), "type": 2}}})
	if d := c.waitForPub(t, fileURI(cfg), wait).Diagnostics; len(d) != 0 {
		t.Errorf("the corrected config file: %+v; want its error withdrawn", d)
	}
	if got := checks(c.waitForPub(t, fileURI(main), wait).Diagnostics); got != "barecode,barecode" {
		t.Errorf("main.go after the config file was corrected: %s; want barecode's two", got)
	}
	c.exitCleanly(t)
}
