package config

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
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
}

// Kind is what a setting names.
type Kind int

const (
	// KindType is a setting that names types: import/path.Type.
	KindType Kind = iota
	// KindFunc is a setting that names functions and methods, as
	// types.Func.FullName spells them.
	KindFunc
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
}

// Values returns the names the setting holds in c.
func (s Setting) Values(c *Config) []string { return *s.get(c) }

// Flag spells the setting as the exitlint command takes it: "-config.enum".
func (s Setting) Flag() string { return "-" + analyzerName + "." + s.Name }

// name is the pseudo-analyzer's name, the prefix of its flags.
const analyzerName = "config"

// current is what the flags hold.
var current Config

func init() {
	usage := map[string]string{
		EnumFlag:        "comma-separated exit-code enum types besides exitlint's, as import/path.Type",
		FatalsFlag:      "comma-separated functions that end the process with exit code 1, besides the built-in list: import/path.Func or (*import/path.Type).Method",
		SideEffectsFlag: "comma-separated functions with side effects, besides the standard library's catalogue: import/path.Func or (*import/path.Type).Method",
	}
	for _, s := range Settings {
		Analyzer.Flags.Var(&list{kind: s.Kind, names: s.get(&current)}, s.Name, usage[s.Name])
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
func Reset() { current = Config{} }

// Current returns a copy of the settings the flags hold.
func Current() *Config {
	return &Config{Enums: slices.Clone(current.Enums), Fatals: slices.Clone(current.Fatals), SideEffects: slices.Clone(current.SideEffects)}
}

// list is a flag.Value holding a comma-separated list of type or function
// names, each checked for its form when set.
type list struct {
	kind  Kind
	names *[]string
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
		check := checkFuncName
		if l.kind == KindType {
			check = checkTypeName
		}
		if err := check(part); err != nil {
			return err
		}
		out = append(out, part)
	}
	*l.names = out
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
		for _, name := range s.Values(c) {
			pkg, pos := inView(pass, PkgPath(name))
			if pkg == nil {
				continue
			}
			if problem := Resolve(pkg, s.Kind, name); problem != "" {
				pass.Report(analysis.Diagnostic{Pos: pos, Category: "config", URL: pass.Analyzer.URL, Message: s.Flag() + ": " + problem})
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
