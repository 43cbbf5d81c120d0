package plugin_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

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
	if got := strings.Join(names, ","); got != "barecode,fallback,handbuilt,derivedok,argphase,directives,config,contract" {
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
	if got := strings.Join(names, ","); got != "barecode,fallback,argphase,directives,config,contract" {
		t.Errorf("checks = %s", got)
	}
	if got := strings.Join(config.Current().Fatals, ","); got != "example.com/log.Die,(*example.com/log.Logger).Die" {
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
	if got := strings.Join(names, ","); got != "barecode,fallback,derivedok,argphase,directives,config,contract" {
		t.Errorf("checks = %s; want all but handbuilt, as the file says", got)
	}
	c := config.Current()
	if strings.Join(c.Fatals, ",") != "example.com/log.Fatal" || strings.Join(c.SideEffects, ",") != "example.com/db.Save" {
		t.Errorf("fatals %v, sideeffects %v; want .golangci.yml's fatals and the file's sideeffects", c.Fatals, c.SideEffects)
	}
	if err := os.WriteFile(filepath.Join(dir, ".exitlint.yml"), []byte("disable: [handbuilt]\nfatal: [x.Y]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, nil); err == nil || !strings.Contains(err.Error(), `.exitlint.yml:2: unknown key "fatal"; did you mean fatals?`) {
		t.Errorf("a bad config file: %v", err)
	}
}
