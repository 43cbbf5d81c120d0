package plugin_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/passes/config"
	_ "github.com/exitlint/exitlint/plugin"
)

func build(t *testing.T, conf any) ([]string, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin("exitlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(conf)
	if err != nil {
		return nil, err
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q; the checks need type information", p.GetLoadMode())
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	return names, nil
}

func TestDefaultIsEveryCheck(t *testing.T) {
	names, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names, ","); got != "barecode,fallback,handbuilt,derivedok,argphase,envshape,payload,undeclared,directives,config,contract" {
		t.Errorf("checks = %s", got)
	}
}

func TestSettings(t *testing.T) {
	defer config.Reset()
	// golangci-lint hands over the YAML settings decoded into generic values.
	names, err := build(t, map[string]any{
		"disable": []any{"handbuilt", "derivedok"},
		"fatals":  []any{"example.com/log.Die", "(*example.com/log.Logger).Die"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names, ","); got != "barecode,fallback,argphase,envshape,payload,undeclared,directives,config,contract" {
		t.Errorf("checks = %s", got)
	}
	if got := strings.Join(config.Current().Values(config.Fatals), ","); got != "example.com/log.Die,(*example.com/log.Logger).Die" {
		t.Errorf("fallback.fatals = %s", got)
	}
}

func TestBadSettingsAreNamed(t *testing.T) {
	for _, tc := range []struct {
		conf any
		want string
	}{
		{map[string]any{"disabel": []any{"barecode"}}, `unknown field "disabel"`},
		{map[string]any{"enable": []any{"barecod"}}, `unknown check "barecod"`},
		{map[string]any{"enable": []any{"barecode"}, "disable": []any{"barecode"}}, "leave no check to run"},
		{map[string]any{"fatals": []any{"Die"}}, "fatals"},
		{map[string]any{"enable": "barecode"}, "settings"},
	} {
		if _, err := build(t, tc.conf); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("settings %v: error %v; want one that says %q", tc.conf, err, tc.want)
		}
	}
}

// TestConfigFile: the plugin reads .exitlint.yml above the directory
// golangci-lint runs in; the settings in .golangci.yml override it.
func TestConfigFile(t *testing.T) {
	defer config.Reset()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".exitlint.yml"), []byte("disable: [handbuilt]\nfatals: [example.com/log.Die]\nsideeffects: [example.com/db.Save]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "cmd")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(sub)
	names, err := build(t, map[string]any{"fatals": []any{"example.com/log.Fatal"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(names, ","); got != "barecode,fallback,derivedok,argphase,envshape,payload,undeclared,directives,config,contract" {
		t.Errorf("checks = %s; want all but handbuilt, as the file says", got)
	}
	c := settingsOf(t, sub)
	if fatals, sideEffects := c.Values(config.Fatals), c.Values(config.SideEffects); strings.Join(fatals, ",") != "example.com/log.Fatal" || strings.Join(sideEffects, ",") != "example.com/db.Save" {
		t.Errorf("fatals %v, sideeffects %v; want .golangci.yml's fatals and the file's sideeffects", fatals, sideEffects)
	}
	if err := os.WriteFile(filepath.Join(dir, ".exitlint.yml"), []byte("disable: [handbuilt]\nfatal: [x.Y]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, nil); err == nil || !strings.Contains(err.Error(), `.exitlint.yml:2: unknown key "fatal"; did you mean fatals?`) {
		t.Errorf("a bad config file: %v", err)
	}
}

// settingsOf returns the settings the plugin gives the package in dir.
func settingsOf(t *testing.T, dir string) *config.Config {
	t.Helper()
	c, err := config.ForDir(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNestedConfigFiles: as golangci-lint does, the plugin's checks run on
// every package in one analysis, and each package reports under the config
// file nearest above it, inside its module: none at the module's root (the
// file above the module is outside it), tool/'s own for tool, which turns
// barecode off there and names a fatal function of its own.
func TestNestedConfigFiles(t *testing.T) {
	defer config.Reset()
	outside := t.TempDir()
	dir := filepath.Join(outside, "mod")
	runtime, err := filepath.Abs(filepath.Join("..", "exitcode"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		".exitlint.yml":          "enable: [handbuilt]\n",
		"mod/go.mod":             "module fixme\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000\n\nreplace github.com/exitlint/exitlint/exitcode => " + runtime + "\n",
		"mod/main.go":            "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/exitlint/exitlint/exitcode\"\n)\n\nfunc main() {\n\tif len(os.Args) > 1 {\n\t\tos.Exit(1)\n\t}\n\texitcode.Exit(exitcode.Code(5))\n}\n",
		"mod/tool/main.go":       "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/exitlint/exitlint/exitcode\"\n)\n\nfunc die() { panic(\"x\") }\n\nfunc main() {\n\tif len(os.Args) > 1 {\n\t\tdie()\n\t}\n\texitcode.Exit(exitcode.Code(5))\n}\n",
		"mod/tool/.exitlint.yml": "disable: [barecode]\nfatals: [fixme/tool.die]\n",
	} {
		p := filepath.Join(outside, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := analyzeWithPlugin(t, dir)
	for _, list := range got {
		slices.Sort(list)
	}
	main, tool := strings.Join(got["main.go"], "\n"), strings.Join(got["tool/main.go"], "\n")
	if !strings.Contains(main, "11:fallback:") || !strings.Contains(main, "13:barecode:") || len(got["main.go"]) != 2 {
		t.Errorf("main.go: want fallback's and barecode's findings, no config file applying:\n%s", main)
	}
	if !strings.Contains(tool, "13:fallback:main.die ends the process") || len(got["tool/main.go"]) != 1 {
		t.Errorf("tool/main.go: want fallback's finding on die, and barecode's off:\n%s", tool)
	}
}

// analyzeWithPlugin runs the plugin's checks, as golangci-lint gets them,
// on the module in dir, from dir, and returns each file's findings as
// "line:check:message" (relative file names); a finding with related
// positions fails the test (golangci-lint would count each as an issue).
func analyzeWithPlugin(t *testing.T, dir string) map[string][]string {
	t.Helper()
	t.Chdir(dir)
	newPlugin, err := register.GetPlugin("exitlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Env: env}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading the module: %v", err)
	}
	graph, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for act := range graph.All() {
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			rel, _ := filepath.Rel(dir, posn.Filename)
			got[filepath.ToSlash(rel)] = append(got[filepath.ToSlash(rel)], fmt.Sprintf("%d:%s:%s", posn.Line, act.Analyzer.Name, d.Message))
			if len(d.Related) > 0 {
				t.Errorf("%s: %d related positions, which golangci-lint would count as issues of their own", posn, len(d.Related))
			}
		}
	}
	return got
}

// TestNolintInGolangciLint: golangci-lint reads a bare //nolint and
// one naming exitlint itself, so the plugin hands it those findings (its
// nolintlint then sees them used) and reports no unused //nolint:exitlint
// (nolintlint does); //nolint:barecode, a name golangci-lint does not
// know, the plugin reads. argphase's side effect stays in its message:
// one finding, one issue.
func TestNolintInGolangciLint(t *testing.T) {
	defer config.Reset()
	dir := t.TempDir()
	runtime, err := filepath.Abs(filepath.Join("..", "exitcode"))
	if err != nil {
		t.Fatal(err)
	}
	for name, content := range map[string]string{
		"go.mod": "module fixme\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000\n\nreplace github.com/exitlint/exitlint/exitcode => " + runtime + "\n",
		"main.go": `package main

import (
	"log"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func run() exitcode.Code {
	if err := os.WriteFile("x", nil, 0o644); err != nil {
		return exitcode.PartialFailure
	}
	if len(os.Args) > 2 {
		return exitcode.ArgError
	}
	return exitcode.Success
}

func main() {
	if len(os.Args) > 5 {
		os.Exit(5) //nolint:exitlint // golangci-lint's to read
	}
	if len(os.Args) > 6 {
		os.Exit(6) //nolint:barecode // the plugin's to read
	}
	log.Print("x") //nolint:exitlint // unused: nolintlint's to report
	log.Print("x") //nolint:barecode // unused: the directives check's
	exitcode.Exit(run())
}
`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(analyzeWithPlugin(t, dir)["main.go"], "\n")
	for _, want := range []string{"15:argphase:ARG_ERROR returned (ArgError) after a side effect: os.WriteFile writes a file", "22:barecode:exit code 5", "28:directives://nolint:barecode suppresses nothing"} {
		if !strings.Contains(got, want) {
			t.Errorf("findings lack %q:\n%s", want, got)
		}
	}
	for _, line := range []string{"25:", "27:"} {
		if strings.Contains(got, "\n"+line) || strings.HasPrefix(got, line) {
			t.Errorf("a finding on line %s:\n%s", line, got)
		}
	}
}
