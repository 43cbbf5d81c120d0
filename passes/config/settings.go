package config

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

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
	// KindCheck is a setting that names exitlint's checks.
	KindCheck
)

func (k Kind) String() string {
	switch k {
	case KindType:
		return "types"
	case KindFunc:
		return "functions"
	case KindPath:
		return "paths"
	}
	return "checks"
}

// Setting is one row of the table of settings: the config file's key, the
// golangci-lint plugin's setting, -config-dump's field and the flag are all
// its Name.
type Setting struct {
	Name  string
	Kind  Kind
	Usage string // what it means, as its flag's usage says it
	// ReadBy are the passes that read it (Of refuses any other), or, for
	// the checks, the front ends that choose what to run from it.
	ReadBy []string
	// Aliases are the flags of earlier versions that set it, as
	// "analyzer.flag".
	Aliases []string

	index int
	flag  *list // the value its flag holds, in this process
}

// The settings, in the order the config file and -config-dump list them.
var (
	Enable = &Setting{Name: "enable", Kind: KindCheck, ReadBy: []string{"suppress"},
		Usage: "comma-separated checks to run (default: all)"}
	Disable = &Setting{Name: "disable", Kind: KindCheck, ReadBy: []string{"suppress"},
		Usage: "comma-separated checks not to run"}
	Enum = &Setting{Name: "enum", Kind: KindType, ReadBy: []string{"contract"}, Aliases: []string{"contract.enum"},
		Usage: "comma-separated exit-code enum types besides exitlint's, as import/path.Type"}
	Fatals = &Setting{Name: "fatals", Kind: KindFunc, ReadBy: []string{"exits"}, Aliases: []string{"fallback.fatals"},
		Usage: "comma-separated functions that end the process with exit code 1, besides the built-in list: import/path.Func or (*import/path.Type).Method"}
	SideEffects = &Setting{Name: "sideeffects", Kind: KindFunc, ReadBy: []string{"sideeffects"}, Aliases: []string{"argphase.sideeffects"},
		Usage: "comma-separated functions with side effects, besides the standard library's catalogue: import/path.Func or (*import/path.Type).Method"}
	Exclude = &Setting{Name: "exclude", Kind: KindPath, ReadBy: []string{"suppress"},
		Usage: "comma-separated paths whose findings are not reported: a file, a directory (all below it) or a glob, relative to the working directory"}
	DevCode = &Setting{Name: "devcode", Kind: KindPath, ReadBy: []string{FrontEnd},
		Usage: "comma-separated paths of dev tooling, demos and test programs whose findings are reported although they are no part of the product (. for all of them): a directory or a glob, relative to the working directory"}
)

// FrontEnd, as a reader of a setting, is the command that chooses what to
// report (the product rule): no pass reads the setting.
const FrontEnd = "exitlint"

// Settings are every setting exitlint has.
var Settings = []*Setting{Enable, Disable, Enum, Fatals, SideEffects, Exclude, DevCode}

func init() {
	for i, s := range Settings {
		s.index = i
		s.flag = &list{setting: s}
		// The checks are the front ends' own flags (-enable): go vet
		// chooses checks with flags of its own, and must not be handed
		// two ways to do it.
		if s.Kind != KindCheck {
			Analyzer.Flags.Var(s.flag, s.Name, s.Usage)
		}
	}
}

// Flag spells the setting as the exitlint command takes it: "-config.enum",
// "-enable".
func (s *Setting) Flag() string {
	if s.Kind == KindCheck {
		return "-" + s.Name
	}
	return "-" + analyzerName + "." + s.Name
}

// Flagged returns the names a flag set the setting to, and whether one did.
func (s *Setting) Flagged() ([]string, bool) { return slices.Clone(s.flag.names), s.flag.set }

// Of returns the setting's names for the package of pass. Only the passes
// the table says read it may: the table is then what the code does.
func (s *Setting) Of(pass *analysis.Pass) []string {
	if !slices.Contains(s.ReadBy, pass.Analyzer.Name) {
		panic(fmt.Sprintf("config: %s reads the setting %s, which the table says only %s read", pass.Analyzer.Name, s.Name, strings.Join(s.ReadBy, ", ")))
	}
	return pass.ResultOf[Analyzer].(*Config).Values(s)
}

// Check reports what is wrong with the form of a name of the setting, as
// its flag checks it when set.
func (s *Setting) Check(name string) error {
	_, err := s.parse(name)
	return err
}

// Names are the settings' names, in the table's order.
func Names() []string {
	var out []string
	for _, s := range Settings {
		out = append(out, s.Name)
	}
	return out
}

// Lookup returns the setting named name ("enum"); nil when there is none.
func Lookup(name string) *Setting {
	for _, s := range Settings {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// AddAlias registers on a, under the flag's own name there, the alias of
// the setting spelled "a.flag" in Settings, so that the earlier spellings
// set the one value.
func AddAlias(a *analysis.Analyzer, name string) {
	for _, s := range Settings {
		if slices.Contains(s.Aliases, a.Name+"."+name) {
			a.Flags.Var(s.flag, name, "the same as "+s.Flag()+" (an earlier spelling)")
			return
		}
	}
	panic("config: no setting has the alias " + a.Name + "." + name)
}

// Set sets a setting's flag by the setting's name, as the golangci-lint
// plugin does with its settings and tests do.
func Set(name string, names []string) error {
	s := Lookup(name)
	if s == nil {
		return fmt.Errorf("no setting %q", name)
	}
	return s.flag.Set(strings.Join(names, ","))
}

// Reset clears every flag and the source (for tests).
func Reset() {
	for _, s := range Settings {
		s.flag.names, s.flag.set = nil, false
	}
	Use(nil)
}

// Current returns the settings the flags hold.
func Current() *Config {
	c := &Config{}
	for _, s := range Settings {
		c.Set(s, s.flag.names)
	}
	return c
}

// list is a flag.Value holding a comma-separated list of names, each
// checked for its form when set.
type list struct {
	setting *Setting
	names   []string
	set     bool
}

func (l *list) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(l.names, ",")
}

func (l *list) Set(v string) error {
	var out []string
	for _, part := range strings.Split(v, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		name, err := l.setting.parse(part)
		if err != nil {
			return err
		}
		out = append(out, name)
	}
	l.names, l.set = out, true
	return nil
}

// parse checks a name's form and returns it as the setting keeps it: a
// path absolute, with forward slashes.
func (s *Setting) parse(name string) (string, error) {
	switch s.Kind {
	case KindPath:
		abs, err := filepath.Abs(name)
		if err != nil {
			return "", fmt.Errorf("%q: %v", name, err)
		}
		if _, err := path.Match(filepath.ToSlash(abs), ""); err != nil {
			return "", fmt.Errorf("%q is no valid glob: %v", name, err)
		}
		return filepath.ToSlash(abs), nil
	case KindType:
		return name, checkTypeName(name)
	case KindFunc:
		return name, checkFuncName(name)
	}
	// A check's name is known above the passes, where the checks are
	// listed (analyzers/all).
	return name, nil
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

// Chosen reports whether enable and disable leave check on: enable names
// the checks to run, every check when it names none, and disable those
// not to.
func Chosen(enable, disable []string, check string) bool {
	return (len(enable) == 0 || slices.Contains(enable, check)) && !slices.Contains(disable, check)
}
