package config

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

//go:embed doc.go
var doc string

// Analyzer holds the settings as flags; its result is a *Config, the
// settings of the package: the flags', or those the source installed with
// Use gives the package's directory. It reports a setting that names
// nothing in the package's view.
var Analyzer = &analysis.Analyzer{
	Name:       analyzerName,
	Doc:        analyzerutil.Doc(doc, analyzerName),
	URL:        analyzerutil.URL(analyzerName),
	Run:        analyzerutil.Guard(run),
	ResultType: reflect.TypeFor[*Config](),
}

// name is the pseudo-analyzer's name, the prefix of its flags.
const analyzerName = "config"

// Config is the settings of a package, by the table's rows. Passes read
// it with Setting.Of, never from flags.
type Config struct {
	values  [][]string // by the setting's row; exclude paths absolute, with forward slashes
	origins map[string]string
}

// Values returns the names c holds for the setting s.
func (c *Config) Values(s *Setting) []string {
	if c == nil || s.index >= len(c.values) {
		return nil
	}
	return c.values[s.index]
}

// Set sets the setting s to names, which came from its flag: an origin
// recorded for an earlier value is forgotten.
func (c *Config) Set(s *Setting, names []string) {
	if len(c.values) < len(Settings) {
		c.values = append(c.values, make([][]string, len(Settings)-len(c.values))...)
	}
	c.values[s.index] = slices.Clone(names)
	for k := range c.origins {
		if strings.HasPrefix(k, s.Name+"\x00") {
			delete(c.origins, k)
		}
	}
}

// SetOrigin records where value of the setting s came from, as messages
// name it ("file:line: key").
func (c *Config) SetOrigin(s *Setting, value, origin string) {
	if c.origins == nil {
		c.origins = map[string]string{}
	}
	c.origins[s.Name+"\x00"+value] = origin
}

// Where says where value of the setting s was set, as messages name it:
// the config file and line it came from, or the flag.
func (c *Config) Where(s *Setting, value string) string {
	if o := c.origins[s.Name+"\x00"+value]; o != "" {
		return o
	}
	return s.Flag()
}

// String spells out everything c holds, origins included (the config
// pass reports them): the same settings, the same string.
func (c *Config) String() string {
	var b strings.Builder
	for _, s := range Settings {
		fmt.Fprintf(&b, "%s:", s.Name)
		for _, v := range c.Values(s) {
			fmt.Fprintf(&b, " %q@%q", v, c.Where(s, v))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Excluded reports whether the file named filename lies in a path of
// exclude: a file or directory (everything below it), or a glob
// (path.Match) that the file or one of its directories matches. A
// relative filename is relative to the working directory, as the exclude
// paths set by flags are: Bazel's nogo names files relative to the
// execution root it runs in.
func Excluded(exclude []string, filename string) bool {
	if len(exclude) == 0 || filename == "" {
		return false
	}
	if !filepath.IsAbs(filename) {
		if abs, err := filepath.Abs(filename); err == nil {
			filename = abs
		}
	}
	name := filepath.ToSlash(filename)
	for _, pat := range exclude {
		for p := name; ; p = path.Dir(p) {
			if p == pat {
				return true
			}
			if ok, _ := path.Match(pat, p); ok {
				return true
			}
			if parent := path.Dir(p); parent == p {
				break
			}
		}
	}
	return false
}

// A Source gives the settings of the package in dir; dependency says the
// package is of another module, at a version (the module cache). The
// front ends install one that reads the config files (internal/settings);
// without one, the flags are every package's settings, as for Bazel's
// nogo and analysistest.
type Source func(dir string, dependency bool) (*Config, error)

var source struct {
	sync.RWMutex
	get Source
}

// Use installs the source of the packages' settings; nil leaves them to
// the flags.
func Use(s Source) {
	source.Lock()
	source.get = s
	source.Unlock()
}

// ForDir returns the settings of the package in dir, as the config pass
// gives them to its passes: the source's, or the flags' without one.
func ForDir(dir string, dependency bool) (*Config, error) {
	source.RLock()
	get := source.get
	source.RUnlock()
	if get == nil {
		return Current(), nil
	}
	return get(dir, dependency)
}

// settingsOf returns the settings of the package of pass.
func settingsOf(pass *analysis.Pass) (*Config, error) {
	return ForDir(packageDir(pass), pass.Module != nil && pass.Module.Version != "")
}

// packageDir returns the directory of the package of pass, as go list
// names it: that of a file whose name ends in .go, since cgo's output
// lies in the build cache under other names; failing that, the file a
// //line directive at a file's package clause names.
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if name := pass.Fset.File(f.Pos()).Name(); strings.HasSuffix(name, ".go") {
			return filepath.Dir(name)
		}
	}
	for _, f := range pass.Files {
		if name := pass.Fset.PositionFor(f.Package, true).Filename; name != "" {
			return filepath.Dir(name)
		}
	}
	return ""
}

// PkgPath returns the import path of the package a setting's name lies in.
func PkgPath(name string) string { return analyzerutil.PkgOfFullName(name) }

func run(pass *analysis.Pass) (any, error) {
	c, err := settingsOf(pass)
	if err != nil {
		return nil, err
	}
	for _, s := range Settings {
		if s.Kind == KindPath || s.Kind == KindCheck {
			continue
		}
		for _, name := range c.Values(s) {
			pkg, pos := inView(pass, PkgPath(name))
			if pkg == nil {
				continue
			}
			if problem := Resolve(pkg, s.Kind, name); problem != "" {
				pass.Report(analysis.Diagnostic{Pos: pos, Category: "config", URL: pass.Analyzer.URL, Message: c.Where(s, name) + ": " + problem})
			}
		}
	}
	return c, nil
}

// inView returns the package named path if the pass's package is it or
// imports it, with the position to report a problem at: the import's path,
// or the package clause.
func inView(pass *analysis.Pass, path string) (*types.Package, token.Pos) {
	if pass.Pkg.Path() == path {
		for _, f := range pass.Files {
			if !analyzerutil.InTestFile(pass.Fset, f.Pos()) {
				return pass.Pkg, f.Name.Pos()
			}
		}
		return nil, token.NoPos
	}
	for _, f := range pass.Files {
		for _, spec := range f.Imports {
			if obj, ok := pass.TypesInfo.Implicits[spec].(*types.PkgName); ok && obj.Imported().Path() == path {
				return obj.Imported(), spec.Path.Pos()
			}
			if spec.Name != nil {
				if obj, ok := pass.TypesInfo.Defs[spec.Name].(*types.PkgName); ok && obj.Imported().Path() == path {
					return obj.Imported(), spec.Path.Pos()
				}
			}
		}
	}
	return nil, token.NoPos
}
