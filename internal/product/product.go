// Package product decides which packages of a module are the CLI an agent
// calls, and which are code that ships no behaviour to one: dev tooling
// (code generators, release and doc tooling, the repository's own
// linters), demos (the example programs of a library), and test programs
// (a helper binary the tests run). exitlint reports the contract's
// violations in the product; in the rest a catch-all os.Exit(1) is what a
// script of the repository's own does, not what an agent meets, and on
// real code nearly every finding there was judged not worth a user's
// time (a library's 72 demo mains under examples/; generators under
// scripts/, hack/ and internal/tools/; release tooling under helpers/).
//
// The evidence, in order:
//
//  1. A release configuration (.goreleaser.yml or .yaml, in the module's
//     directory or above it up to the repository's root) names the mains
//     that are released: those are the product, and every other main of
//     the module is dev tooling.
//  2. Without one, a main is the product unless its path says otherwise: a
//     directory on the way to it named for dev tooling (scripts, script,
//     hack, tools, helpers, contrib), demos (examples, example, _examples,
//     _example, demos, demo, samples, sample) or tests (test, tests, e2e,
//     integration, testing, testutil, testutils, bench, benchmarks), or its
//     own directory's name holding such a word (cmd/run-benchmarks,
//     cmd/validate-examples, cmd/gotoml-test-decoder). A main under an
//     internal/ directory is a program the module keeps to itself: on
//     the harness's tuning half every one of them was (a signal-handling
//     driver only an end-to-end test builds, an age plugin that only the
//     tests use, a contract generator, a debugging tool for an embedded
//     database, the test servers of a gRPC client, a fuzzing library).
//  3. A package that is no main is the product when a product main
//     imports it, directly or not, or when no left-out main does and its
//     path says nothing else (a library's own API). One that only left-out
//     mains import is of their kind.
//  4. A pattern that names a left-out directory (./examples/...) asks for
//     it: its packages are reported.
package product

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Kind is what a package is to an agent.
type Kind int

const (
	// Product is the CLI an agent calls, and the code it runs.
	Product Kind = iota
	// DevTool is the repository's own tooling: generators, release, docs.
	DevTool
	// Demo is an example program.
	Demo
	// TestProgram is a program the tests run.
	TestProgram
)

func (k Kind) String() string {
	switch k {
	case DevTool:
		return "dev tooling"
	case Demo:
		return "a demo"
	case TestProgram:
		return "a test program"
	}
	return "the product"
}

// Package is what the decision reads of one package.
type Package struct {
	Path      string   // import path
	Dir       string   // absolute directory
	Main      bool     // package main
	Imports   []string // the import paths of the packages it imports, of its module
	ModuleDir string   // its module's directory
}

// Verdict is what a package is, and why.
type Verdict struct {
	Kind Kind
	// Dir is the directory whose name or release configuration decided
	// it ("" for the product): a pattern at or below it names it.
	Dir    string
	Reason string
}

// Words that name directories of code no agent runs.
var (
	devWords  = []string{"scripts", "script", "hack", "tools", "helpers", "contrib"}
	demoWords = []string{"examples", "example", "_examples", "_example", "demos", "demo", "samples", "sample"}
	testWords = []string{"test", "tests", "e2e", "integration", "testing", "testutil", "testutils", "bench", "benchmarks"}
	// nameWords are the words a main's own directory name may hold that
	// make it such code: a generator, a benchmark runner, a test helper.
	nameWords = map[string]Kind{"test": TestProgram, "tests": TestProgram, "e2e": TestProgram, "bench": TestProgram, "benchmark": TestProgram, "benchmarks": TestProgram, "example": Demo, "examples": Demo, "demo": Demo}
)

// Classify decides every package of pkgs. patterns are the run's package
// patterns, relative to cwd when they are directories; a left-out package
// that one names is the product.
func Classify(pkgs []Package, patterns []string, cwd string) map[string]Verdict {
	out := map[string]Verdict{}
	byModule := map[string][]Package{}
	for _, p := range pkgs {
		byModule[p.ModuleDir] = append(byModule[p.ModuleDir], p)
	}
	for dir, list := range byModule {
		classifyModule(dir, list, out)
	}
	for path, v := range out {
		if v.Kind != Product && named(v.Dir, pkgDir(pkgs, path), patterns, cwd) {
			out[path] = Verdict{Kind: Product, Reason: "a pattern names its directory"}
		}
	}
	return out
}

func pkgDir(pkgs []Package, path string) string {
	for _, p := range pkgs {
		if p.Path == path {
			return p.Dir
		}
	}
	return ""
}

// classifyModule decides the packages of one module.
func classifyModule(moduleDir string, pkgs []Package, out map[string]Verdict) {
	rel, relFile := releaseBuilds(moduleDir)
	for _, p := range pkgs {
		if !p.Main {
			continue
		}
		switch {
		case rel != nil && slices.Contains(rel, p.Dir):
			out[p.Path] = Verdict{Kind: Product, Reason: "a build of " + relFile}
		case rel != nil:
			out[p.Path] = Verdict{Kind: DevTool, Dir: p.Dir, Reason: "a main no build of " + relFile + " releases"}
		default:
			out[p.Path] = byPath(moduleDir, p.Dir, true)
		}
	}
	// What the product's mains import is the product; what only left-out
	// mains import is of their kind.
	byPathOf := map[string]Package{}
	for _, p := range pkgs {
		byPathOf[p.Path] = p
	}
	reach := func(from Kind) map[string]Verdict {
		seen := map[string]Verdict{}
		var visit func(path string, v Verdict)
		visit = func(path string, v Verdict) {
			if _, ok := seen[path]; ok {
				return
			}
			seen[path] = v
			for _, imp := range byPathOf[path].Imports {
				if _, ok := byPathOf[imp]; ok {
					visit(imp, v)
				}
			}
		}
		for _, p := range pkgs {
			if v := out[p.Path]; p.Main && (v.Kind == Product) == (from == Product) {
				visit(p.Path, v)
			}
		}
		return seen
	}
	product, leftOut := reach(Product), reach(DevTool)
	for _, p := range pkgs {
		if p.Main {
			continue
		}
		if _, ok := product[p.Path]; ok {
			out[p.Path] = Verdict{Kind: Product, Reason: "a product main imports it"}
			continue
		}
		if v, ok := leftOut[p.Path]; ok {
			out[p.Path] = Verdict{Kind: v.Kind, Dir: v.Dir, Reason: "only " + v.Kind.String() + " imports it"}
			continue
		}
		out[p.Path] = byPath(moduleDir, p.Dir, false)
	}
}

// byPath decides a package by its path in its module: a directory on the
// way named for dev tooling, demos or tests; for a main, its own
// directory's name holding such a word.
func byPath(moduleDir, dir string, main bool) Verdict {
	rel, err := filepath.Rel(moduleDir, dir)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return Verdict{Kind: Product, Reason: "at its module's root"}
	}
	segs := strings.Split(filepath.ToSlash(rel), "/")
	for i, seg := range segs {
		at := filepath.Join(moduleDir, filepath.FromSlash(strings.Join(segs[:i+1], "/")))
		lower := strings.ToLower(seg)
		switch {
		case slices.Contains(demoWords, lower):
			return Verdict{Kind: Demo, Dir: at, Reason: "under " + seg + "/"}
		case slices.Contains(devWords, lower):
			return Verdict{Kind: DevTool, Dir: at, Reason: "under " + seg + "/"}
		case slices.Contains(testWords, lower):
			return Verdict{Kind: TestProgram, Dir: at, Reason: "under " + seg + "/"}
		}
	}
	if main {
		// A main under internal/ is a program the module keeps to itself
		// (what a release ships is named by a release configuration,
		// read first): a driver its tests build, a generator, a debugging
		// tool.
		for i, seg := range segs[:len(segs)-1] {
			if seg == "internal" {
				at := filepath.Join(moduleDir, filepath.FromSlash(strings.Join(segs[:i+1], "/")))
				return Verdict{Kind: DevTool, Dir: at, Reason: "a main under internal/, which the module does not publish"}
			}
		}
		base := segs[len(segs)-1]
		for _, w := range strings.FieldsFunc(strings.ToLower(base), func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
			if k, ok := nameWords[w]; ok {
				return Verdict{Kind: k, Dir: dir, Reason: "a main named " + base}
			}
		}
	}
	return Verdict{Kind: Product, Reason: "in its module"}
}

// named reports whether a pattern names the directory left (or a
// directory at or below it), so that what lies there was asked for: a
// directory pattern (./examples/..., examples/foo) relative to cwd, or an
// absolute one. Import-path patterns are read as the directory they name
// when it is pkgDir's, or above it.
func named(left, pkgDir string, patterns []string, cwd string) bool {
	if left == "" {
		return false
	}
	for _, pat := range patterns {
		// An import path (module/...) never names a left-out directory
		// alone.
		if dir, ok := PatternDir(pat, cwd); ok && Within(dir, left) {
			return true
		}
	}
	return false
}

// PatternDir returns the directory a directory pattern names (./cmd,
// ./examples/..., ../x, an absolute path), its /... left off, resolved
// against cwd; false for an import-path pattern or an empty one.
func PatternDir(pat, cwd string) (string, bool) {
	base := strings.TrimSuffix(strings.TrimSuffix(pat, "/..."), "...")
	switch {
	case base == "":
		return "", false
	case filepath.IsAbs(base):
		return filepath.Clean(base), true
	case base == "." || base == ".." || strings.HasPrefix(base, "./") || strings.HasPrefix(base, "../"):
		return filepath.Join(cwd, base), true
	}
	return "", false
}

// Within reports whether dir is root or lies below it.
func Within(dir, root string) bool {
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// releaseFiles are the names of a release configuration, in the order they
// are looked for.
var releaseFiles = []string{".goreleaser.yml", ".goreleaser.yaml", "goreleaser.yml", "goreleaser.yaml"}

// releaseBuilds returns the directories of the mains a release
// configuration builds, and its file's name, nil when there is none (or it
// names no build): found in moduleDir or above it, up to the repository's
// root (the nearest directory holding .git).
func releaseBuilds(moduleDir string) ([]string, string) {
	for dir := moduleDir; ; {
		for _, name := range releaseFiles {
			file := filepath.Join(dir, name)
			if builds, ok := readBuilds(file, dir); ok {
				return builds, name
			}
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			return nil, ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, ""
		}
		dir = parent
	}
}

// maxReleaseFile bounds what is read of a release configuration.
const maxReleaseFile = 1 << 20

// readBuilds reads the builds of a release configuration at file, whose
// paths are relative to dir: each build's dir joined with its main (a
// package directory, or a file in one; "." by default). ok is false when
// the file is absent, is no regular file, cannot be parsed, names no
// build that is not skipped, or names a build whose directory is not in
// the repository (made at release time: then which mains are released is
// not in the file, and the mains are judged by their paths).
func readBuilds(file, dir string) (builds []string, ok bool) {
	st, err := os.Stat(file)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxReleaseFile {
		return nil, false
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var conf struct {
		Builds []struct {
			Main string `yaml:"main"`
			Dir  string `yaml:"dir"`
			Skip any    `yaml:"skip"`
		} `yaml:"builds"`
	}
	if err := yaml.Unmarshal(data, &conf); err != nil {
		return nil, false
	}
	for _, b := range conf.Builds {
		if skip, _ := b.Skip.(bool); skip {
			continue
		}
		main := b.Main
		if main == "" {
			main = "."
		}
		if strings.HasSuffix(main, ".go") {
			main = path.Dir(main)
		}
		d := filepath.Join(dir, filepath.FromSlash(b.Dir), filepath.FromSlash(main))
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			// A directory the release makes first (a before hook that
			// writes a main into ./caddy-build): the file does not say
			// which of the repository's mains it releases.
			return nil, false
		}
		if !slices.Contains(builds, d) {
			builds = append(builds, d)
		}
	}
	return builds, len(builds) > 0
}
