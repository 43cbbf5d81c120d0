package settings_test

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/passes/config"
)

// repoFiles are a module with a config file at its root and another in
// tool/.
var repoFiles = fstest.MapFS{
	"go.mod":             {Data: []byte("module example.com/m\n")},
	".exitlint.yml":      {Data: []byte("disable: [handbuilt]\nfatals: [example.com/log.Die]\nsideeffects: [example.com/db.Save]\n")},
	"cmd/x.go":           {Data: []byte("package main\n")},
	"tool/.exitlint.yml": {Data: []byte("enable: [barecode]\n")},
	"tool/sub/x.go":      {Data: []byte("package sub\n")},
}

// repo writes repoFiles in a new directory.
func repo(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, repoFiles); err != nil {
		t.Fatal(err)
	}
	return dir
}

// rewrite replaces tool's config file.
func rewrite(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "tool", ".exitlint.yml"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func resolve(t *testing.T, r *settings.Resolver, dir string, dependency bool) *settings.Resolved {
	t.Helper()
	res, err := r.For(dir, dependency)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func values(res *settings.Resolved, s *config.Setting) string {
	return strings.Join(res.Config.Values(s), ",")
}

// TestNearestFile: each package takes the file nearest above it, whole
// (tool's file does not inherit the root's settings); a dependency, and a
// package of the standard library, takes the file of the directory the run
// starts from, or none when the run
// starts nowhere (go vet); -config's file is every package's.
func TestNearestFile(t *testing.T) {
	defer config.Reset()
	dir := repo(t)
	r := settings.New("", dir)
	root := resolve(t, r, filepath.Join(dir, "cmd"), false)
	if root.File != filepath.Join(dir, ".exitlint.yml") || values(root, config.Disable) != "handbuilt" || values(root, config.Fatals) != "example.com/log.Die" {
		t.Errorf("cmd: %s %v", root.File, root.Config)
	}
	tool := resolve(t, r, filepath.Join(dir, "tool", "sub"), false)
	if tool.File != filepath.Join(dir, "tool", ".exitlint.yml") || values(tool, config.Enable) != "barecode" || values(tool, config.Fatals) != "" {
		t.Errorf("tool/sub: %s %v", tool.File, tool.Config)
	}
	if dep := resolve(t, r, filepath.Join(dir, "tool", "sub"), true); dep.File != root.File {
		t.Errorf("a dependency: %q; want the file of where the run starts, %q", dep.File, root.File)
	}
	if std := resolve(t, r, filepath.Join(build.Default.GOROOT, "src", "fmt"), false); std.File != root.File {
		t.Errorf("a package of the standard library: %q; want the file of where the run starts, %q", std.File, root.File)
	}
	if dep := resolve(t, settings.New("", ""), filepath.Join(dir, "cmd"), true); dep.File != "" || dep.Config.String() != config.Current().String() {
		t.Errorf("a dependency of a run that starts nowhere: %q %v; want the flags alone", dep.File, dep.Config)
	}
	one := settings.New(filepath.Join(dir, "tool", ".exitlint.yml"), dir)
	if res := resolve(t, one, filepath.Join(dir, "cmd"), false); res.File != filepath.Join(dir, "tool", ".exitlint.yml") {
		t.Errorf("-config: %q", res.File)
	}
	checks, err := tool.Checks("enable", "disable")
	if err != nil || len(checks) != 1 || checks[0].Name != "barecode" {
		t.Errorf("tool's checks: %v, %v", checks, err)
	}
}

// TestFlagsOverFile: a setting a flag set is the flag's, each setting on
// its own; where a value came from follows it.
func TestFlagsOverFile(t *testing.T) {
	defer config.Reset()
	dir := repo(t)
	if err := config.Set(config.Fatals.Name, []string{"example.com/log.Fatal"}); err != nil {
		t.Fatal(err)
	}
	if err := config.Set(config.Enable.Name, []string{"fallback"}); err != nil {
		t.Fatal(err)
	}
	res := resolve(t, settings.New("", dir), dir, false)
	if values(res, config.Fatals) != "example.com/log.Fatal" || values(res, config.SideEffects) != "example.com/db.Save" ||
		values(res, config.Enable) != "fallback" || values(res, config.Disable) != "handbuilt" {
		t.Errorf("settings %v; want the flags' fatals and enable, the file's sideeffects and disable", res.Config)
	}
	if where := res.Config.Where(config.Fatals, "example.com/log.Fatal"); where != "-config.fatals" {
		t.Errorf("a flag's value comes from %q", where)
	}
	if where := res.Config.Where(config.SideEffects, "example.com/db.Save"); where != filepath.Join(dir, ".exitlint.yml")+":3: sideeffects" {
		t.Errorf("a file's value comes from %q", where)
	}
}

// TestSourceAndSalt: the config pass asks the installed resolver; the salt
// of a package changes with its file, and only its file.
func TestSourceAndSalt(t *testing.T) {
	defer config.Reset()
	dir := repo(t)
	r := settings.New("", dir)
	r.Use()
	c, err := config.ForDir(filepath.Join(dir, "tool", "sub"), false)
	if err != nil || !slices.Equal(c.Values(config.Enable), []string{"barecode"}) {
		t.Errorf("the config pass's source: %v, %v", c, err)
	}
	rootSalt, toolSalt := r.Salt(filepath.Join(dir, "cmd"), false), r.Salt(filepath.Join(dir, "tool"), false)
	rewrite(t, dir, "enable: [fallback]\n")
	again := settings.New("", dir)
	if again.Salt(filepath.Join(dir, "cmd"), false) != rootSalt || again.Salt(filepath.Join(dir, "tool"), false) == toolSalt {
		t.Error("after tool's file changed, want tool's salt changed and the root's not")
	}
	rewrite(t, dir, "enable: [nosuch]\n")
	if _, err := settings.New("", dir).For(filepath.Join(dir, "tool"), false); err == nil || !strings.Contains(err.Error(), `tool/.exitlint.yml:1: enable: unknown check "nosuch"`) {
		t.Errorf("a bad nested file: %v", err)
	}
}

// TestBelow: the files a front end that must choose its checks first (the
// plugin) finds: the start's and every one below it that ./... reads, not
// one in testdata; Union runs what any of them chooses.
func TestBelow(t *testing.T) {
	defer config.Reset()
	dir := repo(t)
	if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "testdata", ".exitlint.yml"), []byte("not: [a key]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := settings.New("", dir).Below(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, res := range found {
		files = append(files, res.File)
	}
	if want := []string{filepath.Join(dir, ".exitlint.yml"), filepath.Join(dir, "tool", ".exitlint.yml")}; !slices.Equal(files, want) {
		t.Errorf("Below found %q; want %q", files, want)
	}
	checks, err := settings.Union("enable", "disable", found...)
	var names []string
	for _, c := range checks {
		names = append(names, c.Name)
	}
	// The root leaves handbuilt off; tool runs barecode alone.
	if err != nil || strings.Join(names, ",") != "barecode,fallback,derivedok,argphase,envshape,payload,undeclared,directives" {
		t.Errorf("Union: %v, %v", names, err)
	}
}
