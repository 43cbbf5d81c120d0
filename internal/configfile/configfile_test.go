package configfile_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/passes/config"
)

// checks are the names enable and disable may use.
func checks() []string {
	var names []string
	for _, a := range all.Analyzers() {
		names = append(names, a.Name)
	}
	return names
}

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

// TestFindStopsAtTheRoot: a file above the repository's root, or, outside
// a repository, above the workspace's or module's root, is not the code's
// (a .exitlint.yml in /tmp or a home directory); outside all of them the
// search goes up to the file system's root.
func TestFindStopsAtTheRoot(t *testing.T) {
	top := t.TempDir()
	pkg := filepath.Join(top, "repo", "mod", "pkg")
	above := filepath.Join(top, ".exitlint.yml")
	write(t, above, "")
	write(t, filepath.Join(pkg, "x.go"), "package pkg\n")
	find := func(want, why string) {
		t.Helper()
		if got, err := configfile.Find(pkg); err != nil || got != want {
			t.Errorf("%s: Find = %q, %v; want %q", why, got, err, want)
		}
	}
	find(above, "no module, no repository")
	write(t, filepath.Join(top, "repo", "mod", "go.mod"), "module m\n")
	find("", "a file above the module")
	write(t, filepath.Join(top, "repo", "go.work"), "go 1.22\n")
	find("", "a file above the workspace")
	atRepo := filepath.Join(top, "repo", ".exitlint.yml")
	write(t, atRepo, "")
	find(atRepo, "a file at the workspace's root, above the module")
	if err := os.Remove(filepath.Join(top, "repo", "go.work")); err != nil {
		t.Fatal(err)
	}
	find("", "the same file, above the module, outside a workspace")
	if err := os.Mkdir(filepath.Join(top, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	find(atRepo, "a file at the repository's root, above the module")
	if err := os.Remove(atRepo); err != nil {
		t.Fatal(err)
	}
	find("", "a file above the repository")
	inMod := filepath.Join(top, "repo", "mod", ".exitlint.yaml")
	write(t, inMod, "")
	find(inMod, "a file in the module")
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
	f, err := configfile.Load(path, checks())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Values[config.Enable.Name]; ok || !slices.Equal(texts(f.Values[config.Disable.Name]), []string{"handbuilt"}) {
		t.Errorf("values %+v; want disable handbuilt and no enable", f.Values)
	}
	fatals := f.Values[config.Fatals.Name]
	if len(fatals) != 2 || fatals[1].Text != "(*example.com/log.Logger).Fatal" || fatals[1].Line != 7 {
		t.Errorf("fatals %+v", fatals)
	}
	ex := f.Values[config.Exclude.Name]
	if len(ex) != 2 || ex[0].Text != filepath.ToSlash(filepath.Join(dir, "examples")) || ex[1].Text != filepath.ToSlash(filepath.Join(dir, "gen", "*_gen.go")) {
		t.Errorf("exclude %+v", ex)
	}

	if exclude := texts(ex); !config.Excluded(exclude, filepath.Join(dir, "examples", "x.go")) || !config.Excluded(exclude, filepath.Join(dir, "gen", "a_gen.go")) ||
		config.Excluded(exclude, filepath.Join(dir, "gen", "a.go")) || config.Excluded(exclude, filepath.Join(dir, "main.go")) {
		t.Errorf("Excluded is wrong for %v", exclude)
	}
}

func texts(values []configfile.Value) []string {
	var out []string
	for _, v := range values {
		out = append(out, v.Text)
	}
	return out
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
		"exclude above":    {"devcode: [.]\nexclude: [../..]\n", `:2: exclude: ../.. lies outside`},
		"devcode above":    {"devcode: [../*]\n", `:1: devcode: ../* lies outside`},
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
			_, err := configfile.Load(path, checks())
			if err == nil || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v; want %s%s", err, path, c.want)
			}
		})
	}
	for _, empty := range []string{"", "# nothing yet\n", "---\n"} {
		path := filepath.Join(t.TempDir(), ".exitlint.yml")
		write(t, path, empty)
		if f, err := configfile.Load(path, checks()); err != nil || len(f.Values) != 0 {
			t.Errorf("%q: %+v, %v; want a file that sets nothing", empty, f, err)
		}
	}
}
