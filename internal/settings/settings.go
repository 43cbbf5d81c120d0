// Package settings is exitlint's one resolution of its settings, used by
// every front end (the command, go vet, the language server and the
// golangci-lint plugin): which config file applies to a package, and how
// the file meets the front end's flags.
//
// The rule, the same on every route:
//
//   - A package's file is the .exitlint.yml (or .exitlint.yaml) nearest
//     above its directory, looking no higher than its repository's root,
//     or, outside a repository, its workspace's or module's
//     (configfile.Find).
//   - A package of another module at a version (a dependency, in the
//     module cache: its files are its authors'), or of the standard
//     library, takes the file of the
//     directory the run starts from, since the settings name what the
//     run's own code calls; a route that starts nowhere (go vet, whose
//     units each see one package) gives it none.
//   - A package with no file takes the flags alone.
//   - -config FILE names one file for every package, found by no search.
//   - A flag that sets a setting replaces the file's value of it; the
//     settings are passes/config's table, enable and disable included.
//
// The resolution sits above analyzers/all, which lists the checks that
// enable and disable name; passes/config asks it for each package's
// settings through the source a front end installs with Use.
package settings

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/passes/config"
)

// Resolver resolves the settings of packages by their directory, reading
// each config file once: make one per run (the language server, one per
// analysis, so that each reads the files as they are then). It is safe
// for concurrent use, as the config pass runs on packages at once.
type Resolver struct {
	file  string // -config: every package's file
	start string // where the run starts; "" for nowhere

	finder configfile.Finder
	mu     sync.Mutex
	loaded map[string]loaded // by path

	// frontEndExcludes leaves exclude out of what the config pass sees:
	// the front end applies it (ExcludeInFrontEnd).
	frontEndExcludes bool
}

// ExcludeInFrontEnd leaves each package's exclude setting to the front
// end, which applies it to the findings itself (For still gives it) and so
// can count what it hid; the config pass, and so the suppress pass, sees
// none. The command does this; go vet, the plugin and the language server
// leave exclude to the suppress pass.
func (r *Resolver) ExcludeInFrontEnd() { r.frontEndExcludes = true }

// forPass resolves the settings of the package in dir as the config pass
// sees them.
func (r *Resolver) forPass(dir string, dependency bool) (*Resolved, error) {
	res, err := r.For(dir, dependency)
	if err == nil && r.frontEndExcludes {
		res.Config.Set(config.Exclude, nil)
	}
	return res, err
}

type loaded struct {
	f   *configfile.File
	err error
}

// New returns a resolver for a run that starts from the directory start
// ("" for none), or that reads file for every package when file is set.
func New(file, start string) *Resolver {
	return &Resolver{file: file, start: start, loaded: map[string]loaded{}}
}

// Resolved is the settings of a package.
type Resolved struct {
	File   string // the config file that applies, "" when none does
	Config *config.Config
}

// For resolves the settings of the package in dir; dependency says it is
// of another module at a version. A package of the standard library is a
// dependency too. An error is the config file's (*configfile.Error, with
// its line).
func (r *Resolver) For(dir string, dependency bool) (*Resolved, error) {
	path, err := r.fileFor(dir, dependency || analyzerutil.StdDir(dir))
	if err != nil {
		return nil, err
	}
	var f *configfile.File
	if path != "" {
		if f, err = r.load(path); err != nil {
			return nil, err
		}
	}
	return &Resolved{File: path, Config: merge(f)}, nil
}

// Start resolves the settings of the directory the run starts from: those
// of the dependencies.
func (r *Resolver) Start() (*Resolved, error) { return r.For(r.start, false) }

// fileFor returns the config file of the package in dir, "" when none
// applies.
func (r *Resolver) fileFor(dir string, dependency bool) (string, error) {
	switch {
	case r.file != "":
		return r.file, nil
	case !dependency:
		return r.finder.Find(dir)
	case r.start == "":
		return "", nil
	}
	return r.finder.Find(r.start)
}

func (r *Resolver) load(path string) (*configfile.File, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l, ok := r.loaded[path]
	if !ok {
		l.f, l.err = configfile.Load(path, checkNames())
		r.loaded[path] = l
	}
	return l.f, l.err
}

// checkNames are the names enable and disable may use.
func checkNames() []string {
	var names []string
	for _, a := range all.Analyzers() {
		names = append(names, a.Name)
	}
	return names
}

// merge returns the settings of the file f (nil for none) under the flags:
// a setting a flag set is the flag's, else the file's.
func merge(f *configfile.File) *config.Config {
	c := &config.Config{}
	for _, s := range config.Settings {
		if names, ok := s.Flagged(); ok {
			c.Set(s, names)
			continue
		}
		if f == nil {
			continue
		}
		values, ok := f.Values[s.Name]
		if !ok {
			continue
		}
		var names []string
		for _, v := range values {
			names = append(names, v.Text)
		}
		c.Set(s, names)
		for _, v := range values {
			c.SetOrigin(s, v.Text, fmt.Sprintf("%s:%d: %s", f.Path, v.Line, s.Name))
		}
	}
	return c
}

// Checks returns the checks the settings run, in the order of
// all.Analyzers; enableName and disableName are how an error names the two
// settings (the command's "-enable", the plugin's "settings.enable").
func (r *Resolved) Checks(enableName, disableName string) ([]*analysis.Analyzer, error) {
	return all.Select(r.Config.Values(config.Enable), r.Config.Values(config.Disable), enableName, disableName)
}

// Union returns the checks that any of resolved choose, in the order of
// all.Analyzers: what a front end runs for packages whose settings choose
// differently (each reports only its own, through the suppress pass).
// enableName and disableName are as for Checks; an error names the file
// whose settings, under the flags, leave no check to run.
func Union(enableName, disableName string, resolved ...*Resolved) ([]*analysis.Analyzer, error) {
	chosen := map[string]bool{}
	for _, res := range resolved {
		checks, err := res.Checks(enableName, disableName)
		if err != nil {
			if res.File != "" {
				err = fmt.Errorf("%w (the settings of %s)", err, res.File)
			}
			return nil, err
		}
		for _, c := range checks {
			chosen[c.Name] = true
		}
	}
	var out []*analysis.Analyzer
	for _, a := range all.Analyzers() {
		if chosen[a.Name] {
			out = append(out, a)
		}
	}
	return out, nil
}

// Below resolves the settings of dir and those of every config file below
// it, in the directories the go command's ./... reads (it skips testdata,
// vendor, and names that begin with . or _): what a front end that must
// choose its checks before it knows the packages may have to run.
func (r *Resolver) Below(dir string) ([]*Resolved, error) {
	here, err := r.For(dir, false)
	if err != nil {
		return nil, err
	}
	out := []*Resolved{here}
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil // a directory it cannot read holds no package either
		case d.IsDir():
			if name := d.Name(); p != dir && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor") {
				return filepath.SkipDir
			}
		case slices.Contains(configfile.Names, d.Name()) && filepath.Dir(p) != dir:
			res, err := r.For(filepath.Dir(p), false)
			if err != nil {
				return err
			}
			out = append(out, res)
		}
		return nil
	})
	return out, err
}

// Use installs r as the config pass's source of each package's settings.
func (r *Resolver) Use() {
	config.Use(func(dir string, dependency bool) (*config.Config, error) {
		res, err := r.forPass(dir, dependency)
		if err != nil {
			return nil, err
		}
		return res.Config, nil
	})
}

// Salt spells out the settings of the package in dir for its key in the
// driver's cache and memory: a package whose settings change is analyzed
// again, and only such a package and what imports it.
func (r *Resolver) Salt(dir string, dependency bool) string {
	res, err := r.forPass(dir, dependency)
	if err != nil {
		return "error: " + err.Error()
	}
	salt := res.File + "\n" + res.Config.String()
	if r.frontEndExcludes {
		salt += "exclude: applied by the front end\n"
	}
	return salt
}
