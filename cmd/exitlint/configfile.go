package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/internal/regularfile"
	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/internal/version"
	"github.com/exitlint/exitlint/passes/config"
)

// configError is the ARG_ERROR of a config file that cannot be used.
func configError(err error) error {
	return exitcode.New(exitcode.ArgError, "BAD_CONFIG", err.Error()).
		WithSuggestion("correct the config file at the line named (docs/configuration.md lists its keys), or name another with -config FILE")
}

// startSettings makes the run's resolver and resolves the settings of the
// directory the run starts from, the working directory: those of every
// package with no config file of its own, and what -config-dump prints.
// file is -config's file, "" to find each package's.
func startSettings(file string) (*settings.Resolver, *settings.Resolved, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, nil, configError(err)
	}
	if file != "" {
		if _, err := os.Stat(file); err != nil {
			return nil, nil, exitcode.New(exitcode.ArgError, "BAD_CONFIG", fmt.Sprintf("-config %s: %v", file, errors.Unwrap(err))).
				WithSuggestion("name an existing config file, or leave -config out to use the .exitlint.yml found above each package")
		}
	}
	if err := flagPathsInside(dir); err != nil {
		return nil, nil, err
	}
	r := settings.New(file, dir)
	r.ExcludeInFrontEnd()
	res, err := r.Start()
	if err != nil {
		return nil, nil, configError(err)
	}
	return r, res, nil
}

// flagPathsInside refuses a path of -config.exclude or -config.devcode
// that lies outside the tree of the working directory, dir (its
// repository, or its workspace or module: configfile.Root), as a config
// file's paths outside its own tree are refused.
func flagPathsInside(dir string) error {
	root := new(configfile.Finder).Root(dir)
	if root == "" {
		root = dir
	}
	for _, s := range config.Settings {
		names, set := s.Flagged()
		if s.Kind != config.KindPath || !set {
			continue
		}
		for _, n := range names {
			if err := configfile.Inside(filepath.FromSlash(n), root); err != nil {
				return usageError("%s=%s %v", s.Flag(), n, err)
			}
		}
	}
	return nil
}

// checksOf returns the checks the settings choose; an error is the
// command line's (ARG_ERROR), as the flags are what can still be wrong
// once a config file was read.
func checksOf(res *settings.Resolved) ([]*analysis.Analyzer, error) {
	checks, err := res.Checks(config.Enable.Flag(), config.Disable.Flag())
	if err != nil {
		return nil, usageError("%v", err)
	}
	return checks, nil
}

// Settings is what -config-dump prints: the file read and each setting of
// passes/config's table in effect, in the table's order, by the file's
// keys.
type Settings struct {
	// File is the config file read, "" when there was none.
	File   string
	values [][]string
}

func newSettings(res *settings.Resolved) *Settings {
	s := &Settings{File: res.File}
	for _, setting := range config.Settings {
		s.values = append(s.values, nonNil(res.Config.Values(setting)))
	}
	return s
}

// MarshalJSON writes {"file": ..., and each setting}, in the table's order.
func (s *Settings) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	file, _ := json.Marshal(s.File)
	fmt.Fprintf(&b, `{"file":%s`, file)
	for i, setting := range config.Settings {
		values, err := json.Marshal(s.values[i])
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, `,%q:%s`, setting.Name, values)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// MarshalYAML writes each setting, in the table's order: YAML a config file
// could hold.
func (s *Settings) MarshalYAML() (any, error) {
	m := &yaml.Node{Kind: yaml.MappingNode}
	for i, setting := range config.Settings {
		var v yaml.Node
		if err := v.Encode(s.values[i]); err != nil {
			return nil, err
		}
		m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: setting.Name}, &v)
	}
	return m, nil
}

// dumpConfig writes the settings in effect: YAML a config file could hold
// (with the file read as a comment), or an envelope with -json.
func dumpConfig(w io.Writer, asJSON bool, start time.Time, res *settings.Resolved) exitcode.Code {
	s := newSettings(res)
	if asJSON {
		return writeEnvelope(w, start, exitcode.Success, s, nil)
	}
	from := "no config file: flags and defaults only"
	if res.File != "" {
		from = "config file " + res.File + ", under the flags given"
	}
	data, _ := yaml.Marshal(s) // lists of strings: nothing that fails to marshal
	fmt.Fprintf(w, "# exitlint's settings in effect (%s); exclude paths are absolute\n%s", from, data)
	return exitcode.Success
}

// vetAnalyzers returns what a go vet unit runs: every check and the
// passes they need, less the checks the unit's settings leave out, and
// installs the unit's resolution for the config pass. The unit's file is
// its package's (internal/settings): a unit sees one package, and starts
// nowhere else, so a package of another module, at a version, takes the
// flags alone. The flags go vet passes, which unitchecker parses next,
// override the file when the config pass asks. Asked for its flags or
// version (no unit), the tool answers for every check.
func vetAnalyzers(args []string) ([]*analysis.Analyzer, error) {
	every := all.WithConfig(all.Analyzers())
	unit := args[len(args)-1]
	if !strings.HasSuffix(unit, ".cfg") {
		return every, nil
	}
	data, err := readVetConfig(unit)
	if err != nil {
		return every, nil // unitchecker says what is wrong with it
	}
	var cfg struct {
		Dir           string
		GoFiles       []string
		ModuleVersion string
	}
	if json.Unmarshal(data, &cfg) != nil {
		return every, nil
	}
	dir := cfg.Dir
	if dir == "" && len(cfg.GoFiles) > 0 {
		dir = filepath.Dir(cfg.GoFiles[0])
	}
	chosen := choosesChecks(args)
	if chosen {
		// go vet's -CHECK flags choose the checks, as -enable would: they
		// override the file's enable and disable, and every check must be
		// there for unitchecker to parse them.
		for _, s := range []*config.Setting{config.Enable, config.Disable} {
			if err := config.Set(s.Name, nil); err != nil {
				return nil, err
			}
		}
	}
	r := settings.New("", "")
	res, err := r.For(dir, cfg.ModuleVersion != "")
	if err != nil {
		return nil, err
	}
	r.Use()
	if chosen {
		return every, nil
	}
	checks, err := res.Checks(res.File+": enable", "disable")
	if err != nil {
		return nil, err
	}
	return all.WithConfig(checks), nil
}

// choosesChecks reports whether args hold a flag named for a check
// (-barecode, -fallback=false), which go vet passes on to the tool.
func choosesChecks(args []string) bool {
	for _, arg := range args {
		name, ok := strings.CutPrefix(arg, "-")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
		for _, a := range all.Analyzers() {
			if name == a.Name {
				return true
			}
		}
	}
	return false
}

// vetVersionLine is the answer to -V=full: "exitlint version VERSION
// buildID=HASH". The go command reads the third field: a release's whole
// line is the tool's ID in go vet's cache, and for a version with "devel"
// in it the last field, which must then be the build ID. The version is
// -version's, which holds "devel" exactly when the binary has no module
// version, and the build ID is in both, so an edited config file is a new
// ID either way. The name, not the executable's path, comes first: a path
// with a space would shift the fields.
func vetVersionLine(i version.Info, id []byte) string {
	return fmt.Sprintf("exitlint version %s buildID=%02x", i.String(), id)
}

// vetVersion answers go vet's -V=full as unitchecker does, with a build ID
// that hashes the config file found from the working directory besides
// the executable: go vet caches a unit's results under the tool's ID, and
// without the file in it an edited config file would be ignored until the
// code changed.
func vetVersion(w io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	h := sha256.New()
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	_, err = io.Copy(h, f)
	f.Close()
	if err != nil {
		return err
	}
	if dir, err := os.Getwd(); err == nil {
		if path, err := configfile.Find(dir); err == nil && path != "" {
			data, _ := regularfile.Read(path, configfile.MaxSize)
			fmt.Fprintf(h, "\x00%s\x00%s", path, data)
		}
	}
	_, err = fmt.Fprintln(w, vetVersionLine(version.Read(), h.Sum(nil)))
	return err
}
