package product

import (
	"os"
	"path/filepath"
	"testing"
)

func TestClassify(t *testing.T) {
	mod := t.TempDir()
	at := func(rel string) string { return filepath.Join(mod, filepath.FromSlash(rel)) }
	pkg := func(path string, main bool, imports ...string) Package {
		return Package{Path: "m/" + path, Dir: at(path), Main: main, ModuleDir: mod, Imports: imports}
	}
	pkgs := []Package{
		pkg("cmd/cli", true, "m/internal/tools"),
		pkg("internal/tools", false),
		pkg("tools/gen", true, "m/internal/genlib"),
		pkg("internal/genlib", false),
		pkg("examples/demo", true),
		pkg("_examples/other", true),
		pkg("hack/release", true),
		pkg("cmd/gotoml-test-decoder", true),
		pkg("cmd/protoc-gen-x", true), // a generator that is the product: no word says otherwise
		pkg("lib", false),             // a library's API: nothing imports it here
		pkg("examples/util", false),
		pkg("e2e/runner", true),
		pkg("contrib/statfs", true), // contributed extras no release ships
		// Mains under internal/: programs the module does not publish (a
		// driver its tests build, a doc generator, a debugging tool).
		pkg("cmd/internal/signaldriver", true, "m/internal/drive"),
		pkg("internal/drive", false),
		pkg("internal/cmd/checkdocs", true),
	}
	got := Classify(pkgs, []string{"./..."}, mod)
	for path, want := range map[string]Kind{
		"m/cmd/cli": Product, "m/internal/tools": Product, "m/tools/gen": DevTool, "m/internal/genlib": DevTool,
		"m/examples/demo": Demo, "m/_examples/other": Demo, "m/hack/release": DevTool, "m/cmd/gotoml-test-decoder": TestProgram,
		"m/cmd/protoc-gen-x": Product, "m/lib": Product, "m/examples/util": Demo, "m/e2e/runner": TestProgram, "m/contrib/statfs": DevTool,
		"m/cmd/internal/signaldriver": DevTool, "m/internal/drive": DevTool, "m/internal/cmd/checkdocs": DevTool,
	} {
		if got[path].Kind != want {
			t.Errorf("%s: %v (%s), want %v", path, got[path].Kind, got[path].Reason, want)
		}
	}
	// A pattern that names examples/ asks for the demos there, not for the
	// generator.
	named := Classify(pkgs, []string{"./examples/..."}, mod)
	if named["m/examples/demo"].Kind != Product || named["m/examples/util"].Kind != Product || named["m/tools/gen"].Kind != DevTool {
		t.Errorf("./examples/...: %+v", named)
	}
	if internal := Classify(pkgs, []string{"./cmd/internal/..."}, mod); internal["m/cmd/internal/signaldriver"].Kind != Product {
		t.Errorf("./cmd/internal/...: %+v", internal["m/cmd/internal/signaldriver"])
	}
	abs := Classify(pkgs, []string{at("hack")}, mod)
	if abs["m/hack/release"].Kind != Product {
		t.Errorf("an absolute pattern naming hack/: %+v", abs["m/hack/release"])
	}
}

func TestReleaseBuilds(t *testing.T) {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(root, "mod")
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(mod, "go.mod"), "module m\n")
	write(filepath.Join(root, "cmd/a/main.go"), "package main\n")
	write(filepath.Join(mod, "cmd/b/main.go"), "package main\n")
	// Found above the module, up to the repository's root; main as a file,
	// a dir, the default, and a skipped build.
	write(filepath.Join(root, ".goreleaser.yaml"), `
builds:
  - main: ./cmd/a/main.go
  - dir: mod
    main: ./cmd/b
  - skip: true
    main: ./cmd/c
  - id: root
`)
	builds, file := releaseBuilds(mod)
	want := []string{filepath.Join(root, "cmd/a"), filepath.Join(root, "mod/cmd/b"), root}
	if file != ".goreleaser.yaml" || len(builds) != len(want) {
		t.Fatalf("releaseBuilds = %q from %q, want %q", builds, file, want)
	}
	for i := range want {
		if builds[i] != want[i] {
			t.Errorf("build %d: %s, want %s", i, builds[i], want[i])
		}
	}
	// A build in a directory the release makes first (a before hook that
	// writes ./caddy-build) says nothing of the repository's mains: the
	// file is none, and they are judged by their paths.
	made := t.TempDir()
	write(filepath.Join(made, "go.mod"), "module made\n")
	write(filepath.Join(made, "cmd/tool/main.go"), "package main\n")
	write(filepath.Join(made, ".goreleaser.yml"), "builds:\n  - main: ./cmd/tool\n  - dir: ./tool-build\n    main: main.go\n")
	if b, f := releaseBuilds(made); b != nil {
		t.Errorf("a build in a directory the repository lacks gave %q from %q", b, f)
	}
	// Not above the repository's root; a file that does not parse is none.
	outside := t.TempDir()
	write(filepath.Join(outside, ".goreleaser.yml"), "builds: [- main\n")
	if b, _ := releaseBuilds(outside); b != nil {
		t.Errorf("a malformed file gave %q", b)
	}
}
