// Package configfile reads exitlint's config file, .exitlint.yml: the
// checks to run and the settings of the config pass, kept in the
// repository so that every front end (the command, go vet, the
// golangci-lint plugin, the language server) runs with the same settings.
//
// The file is YAML, as golangci-lint's .golangci.yml is, with the keys of
// the golangci-lint plugin's settings. It is read strictly: an unknown key,
// a value of the wrong form, a check that does not exist or an exclude path
// that matches nothing is an error that names the file and the line.
package configfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/passes/config"
)

// Names are the file names searched for, in each directory.
var Names = []string{".exitlint.yml", ".exitlint.yaml"}

// Keys are the keys a config file may hold.
var Keys = []string{"version", "enable", "disable", config.EnumFlag, config.FatalsFlag, config.SideEffectsFlag, config.ExcludeFlag}

// File is a config file, read and checked.
type File struct {
	Path string
	// Enable and Disable choose the checks; nil when the file does not
	// say.
	Enable, Disable []string
	// Settings are the config pass's settings the file sets, by name
	// (config.EnumFlag, ...); exclude paths are absolute.
	Settings map[string][]Value
}

// Value is one name of a setting and the line it is on.
type Value struct {
	Text string
	Line int
}

// Error is what is wrong with a config file, at a line.
type Error struct {
	Path string
	Line int // 0 when the problem has no line
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// Find returns the config file in dir or the nearest directory above it,
// or "" when there is none. Two of the names in one directory is an error:
// it is not clear which one holds the settings.
func Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		var found []string
		for _, name := range Names {
			p := filepath.Join(dir, name)
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
				found = append(found, p)
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", &Error{Path: found[0], Msg: fmt.Sprintf("%s is beside it: keep one config file in a directory", filepath.Base(found[1]))}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and checks the config file at path.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Path: path, Msg: "cannot be read: " + err.Error()}
	}
	f := &File{Path: path, Settings: map[string][]Value{}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return f, nil // an empty file sets nothing
		}
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if rest, ok := strings.CutPrefix(msg, "line "); ok {
			if n, after, ok := strings.Cut(rest, ": "); ok {
				if l, err := strconv.Atoi(n); err == nil {
					line, msg = l, after
				}
			}
		}
		return nil, &Error{Path: path, Line: line, Msg: "not valid YAML: " + msg}
	}
	var extra yaml.Node
	if dec.Decode(&extra) == nil {
		return nil, &Error{Path: path, Line: extra.Line, Msg: "a second YAML document: the config file holds one"}
	}
	if len(doc.Content) == 0 {
		return f, nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return f, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, &Error{Path: path, Line: root.Line, Msg: "want a mapping of settings (enable:, disable:, enum:, ...), not " + kind(root)}
	}
	seen := map[string]int{}
	dir := filepath.Dir(path)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := k.Value
		if line, dup := seen[key]; dup {
			return nil, &Error{Path: path, Line: k.Line, Msg: fmt.Sprintf("%s is set twice (first at line %d)", key, line)}
		}
		seen[key] = k.Line
		if !slices.Contains(Keys, key) {
			msg := fmt.Sprintf("unknown key %q; the keys are %s", key, strings.Join(Keys, ", "))
			if near := config.Closest(key, Keys); near != "" {
				msg = fmt.Sprintf("unknown key %q; did you mean %s? The keys are %s", key, near, strings.Join(Keys, ", "))
			}
			return nil, &Error{Path: path, Line: k.Line, Msg: msg}
		}
		if key == "version" {
			if v.Kind != yaml.ScalarNode || v.Value != "1" {
				return nil, &Error{Path: path, Line: v.Line, Msg: fmt.Sprintf("version %q: this exitlint reads version 1", v.Value)}
			}
			continue
		}
		values, err := list(path, key, v)
		if err != nil {
			return nil, err
		}
		switch key {
		case "enable", "disable":
			if err := checkNames(path, key, values); err != nil {
				return nil, err
			}
			names := []string{}
			for _, val := range values {
				names = append(names, val.Text)
			}
			if key == "enable" {
				f.Enable = names
			} else {
				f.Disable = names
			}
		case config.ExcludeFlag:
			for i, val := range values {
				abs, err := excludePath(dir, val.Text)
				if err != nil {
					return nil, &Error{Path: path, Line: val.Line, Msg: "exclude: " + err.Error()}
				}
				values[i].Text = abs
			}
			f.Settings[key] = values
		default:
			setting := config.Lookup(key)
			for _, val := range values {
				// The form of each name, as the flag checks it.
				if err := setting.Check(val.Text); err != nil {
					return nil, &Error{Path: path, Line: val.Line, Msg: key + ": " + err.Error()}
				}
			}
			f.Settings[key] = values
		}
	}
	if f.Enable != nil || f.Disable != nil {
		if _, err := all.Select(f.Enable, f.Disable, "enable", "disable"); err != nil {
			return nil, &Error{Path: path, Line: min(nonZero(seen["enable"]), nonZero(seen["disable"])), Msg: err.Error()}
		}
	}
	return f, nil
}

func nonZero(line int) int {
	if line == 0 {
		return 1 << 30
	}
	return line
}

func kind(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	case yaml.ScalarNode:
		return fmt.Sprintf("the value %q", n.Value)
	}
	return "that"
}

// list reads a setting's value: a list of strings.
func list(path, key string, v *yaml.Node) ([]Value, error) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return []Value{}, nil
	}
	if v.Kind != yaml.SequenceNode {
		return nil, &Error{Path: path, Line: v.Line, Msg: fmt.Sprintf("%s: want a list (%s: [a, b], or one \"- a\" a line), not %s", key, key, kind(v))}
	}
	var out []Value
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || strings.TrimSpace(item.Value) == "" {
			return nil, &Error{Path: path, Line: item.Line, Msg: fmt.Sprintf("%s: each item is a name, not %s", key, kind(item))}
		}
		out = append(out, Value{Text: strings.TrimSpace(item.Value), Line: item.Line})
	}
	return out, nil
}

// checkNames reports a name of enable or disable that is no check.
func checkNames(path, key string, values []Value) error {
	var names []string
	for _, a := range all.Analyzers() {
		names = append(names, a.Name)
	}
	for _, v := range values {
		if !slices.Contains(names, v.Text) {
			msg := fmt.Sprintf("%s: unknown check %q; the checks are %s", key, v.Text, strings.Join(names, ", "))
			if near := config.Closest(v.Text, names); near != "" {
				msg = fmt.Sprintf("%s: unknown check %q; did you mean %s? The checks are %s", key, v.Text, near, strings.Join(names, ", "))
			}
			return &Error{Path: path, Line: v.Line, Msg: msg}
		}
	}
	return nil
}

// excludePath makes an exclude path absolute against dir and checks that
// it matches a file or directory: a path that matches nothing is most
// likely misspelled, and would exclude nothing.
func excludePath(dir, p string) (string, error) {
	clean := strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(p), "/..."), "/")
	if clean == "" || clean == "..." {
		clean = "."
	}
	if filepath.IsAbs(clean) {
		return "", fmt.Errorf("%s: write the path relative to the config file's directory", p)
	}
	abs := filepath.Join(dir, filepath.FromSlash(clean))
	matches, err := filepath.Glob(abs)
	if err != nil {
		return "", fmt.Errorf("%s is no valid glob: %v", p, err)
	}
	if len(matches) == 0 {
		return "", fmt.Errorf("%s matches no file or directory in %s", p, dir)
	}
	return filepath.ToSlash(abs), nil
}

// Apply sets the config pass's settings the file holds, except those a
// flag set: overridden reports whether one did.
func (f *File) Apply(overridden func(s config.Setting) bool) error {
	for _, s := range config.Settings {
		values, ok := f.Settings[s.Name]
		if !ok || overridden(s) {
			continue
		}
		var names []string
		for _, v := range values {
			names = append(names, v.Text)
		}
		if err := config.Set(s.Name, names); err != nil {
			return err
		}
		for _, v := range values {
			config.SetOrigin(s.Name, v.Text, fmt.Sprintf("%s:%d: %s", f.Path, v.Line, s.Name))
		}
	}
	return nil
}

// SetBy reports whether a flag among set (flag names as the command
// spells them: "config.enum", "contract.enum") sets the setting s.
func SetBy(s config.Setting, set map[string]bool) bool {
	if set["config."+s.Name] {
		return true
	}
	for _, alias := range s.Aliases {
		if set[alias] {
			return true
		}
	}
	return false
}
