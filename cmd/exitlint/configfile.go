package main

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
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
	"github.com/exitlint/exitlint/passes/config"
)

// configError is the ARG_ERROR of a config file that cannot be used.
func configError(err error) error {
	return exitcode.New(exitcode.ArgError, "BAD_CONFIG", err.Error()).
		WithSuggestion("correct the config file at the line named (docs/configuration.md lists its keys), or name another with -config FILE")
}

// applyConfigFile reads the config file, named by file or else found by
// walking up from the working directory, and applies it under the flags
// fs has set: a flag overrides the file's value of its setting. enable and
// disable are the flags' values, set from the file when no flag set them.
// It returns the file's path, "" when there is none.
func applyConfigFile(fs *flag.FlagSet, file string, enable, disable *string) (string, error) {
	path := file
	if path == "" {
		dir, err := os.Getwd()
		if err != nil {
			return "", configError(err)
		}
		if path, err = configfile.Find(dir); err != nil {
			return "", configError(err)
		}
		if path == "" {
			return "", nil
		}
	} else if _, err := os.Stat(path); err != nil {
		return "", exitcode.New(exitcode.ArgError, "BAD_CONFIG", fmt.Sprintf("-config %s: %v", path, errors.Unwrap(err))).
			WithSuggestion("name an existing config file, or leave -config out to use the .exitlint.yml found above the working directory")
	}
	f, err := configfile.Load(path)
	if err != nil {
		return "", configError(err)
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if err := f.Apply(func(s config.Setting) bool { return configfile.SetBy(s, set) }); err != nil {
		return "", configError(err)
	}
	if !set["enable"] && f.Enable != nil {
		*enable = strings.Join(f.Enable, ",")
	}
	if !set["disable"] && f.Disable != nil {
		*disable = strings.Join(f.Disable, ",")
	}
	return path, nil
}

// Settings is what -config-dump prints: the settings in effect, from the
// config file and the flags, with the file's keys.
type Settings struct {
	// File is the config file read, "" when there was none.
	File        string   `json:"file" yaml:"-"`
	Enable      []string `json:"enable" yaml:"enable"`
	Disable     []string `json:"disable" yaml:"disable"`
	Enum        []string `json:"enum" yaml:"enum"`
	Fatals      []string `json:"fatals" yaml:"fatals"`
	SideEffects []string `json:"sideeffects" yaml:"sideeffects"`
	Exclude     []string `json:"exclude" yaml:"exclude"`
}

// dumpConfig writes the settings in effect: YAML a config file could hold
// (with the file read as a comment), or an envelope with -json.
func dumpConfig(w io.Writer, asJSON bool, start time.Time, file, enable, disable string) exitcode.Code {
	c := config.Current()
	s := &Settings{File: file, Enable: names(enable), Disable: names(disable),
		Enum: nonNil(c.Enums), Fatals: nonNil(c.Fatals), SideEffects: nonNil(c.SideEffects), Exclude: nonNil(c.Exclude)}
	if asJSON {
		return writeEnvelope(w, start, exitcode.Success, s, nil)
	}
	from := "no config file: flags and defaults only"
	if file != "" {
		from = "config file " + file + ", under the flags given"
	}
	data, _ := yaml.Marshal(s) // lists of strings: nothing that fails to marshal
	fmt.Fprintf(w, "# exitlint's settings in effect (%s); exclude paths are absolute\n%s", from, data)
	return exitcode.Success
}

// names splits a comma-separated list of checks; enable's empty list
// means every check.
func names(list string) []string {
	out := []string{}
	for _, n := range strings.Split(list, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// vetAnalyzers returns what a go vet unit runs: every check and the
// passes they need, less the checks the config file leaves out. The file is
// the one found walking up from the unit's package directory; its settings
// are applied here, and the flags go vet passes, which unitchecker parses
// next, override them. Asked for its flags or version (no unit), the tool
// answers for every check.
func vetAnalyzers(args []string) ([]*analysis.Analyzer, error) {
	every := all.WithConfig(all.Analyzers())
	unit := args[len(args)-1]
	if !strings.HasSuffix(unit, ".cfg") {
		return every, nil
	}
	data, err := os.ReadFile(unit)
	if err != nil {
		return every, nil // unitchecker says what is wrong with it
	}
	var cfg struct {
		Dir     string
		GoFiles []string
	}
	if json.Unmarshal(data, &cfg) != nil {
		return every, nil
	}
	dir := cfg.Dir
	if dir == "" && len(cfg.GoFiles) > 0 {
		dir = filepath.Dir(cfg.GoFiles[0])
	}
	if dir == "" {
		return every, nil
	}
	path, err := configfile.Find(dir)
	if err != nil || path == "" {
		return every, err
	}
	f, err := configfile.Load(path)
	if err != nil {
		return nil, err
	}
	if err := f.Apply(func(config.Setting) bool { return false }); err != nil {
		return nil, err
	}
	if choosesChecks(args) {
		// go vet's -CHECK flags choose the checks: they override the
		// file's enable and disable, and every check must be there for
		// unitchecker to parse them.
		return every, nil
	}
	checks, err := all.Select(f.Enable, f.Disable, path+": enable", "disable")
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
			data, _ := os.ReadFile(path)
			fmt.Fprintf(h, "\x00%s\x00%s", path, data)
		}
	}
	_, err = fmt.Fprintf(w, "%s version devel comments-go-here buildID=%02x\n", exe, h.Sum(nil))
	return err
}
