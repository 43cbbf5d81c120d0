// Package configfile finds and reads exitlint's config file, .exitlint.yml:
// the checks to run and the settings of the config pass, kept in the
// repository so that every front end (the command, go vet, the
// golangci-lint plugin, the language server) runs with the same settings.
// internal/settings decides which file applies to a package and how it
// meets the flags.
//
// The file is YAML, as golangci-lint's .golangci.yml is, with the names of
// passes/config's table of settings as its keys, as the plugin's settings
// have them. It is read strictly: an unknown key, a value of the wrong
// form, a check that does not exist or an exclude path that matches
// nothing is an error that names the file and the line.
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
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/exitlint/exitlint/internal/regularfile"
	"github.com/exitlint/exitlint/passes/config"
)

// Names are the file names searched for, in each directory.
var Names = []string{".exitlint.yml", ".exitlint.yaml"}

// Keys are the keys a config file may hold: its version and the table's
// settings.
func Keys() []string { return append([]string{"version"}, config.Names()...) }

// File is a config file, read and checked.
type File struct {
	Path string
	// Values are the settings the file sets, by the setting's name; a
	// setting the file does not name is absent. Exclude paths are
	// absolute.
	Values map[string][]Value
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

// Find returns the config file that applies to dir: the one in dir or in
// the nearest directory above it, looking no higher than the root of the
// repository dir lies in (the nearest directory holding .git) or, outside
// a repository, the root of its workspace or module (the nearest holding
// go.work, else go.mod): a file above the code's own tree, in /tmp or a
// home directory, is someone else's. Outside all of these the search goes
// up to the file system's root. It returns "" when there is none. Two of
// the names in one directory is an error: it is not clear which one holds
// the settings.
func Find(dir string) (string, error) { return new(Finder).Find(dir) }

// A Finder finds config files as Find does, and remembers what it saw of
// each directory: the packages of a run share most of their ancestors.
// Its zero value is ready; it is safe for concurrent use.
type Finder struct {
	mu   sync.Mutex
	seen map[string]dirInfo
}

// dirInfo is what Find looks for in one directory.
type dirInfo struct {
	config         string // the config file, "" when none
	err            error  // two config files
	git, work, mod bool   // it holds .git, go.work, go.mod
}

// Find returns the config file that applies to dir, as the function Find.
func (f *Finder) Find(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	root := f.Root(dir)
	for {
		if info := f.look(dir); info.config != "" || info.err != nil {
			return info.config, info.err
		}
		parent := filepath.Dir(dir)
		if dir == root || parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Root returns the root of the code's tree that dir lies in, where Find
// stops: the repository's (the nearest directory at or above dir holding
// .git), or outside a repository the workspace's or module's (the nearest
// holding go.work, else go.mod); "" outside all of them. A config file's
// paths (exclude, devcode) must stay below the root of its own directory.
func (f *Finder) Root(dir string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	work, mod := "", ""
	for {
		info := f.look(dir)
		if info.git {
			return dir
		}
		if info.work && work == "" {
			work = dir
		}
		if info.mod && mod == "" {
			mod = dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if work != "" {
		return work
	}
	return mod
}

func (f *Finder) look(dir string) dirInfo {
	f.mu.Lock()
	info, ok := f.seen[dir]
	f.mu.Unlock()
	if ok {
		return info
	}
	exists := func(name string) bool {
		_, err := os.Stat(filepath.Join(dir, name))
		return err == nil
	}
	var found []string
	for _, name := range Names {
		p := filepath.Join(dir, name)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			found = append(found, p)
		}
	}
	switch len(found) {
	case 1:
		info.config = found[0]
	case 2:
		info.err = &Error{Path: found[0], Msg: fmt.Sprintf("%s is beside it: keep one config file in a directory", filepath.Base(found[1]))}
	}
	info.git, info.work, info.mod = exists(".git"), exists("go.work"), exists("go.mod")
	f.mu.Lock()
	if f.seen == nil {
		f.seen = map[string]dirInfo{}
	}
	f.seen[dir] = info
	f.mu.Unlock()
	return info
}

// MaxSize bounds a config file: a file of settings a team writes by hand
// holds kilobytes, and a megabyte is a thousand times that. A larger one,
// or one that is no regular file (a named pipe, /dev/zero), is refused
// before it is read.
const MaxSize = 1 << 20

// Load reads and checks the config file at path; checks are the names of
// exitlint's checks, which enable and disable may name.
func Load(path string, checks []string) (*File, error) {
	data, err := regularfile.Read(path, MaxSize)
	if err != nil {
		return nil, &Error{Path: path, Msg: "cannot be read: " + err.Error()}
	}
	f := &File{Path: path, Values: map[string][]Value{}}
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
		return nil, &Error{Path: path, Line: root.Line, Msg: "want a mapping of settings (enable:, disable:, enum:, ...), not " + Kind(root)}
	}
	seen := map[string]int{}
	dir := filepath.Dir(path)
	tree := new(Finder).Root(dir)
	if tree == "" {
		tree = dir
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		key := k.Value
		if line, dup := seen[key]; dup {
			return nil, &Error{Path: path, Line: k.Line, Msg: fmt.Sprintf("%s is set twice (first at line %d)", key, line)}
		}
		seen[key] = k.Line
		if keys := Keys(); !slices.Contains(keys, key) {
			msg := fmt.Sprintf("unknown key %q; the keys are %s", key, strings.Join(keys, ", "))
			if near := config.Closest(key, keys); near != "" {
				msg = fmt.Sprintf("unknown key %q; did you mean %s? The keys are %s", key, near, strings.Join(keys, ", "))
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
		setting := config.Lookup(key)
		switch setting.Kind {
		case config.KindCheck:
			if err := checkNames(path, key, values, checks); err != nil {
				return nil, err
			}
		case config.KindPath:
			for i, val := range values {
				abs, err := excludePath(dir, tree, val.Text)
				if err != nil {
					return nil, &Error{Path: path, Line: val.Line, Msg: key + ": " + err.Error()}
				}
				values[i].Text = abs
			}
		default:
			for _, val := range values {
				// The form of each name, as the flag checks it.
				if err := setting.Check(val.Text); err != nil {
					return nil, &Error{Path: path, Line: val.Line, Msg: key + ": " + err.Error()}
				}
			}
		}
		f.Values[key] = values
	}
	if err := leavesACheck(f, checks, seen); err != nil {
		return nil, err
	}
	return f, nil
}

// Inside says what is wrong with path when it does not lie in root (or
// is root): both absolute and clean.
func Inside(path, root string) error {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("lies outside %s, the root of the repository, workspace or module it is set for: a path above it is no part of the code", root)
	}
	return nil
}

// leavesACheck reports a file whose enable and disable leave no check to
// run, at the first of the two keys; lines are the keys' lines.
func leavesACheck(f *File, checks []string, lines map[string]int) error {
	enable, okE := f.Values[config.Enable.Name]
	disable, okD := f.Values[config.Disable.Name]
	if !okE && !okD {
		return nil
	}
	on, off := texts(enable), texts(disable)
	for _, c := range checks {
		if config.Chosen(on, off, c) {
			return nil
		}
	}
	line := lines[config.Enable.Name]
	if l := lines[config.Disable.Name]; line == 0 || (l != 0 && l < line) {
		line = l
	}
	return &Error{Path: f.Path, Line: line, Msg: config.Enable.Name + " and " + config.Disable.Name + " leave no check to run"}
}

// texts returns the names of values.
func texts(values []Value) []string {
	var out []string
	for _, v := range values {
		out = append(out, v.Text)
	}
	return out
}

// Kind says what a YAML node is, as the errors about a value put it: "a
// list", "a mapping", `the value "x"`.
func Kind(n *yaml.Node) string {
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
		return nil, &Error{Path: path, Line: v.Line, Msg: fmt.Sprintf("%s: want a list (%s: [a, b], or one \"- a\" a line), not %s", key, key, Kind(v))}
	}
	var out []Value
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" || strings.TrimSpace(item.Value) == "" {
			return nil, &Error{Path: path, Line: item.Line, Msg: fmt.Sprintf("%s: each item is a name, not %s", key, Kind(item))}
		}
		out = append(out, Value{Text: strings.TrimSpace(item.Value), Line: item.Line})
	}
	return out, nil
}

// checkNames reports a name of enable or disable that is no check.
func checkNames(path, key string, values []Value, names []string) error {
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
// it lies below root (Root: a config file speaks for its own tree, and
// exclude: [../..] would hide the findings of every module around it) and
// matches a file or directory: a path that matches nothing is most likely
// misspelled, and would exclude nothing.
func excludePath(dir, root, p string) (string, error) {
	clean := strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(p), "/..."), "/")
	if clean == "" || clean == "..." {
		clean = "."
	}
	if filepath.IsAbs(clean) {
		return "", fmt.Errorf("%s: write the path relative to the config file's directory", p)
	}
	abs := filepath.Join(dir, filepath.FromSlash(clean))
	if err := Inside(abs, root); err != nil {
		return "", fmt.Errorf("%s %v", p, err)
	}
	matches, err := filepath.Glob(abs)
	if err != nil {
		return "", fmt.Errorf("%s is no valid glob: %v", p, err)
	}
	if len(matches) == 0 {
		return "", fmt.Errorf("%s matches no file or directory in %s", p, dir)
	}
	return filepath.ToSlash(abs), nil
}
