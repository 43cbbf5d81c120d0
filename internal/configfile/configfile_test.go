package configfile_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/passes/config"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFind: the nearest directory's file wins; none is ""; two names in
// one directory is an error.
func TestFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := configfile.Find(deep); err != nil || got != "" {
		t.Errorf("no file: %q, %v", got, err)
	}
	write(t, filepath.Join(root, ".exitlint.yml"), "")
	write(t, filepath.Join(root, "a", ".exitlint.yaml"), "")
	if got, err := configfile.Find(deep); err != nil || got != filepath.Join(root, "a", ".exitlint.yaml") {
		t.Errorf("Find = %q, %v; want the nearest, a/.exitlint.yaml", got, err)
	}
	write(t, filepath.Join(root, "a", ".exitlint.yml"), "")
	if _, err := configfile.Find(deep); err == nil || !strings.Contains(err.Error(), "keep one config file") {
		t.Errorf("two files in a/: %v", err)
	}
}

// TestLoad reads every key, with exclude paths made absolute against the
// file's directory.
func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "examples", "x.go"), "package x\n")
	write(t, filepath.Join(dir, "gen", "a_gen.go"), "package gen\n")
	path := filepath.Join(dir, ".exitlint.yml")
	write(t, path, `# settings
version: 1
disable: [handbuilt]
enum: [example.com/cli/exit.Code]
fatals:
  - example.com/log.Die
  - (*example.com/log.Logger).Fatal
sideeffects: []
exclude: [examples/..., "gen/*_gen.go"]
`)
	f, err := configfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if f.Enable != nil || !slices.Equal(f.Disable, []string{"handbuilt"}) {
		t.Errorf("enable %v disable %v", f.Enable, f.Disable)
	}
	fatals := f.Settings[config.FatalsFlag]
	if len(fatals) != 2 || fatals[1].Text != "(*example.com/log.Logger).Fatal" || fatals[1].Line != 7 {
		t.Errorf("fatals %+v", fatals)
	}
	ex := f.Settings[config.ExcludeFlag]
	if len(ex) != 2 || ex[0].Text != filepath.ToSlash(filepath.Join(dir, "examples")) || ex[1].Text != filepath.ToSlash(filepath.Join(dir, "gen", "*_gen.go")) {
		t.Errorf("exclude %+v", ex)
	}

	defer config.Reset()
	if err := f.Apply(func(s config.Setting) bool { return s.Name == config.EnumFlag }); err != nil {
		t.Fatal(err)
	}
	c := config.Current()
	if len(c.Enums) != 0 || len(c.Fatals) != 2 {
		t.Errorf("applied %+v; want the fatals, and no enum (a flag set it)", c)
	}
	if where := config.Lookup(config.FatalsFlag).Where("example.com/log.Die"); where != path+":6: fatals" {
		t.Errorf("Where = %q", where)
	}
	if !c.Excluded(filepath.Join(dir, "examples", "x.go")) || !c.Excluded(filepath.Join(dir, "gen", "a_gen.go")) || c.Excluded(filepath.Join(dir, "gen", "a.go")) || c.Excluded(filepath.Join(dir, "main.go")) {
		t.Errorf("Excluded is wrong for %v", c.Exclude)
	}
	// A flag set after the file forgets the file's line.
	if err := config.Set(config.FatalsFlag, []string{"example.com/log.Die"}); err != nil {
		t.Fatal(err)
	}
	if where := config.Lookup(config.FatalsFlag).Where("example.com/log.Die"); where != "-config.fatals" {
		t.Errorf("after the flag, Where = %q", where)
	}
}

// TestLoadErrors: each problem names the file and its line, and what to
// write instead where a name is close.
func TestLoadErrors(t *testing.T) {
	for name, c := range map[string]struct{ content, want string }{
		"unknown key":      {"version: 1\nsideefects: [os.Remove]\n", `:2: unknown key "sideefects"; did you mean sideeffects?`},
		"unknown check":    {"disable:\n  - handbuilt\n  - barecod\n", `:3: disable: unknown check "barecod"; did you mean barecode?`},
		"not a list":       {"fatals: os.Exit\n", `:1: fatals: want a list`},
		"not a name":       {"enum: [[a]]\n", `:1: enum: each item is a name, not a list`},
		"bad form":         {"\n\nfatals: [Exit]\n", `:3: fatals: "Exit" is no function name`},
		"exclude nothing":  {"exclude:\n  - nosuch/\n", `:2: exclude: nosuch/ matches no file or directory`},
		"exclude absolute": {"exclude: [/etc]\n", `:1: exclude: /etc: write the path relative`},
		"YAML":             {"enable: [barecode\n", `:1: not valid YAML`},
		"tab":              {"enable:\n\t- barecode\n", `:2: not valid YAML`},
		"twice":            {"enable: [barecode]\nenable: [fallback]\n", `:2: enable is set twice (first at line 1)`},
		"version":          {"version: 2\n", `:1: version "2": this exitlint reads version 1`},
		"not a mapping":    {"- enable\n", `:1: want a mapping of settings`},
		"nothing to run":   {"enable: [barecode]\ndisable: [barecode]\n", `:1: enable and disable leave no check to run`},
		"two documents":    {"enable: [barecode]\n---\ndisable: []\n", `:2: a second YAML document`},
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".exitlint.yml")
			write(t, path, c.content)
			_, err := configfile.Load(path)
			if err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want %s%s", err, path, c.want)
			}
		})
	}
	for _, empty := range []string{"", "# nothing yet\n", "---\n"} {
		path := filepath.Join(t.TempDir(), ".exitlint.yml")
		write(t, path, empty)
		if f, err := configfile.Load(path); err != nil || f.Enable != nil || len(f.Settings) != 0 {
			t.Errorf("%q: %+v, %v; want a file that sets nothing", empty, f, err)
		}
	}
}
