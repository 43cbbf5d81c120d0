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

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

//go:embed doc.go
var doc string

// The names of the settings, as flags of Analyzer (-config.NAME) and keys of
// the golangci-lint plugin's settings.
const (
	EnumFlag        = "enum"
	FatalsFlag      = "fatals"
	SideEffectsFlag = "sideeffects"
	ExcludeFlag     = "exclude"
)

// Analyzer holds the settings as flags; its result is a *Config. It reports
// a setting that names nothing in the package's view.
var Analyzer = &analysis.Analyzer{
	Name:       analyzerName,
	Doc:        analyzerutil.Doc(doc, analyzerName),
	URL:        analyzerutil.URL(analyzerName),
	Run:        analyzerutil.Guard(run),
	ResultType: reflect.TypeFor[*Config](),
}

// Config is exitlint's settings. Passes and checks read it from the config
// pass's result, never from flags.
type Config struct {
	Enums       []string // exit-code enum types besides exitlint's: import/path.Type
	Fatals      []string // functions that exit with 1 besides the built-in list, as types.Func.FullName spells them
	SideEffects []string // functions with side effects besides the catalogue, likewise
	// Exclude are the paths whose findings are not reported, absolute,
	// with forward slashes: a file or directory (everything below it), or
	// a glob (path.Match) that a file or one of its directories matches.
	Exclude []string
}

// Excluded reports whether the file named filename lies in an excluded
// path. A relative filename is relative to the working directory, as the
// exclude paths set by flags are: Bazel's nogo names files relative to the
// execution root it runs in.
func (c *Config) Excluded(filename string) bool {
	if c == nil || len(c.Exclude) == 0 || filename == "" {
		return false
	}
	if !filepath.IsAbs(filename) {
		if abs, err := filepath.Abs(filename); err == nil {
			filename = abs
		}
	}
	name := filepath.ToSlash(filename)
	for _, pat := range c.Exclude {
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

// Kind is what a setting names.
type Kind int

const (
	// KindType is a setting that names types: import/path.Type.
	KindType Kind = iota
	// KindFunc is a setting that names functions and methods, as
	// types.Func.FullName spells them.
	KindFunc
	// KindPath is a setting that names files and directories, relative to
	// the working directory when set by a flag.
	KindPath
)

// Setting describes one setting.
type Setting struct {
	Name string // the flag's name on Analyzer: "enum"
	Kind Kind
	// Aliases are the flags of earlier versions that set it, as
	// "analyzer.flag".
	Aliases []string
	get     func(*Config) *[]string
}

// Settings are every setting exitlint has.
var Settings = []Setting{
	{Name: EnumFlag, Kind: KindType, Aliases: []string{"contract.enum"}, get: func(c *Config) *[]string { return &c.Enums }},
	{Name: FatalsFlag, Kind: KindFunc, Aliases: []string{"fallback.fatals"}, get: func(c *Config) *[]string { return &c.Fatals }},
	{Name: SideEffectsFlag, Kind: KindFunc, Aliases: []string{"argphase.sideeffects"}, get: func(c *Config) *[]string { return &c.SideEffects }},
	{Name: ExcludeFlag, Kind: KindPath, get: func(c *Config) *[]string { return &c.Exclude }},
}

// Values returns the names the setting holds in c.
func (s Setting) Values(c *Config) []string { return *s.get(c) }

// Flag spells the setting as the exitlint command takes it: "-config.enum".
func (s Setting) Flag() string { return "-" + analyzerName + "." + s.Name }

// Lookup returns the setting named name ("enum"); the zero Setting when
// there is none.
func Lookup(name string) Setting {
	for _, s := range Settings {
		if s.Name == name {
			return s
		}
	}
	return Setting{}
}

// Check reports what is wrong with the form of a name of the setting, as
// its flag checks it when set.
func (s Setting) Check(name string) error {
	var names []string
	return (&list{name: s.Name, kind: s.Kind, names: &names, dryRun: true}).Set(name)
}

// Where says where the setting's value was set, as messages name it: the
// config file and line it came from, or the flag.
func (s Setting) Where(value string) string {
	if o := origins[s.Name+"\x00"+value]; o != "" {
		return o
	}
	return s.Flag()
}

// SetOrigin records that value of the setting name was set at origin
// ("file:line: key"); setting the setting again forgets it.
func SetOrigin(name, value, origin string) { origins[name+"\x00"+value] = origin }

// name is the pseudo-analyzer's name, the prefix of its flags.
const analyzerName = "config"

// current is what the flags hold; origins where their values came from,
// when not from the flag.
var (
	current Config
	origins = map[string]string{}
)

func init() {
	usage := map[string]string{
		EnumFlag:        "comma-separated exit-code enum types besides exitlint's, as import/path.Type",
		FatalsFlag:      "comma-separated functions that end the process with exit code 1, besides the built-in list: import/path.Func or (*import/path.Type).Method",
		SideEffectsFlag: "comma-separated functions with side effects, besides the standard library's catalogue: import/path.Func or (*import/path.Type).Method",
		ExcludeFlag:     "comma-separated paths whose findings are not reported: a file, a directory (all below it) or a glob, relative to the working directory",
	}
	for _, s := range Settings {
		Analyzer.Flags.Var(&list{name: s.Name, kind: s.Kind, names: s.get(&current)}, s.Name, usage[s.Name])
	}
}

// AddAlias registers on a, under the flag's own name there, the alias of
// the setting spelled "a.flag" in Settings, so that the earlier spellings
// set the one value.
func AddAlias(a *analysis.Analyzer, name string) {
	for _, s := range Settings {
		if slices.Contains(s.Aliases, a.Name+"."+name) {
			a.Flags.Var(Analyzer.Flags.Lookup(s.Name).Value, name, "the same as "+s.Flag()+" (an earlier spelling)")
			return
		}
	}
	panic("config: no setting has the alias " + a.Name + "." + name)
}

// Set sets a setting by its name, as the golangci-lint plugin and tests do.
func Set(name string, names []string) error {
	return Analyzer.Flags.Set(name, strings.Join(names, ","))
}

// Reset clears every setting (for tests).
func Reset() { current = Config{}; clear(origins) }

// Current returns a copy of the settings the flags hold.
func Current() *Config {
	return &Config{Enums: slices.Clone(current.Enums), Fatals: slices.Clone(current.Fatals), SideEffects: slices.Clone(current.SideEffects), Exclude: slices.Clone(current.Exclude)}
}

// list is a flag.Value holding a comma-separated list of type or function
// names, each checked for its form when set.
type list struct {
	name   string
	kind   Kind
	names  *[]string
	dryRun bool // check the form only: forget no origin
}

func (l *list) String() string {
	if l == nil || l.names == nil {
		return ""
	}
	return strings.Join(*l.names, ",")
}

func (l *list) Set(v string) error {
	var out []string
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		switch l.kind {
		case KindPath:
			abs, err := filepath.Abs(part)
			if err != nil {
				return fmt.Errorf("%q: %v", part, err)
			}
			if _, err := path.Match(filepath.ToSlash(abs), ""); err != nil {
				return fmt.Errorf("%q is no valid glob: %v", part, err)
			}
			part = filepath.ToSlash(abs)
		case KindType:
			if err := checkTypeName(part); err != nil {
				return err
			}
		default:
			if err := checkFuncName(part); err != nil {
				return err
			}
		}
		out = append(out, part)
	}
	*l.names = out
	if l.dryRun {
		return nil
	}
	for k := range origins {
		if strings.HasPrefix(k, l.name+"\x00") {
			delete(origins, k)
		}
	}
	return nil
}

func checkTypeName(s string) error {
	i := strings.LastIndex(s, ".")
	if i <= 0 || i == len(s)-1 || strings.ContainsAny(s[i+1:], "/()* ") || strings.ContainsAny(s, "()* ") {
		return fmt.Errorf("%q is not import/path.Type", s)
	}
	return nil
}

func checkFuncName(s string) error {
	const want = `: want import/path.Func, (import/path.Type).Method or (*import/path.Type).Method`
	if strings.HasPrefix(s, "(") {
		recv, method, ok := strings.Cut(s[1:], ").")
		recv = strings.TrimPrefix(recv, "*")
		if !ok || method == "" || strings.ContainsAny(method, "./()* ") || !strings.Contains(recv, ".") || strings.HasSuffix(recv, ".") {
			return fmt.Errorf("%q is no function name%s", s, want)
		}
		return nil
	}
	i := strings.LastIndex(s, ".")
	if i <= 0 || i == len(s)-1 || strings.ContainsAny(s[i+1:], "/()* ") || strings.ContainsAny(s, "()* ") {
		return fmt.Errorf("%q is no function name%s", s, want)
	}
	return nil
}

// PkgPath returns the import path of the package a setting's name lies in.
func PkgPath(name string) string { return analyzerutil.PkgOfFullName(name) }

func run(pass *analysis.Pass) (any, error) {
	c := Current()
	for _, s := range Settings {
		if s.Kind == KindPath {
			continue
		}
		for _, name := range s.Values(c) {
			pkg, pos := inView(pass, PkgPath(name))
			if pkg == nil {
				continue
			}
			if problem := Resolve(pkg, s.Kind, name); problem != "" {
				pass.Report(analysis.Diagnostic{Pos: pos, Category: "config", URL: pass.Analyzer.URL, Message: s.Where(name) + ": " + problem})
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
