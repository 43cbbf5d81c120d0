package probe

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
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/internal/regularfile"
	"github.com/exitlint/exitlint/passes/config"
)

// FileName is the probe file's name, looked for in the working directory.
const FileName = ".exitlint-probe.yml"

// File is a probe file: what only the program's authors know, for exitlint
// probe. It is read strictly, as .exitlint.yml is: an unknown key or a
// value of the wrong form is an error naming the file and the line.
type File struct {
	Path string
	// JSON is how JSON mode is switched on; nil when the file does not
	// say.
	JSON *JSONMode
	// Timeout is the time limit of each call; 0 when the file does not
	// say.
	Timeout time.Duration
	Env     []string // KEY=VALUE for every call
	// Manifest is a file holding the program's manifest (absolute), or
	// Schema the command line that prints it.
	Manifest string
	Schema   []string
	Commands []string
	Codes    []int // command-specific codes (79–125) the program declares
	// Invocations are command lines the file vouches for as safe to run,
	// with the codes they must end with; Interrupts command lines that run
	// long enough to be interrupted.
	Invocations []Invocation
	Interrupts  []Interrupt
	Skip        []string
}

// Invocation is a command line the probe file lists, with the codes it
// expects.
type Invocation struct {
	Args   []string
	Expect []int
	// NoSideEffects (side_effects: none) says the call changes nothing,
	// whatever its code: a dry run, a destructive command refused without
	// its confirmation flag.
	NoSideEffects bool
	Line          int // in the probe file
}

// Interrupt is a command line to interrupt with SIGINT After it started.
type Interrupt struct {
	Args  []string
	After time.Duration
	Line  int
}

// fileKeys are the keys a probe file may hold, and what each holds.
var fileKeys = []string{"version", "json", "timeout", "env", "manifest", "schema", "commands", "codes", "invocations", "interrupt", "skip"}

// maxFile bounds a probe file, as a config file is bounded.
const maxFile = configfile.MaxSize

// LoadFile reads and checks a probe file.
func LoadFile(path string) (*File, error) {
	data, err := regularfile.Read(path, maxFile)
	if err != nil {
		return nil, &configfile.Error{Path: path, Msg: "cannot be read: " + err.Error()}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, &configfile.Error{Path: path, Msg: err.Error()}
	}
	p := fileParser{path: path, dir: filepath.Dir(abs)}
	f := &File{Path: path}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return f, nil
		}
		return nil, p.yamlError(err)
	}
	var extra yaml.Node
	if dec.Decode(&extra) == nil {
		return nil, p.errorf(&extra, "a second YAML document: the probe file holds one")
	}
	if len(doc.Content) == 0 || doc.Content[0].Tag == "!!null" {
		return f, nil
	}
	err = p.mapping(doc.Content[0], fileKeys, "a mapping of settings (json:, invocations:, skip:, ...)", func(key string, v *yaml.Node) error {
		return p.setting(f, key, v)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

type fileParser struct{ path, dir string }

func (p fileParser) errorf(n *yaml.Node, format string, args ...any) error {
	return &configfile.Error{Path: p.path, Line: n.Line, Msg: fmt.Sprintf(format, args...)}
}

func (p fileParser) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if l, err := strconv.Atoi(n); err == nil {
				line, msg = l, after
			}
		}
	}
	return &configfile.Error{Path: p.path, Line: line, Msg: "not valid YAML: " + msg}
}

// mapping calls each for each key of n, a mapping whose keys must be among
// keys, each once.
func (p fileParser) mapping(n *yaml.Node, keys []string, want string, each func(key string, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "want %s, not %s", want, configfile.Kind(n))
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if line, dup := seen[k.Value]; dup {
			return p.errorf(k, "%s is set twice (first at line %d)", k.Value, line)
		}
		seen[k.Value] = k.Line
		if !slices.Contains(keys, k.Value) {
			msg := fmt.Sprintf("unknown key %q; the keys are %s", k.Value, strings.Join(keys, ", "))
			if near := config.Closest(k.Value, keys); near != "" {
				msg = fmt.Sprintf("unknown key %q; did you mean %s? The keys are %s", k.Value, near, strings.Join(keys, ", "))
			}
			return p.errorf(k, "%s", msg)
		}
		if err := each(k.Value, v); err != nil {
			return err
		}
	}
	return nil
}

func (p fileParser) setting(f *File, key string, v *yaml.Node) error {
	var err error
	switch key {
	case "version":
		if v.Kind != yaml.ScalarNode || v.Value != "1" {
			return p.errorf(v, "version %q: this exitlint reads version 1", v.Value)
		}
	case "json":
		f.JSON, err = p.jsonMode(v)
	case "timeout":
		f.Timeout, err = p.duration(key, v)
	case "env":
		f.Env, err = p.env(key, v)
	case "manifest":
		var s string
		if s, err = p.scalar(key, v); err == nil {
			f.Manifest = s
			if !filepath.IsAbs(s) {
				f.Manifest = filepath.Join(p.dir, s)
			}
		}
	case "schema":
		f.Schema, err = p.words(key, v)
	case "commands":
		if f.Commands, err = p.words(key, v); err == nil {
			for i, c := range f.Commands {
				if strings.TrimSpace(c) == "" {
					return p.errorf(v.Content[i], "commands: an empty name")
				}
			}
		}
	case "codes":
		f.Codes, err = p.codes(key, v, true)
	case "invocations":
		f.Invocations, err = p.invocations(v)
	case "interrupt":
		f.Interrupts, err = p.interrupts(v)
	case "skip":
		f.Skip, err = p.words(key, v)
		if err == nil {
			err = p.checkSkips(v, f.Skip)
		}
	}
	return err
}

func (p fileParser) jsonMode(v *yaml.Node) (*JSONMode, error) {
	m := &JSONMode{}
	err := p.mapping(v, []string{"args", "at", "env", "always"}, "a mapping (args: [--json], at: command; or env: {NAME: value}; or always: true)", func(key string, v *yaml.Node) error {
		var err error
		switch key {
		case "always":
			var s string
			if s, err = p.scalar("json.always", v); err == nil {
				switch s {
				case "true":
					m.Always = true
				case "false":
				default:
					return p.errorf(v, "json.always: want true or false, not %q", s)
				}
			}
		case "args":
			m.Args, err = p.words("json.args", v)
		case "at":
			var s string
			if s, err = p.scalar("json.at", v); err == nil {
				m.At, err = ParsePosition(s)
				if err != nil {
					return p.errorf(v, "json.at: %v", err)
				}
			}
		case "env":
			m.Env, err = p.env("json.env", v)
		}
		return err
	})
	switch {
	case err != nil:
	case m.Always && (len(m.Args) > 0 || len(m.Env) > 0):
		return nil, p.errorf(v, "json: always says the program answers in JSON with no switch: give it, or args or env, not both")
	case !m.Always && len(m.Args) == 0 && len(m.Env) == 0:
		return nil, p.errorf(v, "json: give args (the flags that ask for JSON, as [--json] or [-o, json]) or env (the variable that does), or always: true (the program answers in JSON with no switch)")
	}
	return m, err
}

func (p fileParser) invocations(v *yaml.Node) ([]Invocation, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, p.errorf(v, "invocations: want a list of {args: [...], expect: CODE}, not %s", configfile.Kind(v))
	}
	var out []Invocation
	for _, item := range v.Content {
		inv := Invocation{Line: item.Line}
		err := p.mapping(item, []string{"args", "expect", "side_effects"}, "{args: [...], expect: CODE}", func(key string, v *yaml.Node) error {
			var err error
			switch key {
			case "args":
				inv.Args, err = p.words("args", v)
			case "expect":
				inv.Expect, err = p.codes("expect", v, false)
			case "side_effects":
				if v.Kind != yaml.ScalarNode || v.Value != "none" {
					return p.errorf(v, "side_effects: the one value is none (the call must change nothing), not %s", configfile.Kind(v))
				}
				inv.NoSideEffects = true
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(inv.Args) == 0 || len(inv.Expect) == 0 {
			return nil, p.errorf(item, "an invocation needs args (the command line after the program) and expect (its exit code, or a list of them)")
		}
		out = append(out, inv)
	}
	return out, nil
}

func (p fileParser) interrupts(v *yaml.Node) ([]Interrupt, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, p.errorf(v, "interrupt: want a list of {args: [...], after: 1s}, not %s", configfile.Kind(v))
	}
	var out []Interrupt
	for _, item := range v.Content {
		in := Interrupt{Line: item.Line, After: time.Second}
		err := p.mapping(item, []string{"args", "after"}, "{args: [...], after: 1s}", func(key string, v *yaml.Node) error {
			var err error
			if key == "args" {
				in.Args, err = p.words("args", v)
			} else {
				in.After, err = p.duration("after", v)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
		if len(in.Args) == 0 {
			return nil, p.errorf(item, "an interrupt needs args: the command line after the program that runs long enough to interrupt")
		}
		out = append(out, in)
	}
	return out, nil
}

// checkSkips refuses a skip entry that names no probe.
func (p fileParser) checkSkips(v *yaml.Node, skips []string) error {
	for i, s := range skips {
		if err := CheckSkip(s); err != nil {
			return p.errorf(v.Content[i], "skip: %v", err)
		}
	}
	return nil
}

func (p fileParser) scalar(key string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" || strings.TrimSpace(v.Value) == "" {
		return "", p.errorf(v, "%s: want a value, not %s", key, configfile.Kind(v))
	}
	return v.Value, nil
}

// words reads a list of strings; numbers and booleans are taken as their
// text, as a command line would hold them.
func (p fileParser) words(key string, v *yaml.Node) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, p.errorf(v, "%s: want a list ([a, b], or one \"- a\" a line), not %s", key, configfile.Kind(v))
	}
	out := []string{}
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
			return nil, p.errorf(item, "%s: each item is a word, not %s", key, configfile.Kind(item))
		}
		out = append(out, item.Value)
	}
	return out, nil
}

// codes reads an exit code or a list of them; command says they are
// command-specific codes (79–125).
func (p fileParser) codes(key string, v *yaml.Node, command bool) ([]int, error) {
	items := []*yaml.Node{v}
	if v.Kind == yaml.SequenceNode {
		items = v.Content
	}
	var out []int
	for _, item := range items {
		n, err := strconv.Atoi(item.Value)
		if item.Kind != yaml.ScalarNode || err != nil {
			return nil, p.errorf(item, "%s: want an exit code (an integer), not %s", key, configfile.Kind(item))
		}
		r := exitcode.Classify(n)
		switch {
		case command && r != exitcode.RangeCommand:
			return nil, p.errorf(item, "%s: %d is not a command-specific code (79–125); the table's codes need no declaration", key, n)
		case !r.Emittable():
			return nil, p.errorf(item, "%s: %d lies in the %s range, which no command may use", key, n, r)
		}
		out = append(out, n)
	}
	return out, nil
}

func (p fileParser) duration(key string, v *yaml.Node) (time.Duration, error) {
	d, err := time.ParseDuration(v.Value)
	if v.Kind != yaml.ScalarNode || err != nil || d <= 0 {
		return 0, p.errorf(v, "%s: want a positive duration (10s, 1m30s), not %s", key, configfile.Kind(v))
	}
	return d, nil
}

// env reads a mapping of variables to values.
func (p fileParser) env(key string, v *yaml.Node) ([]string, error) {
	if v.Kind != yaml.MappingNode {
		return nil, p.errorf(v, "%s: want a mapping of variables to values ({NAME: value}), not %s", key, configfile.Kind(v))
	}
	var out []string
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], v.Content[i+1]
		if val.Kind != yaml.ScalarNode {
			return nil, p.errorf(val, "%s: %s: want a value, not %s", key, k.Value, configfile.Kind(val))
		}
		kv := k.Value + "=" + val.Value
		if err := CheckEnv(kv); err != nil {
			return nil, p.errorf(k, "%s: %v", key, err)
		}
		out = append(out, kv)
	}
	return out, nil
}

// CheckEnv says what is wrong with a KEY=VALUE the user passes to the
// program: no name, or a variable the sandbox sets.
func CheckEnv(kv string) error {
	name, _, ok := strings.Cut(kv, "=")
	if !ok || name == "" || strings.ContainsAny(name, " \t\n") {
		return fmt.Errorf("%q is no NAME=value", kv)
	}
	if slices.Contains(SandboxVariables(), name) {
		return fmt.Errorf("%s is the sandbox's: every call gets a fresh one, so that the program never writes the real one", name)
	}
	return nil
}

// FindFile returns the probe file in dir, "" when there is none.
func FindFile(dir string) string {
	p := filepath.Join(dir, FileName)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return ""
}
