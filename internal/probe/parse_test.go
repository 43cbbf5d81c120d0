package probe

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func writeProbeFile(t *testing.T, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), FileName)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadFile(t *testing.T) {
	p := writeProbeFile(t, `version: 1
json:
  args: [-o, json]
  at: last
  env: {TOOL_FORMAT: json}
timeout: 3s
env:
  TOOL_CONFIG: none
manifest: manifest.json
commands: [get, put]
codes: [80, 81]
invocations:
  - args: [get, nosuch]
    expect: 5
  - args: [get, "BAD NAME"]
    expect: [3, 13]
  - args: [rm, x, --dry-run]
    expect: 0
    side_effects: none
interrupt:
  - args: [watch]
    after: 500ms
skip: [stdin_open, "bad_flag put"]
`)
	f, err := LoadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if f.JSON == nil || !slices.Equal(f.JSON.Args, []string{"-o", "json"}) || f.JSON.At != AtLast || !slices.Equal(f.JSON.Env, []string{"TOOL_FORMAT=json"}) {
		t.Errorf("json: %+v", f.JSON)
	}
	if f.Timeout != 3*time.Second || !slices.Equal(f.Env, []string{"TOOL_CONFIG=none"}) || f.Manifest != filepath.Join(filepath.Dir(p), "manifest.json") {
		t.Errorf("timeout %v, env %v, manifest %s", f.Timeout, f.Env, f.Manifest)
	}
	if !slices.Equal(f.Commands, []string{"get", "put"}) || !slices.Equal(f.Codes, []int{80, 81}) || !slices.Equal(f.Skip, []string{"stdin_open", "bad_flag put"}) {
		t.Errorf("commands %v, codes %v, skip %v", f.Commands, f.Codes, f.Skip)
	}
	if len(f.Invocations) != 3 || !f.Invocations[2].NoSideEffects || f.Invocations[1].NoSideEffects || !slices.Equal(f.Invocations[1].Args, []string{"get", "BAD NAME"}) || !slices.Equal(f.Invocations[1].Expect, []int{3, 13}) || f.Invocations[0].Line != 13 {
		t.Errorf("invocations: %+v", f.Invocations)
	}
	if len(f.Interrupts) != 1 || f.Interrupts[0].After != 500*time.Millisecond {
		t.Errorf("interrupt: %+v", f.Interrupts)
	}
}

// A probe file is read strictly: each mistake is an error at its line.
func TestBadFile(t *testing.T) {
	for _, tc := range []struct{ content, want string }{
		{"version: 1\njsn: {args: [--json]}\n", ":2: unknown key \"jsn\"; did you mean json?"},
		{"json: {args: [--json], at: middle}\n", ":1: json.at: \"middle\" is no position"},
		{"json: {}\n", ":1: json: give args"},
		{"json: {always: true, args: [--json]}\n", ":1: json: always says the program answers in JSON with no switch"},
		{"json: {always: yes please}\n", ":1: json.always: want true or false"},
		{"timeout: soon\n", ":1: timeout: want a positive duration"},
		{"env: {HOME: /root}\n", ":1: env: HOME is the sandbox's"},
		{"codes: [3]\n", ":1: codes: 3 is not a command-specific code"},
		{"invocations:\n  - args: [get]\n", ":2: an invocation needs args"},
		{"invocations:\n  - args: [get]\n    expect: 130\n", ":3: expect: 130 lies in the shell-reserved"},
		{"invocations:\n  - args: [get]\n    expected: 5\n", ":3: unknown key \"expected\"; did you mean expect?"},
		{"invocations:\n  - args: [rm]\n    expect: 0\n    side_effects: some\n", ":4: side_effects: the one value is none"},
		{"commands: [get, \"\"]\n", ":1: commands: an empty name"},
		{"skip: [stdin_closed]\n", ":1: skip: \"stdin_closed\" names no probe"},
		{"skip: [\"help get\"]\n", ":1: skip: \"help get\": help runs once"},
		{"skip: [help]\nskip: [version]\n", ":2: skip is set twice (first at line 1)"},
		{"- a\n", ":1: want a mapping of settings"},
		{"json: [\n", "not valid YAML"},
		{"version: 2\n", ":1: version \"2\""},
	} {
		_, err := LoadFile(writeProbeFile(t, tc.content))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.content, err, tc.want)
		}
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "none.yml")); err == nil || !strings.Contains(err.Error(), "cannot be read") {
		t.Errorf("a missing file: %v", err)
	}
}

func TestCommandsFromText(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"cobra", "A tool\n\nUsage:\n  tool [command]\n\nAvailable Commands:\n  completion  Generate the autocompletion script\n  get         Get a thing\n  help        Help about any command\n  set-thing   Set a thing\n\nFlags:\n  -h, --help   help for tool\n", []string{"completion", "get", "set-thing"}},
		{"urfave", "NAME:\n   tool - does things\n\nCOMMANDS:\n   list, ls  list things\n   help, h   Shows a list of commands\n\nGLOBAL OPTIONS:\n   --help, -h  show help\n", []string{"list"}},
		{"grouped", "Commands:\n  Core:\n    run    run it\n    stop   stop it\n\n  Other:\n    info   show info\n\nOptions:\n  -v\n", []string{"run", "stop", "info"}},
		{"none", "usage: tool [-v] FILE\n\nOptions:\n  -v  verbose\n", nil},
		// kong writes each command's description on the next line, indented
		// deeper: those lines belong to the command above them.
		{"kong", "Commands:\n  product search [<query>] [flags]\n    Search products by keyword.\n\n  product get <code>\n    Get one product.\n\n  version [flags]\n    Print the version.\n\nRun \"tool <command> --help\".\n", []string{"product", "version"}},
		// A hand-written help indents an entry's wrapped description and its
		// options under it.
		{"wrapped", "Commands:\n  init                Initialize\n  sync [options] [name]\n                      Download dependencies\n                      Supports ranges\n    --dry-run         Preview\n    <name>            Only this one\n  verify [options]    Verify files\n    Exit codes: 0=PASS\n", []string{"init", "sync", "verify"}},
	} {
		if got := commandsFromText([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestRequiredArgs(t *testing.T) {
	for _, tc := range []struct {
		usage, command string
		want           []string
	}{
		{"notes get NAME [flags]", "get", []string{"NAME"}},
		{"notes list [flags]", "list", nil},
		{"tool links check <url>... [--strict]", "links check", []string{"<url>..."}},
		{"tool cp SRC DST", "cp", []string{"SRC", "DST"}},
		{"tool get [NAME]", "get", nil},
		{"tool get [-o FORMAT] [NAME [VERSION]]", "get", nil},
		{"tool get {a|b}", "get", nil},
		{"other NAME", "get", nil},
		{"", "get", nil},
		// The first line of a group's usage is often a subcommand's: its
		// arguments are the subcommand's, not the group's.
		{"mo auth credentials <path>", "auth", nil},
		{"tool remote add NAME URL", "remote", nil},
		{"tool remote add NAME URL", "remote add", []string{"NAME", "URL"}},
		{"tool product <command> [flags]", "product", []string{"<command>"}},
	} {
		if got := requiredArgs(tc.usage, strings.Fields(tc.command)); !slices.Equal(got, tc.want) {
			t.Errorf("%q for %q: %v, want %v", tc.usage, tc.command, got, tc.want)
		}
	}
	if got := usageFromText([]byte("Usage:\n  tool get NAME [flags]\n")); got != "tool get NAME [flags]" {
		t.Errorf("usage on the next line: %q", got)
	}
	if got := usageFromText([]byte("usage: tool get NAME\n")); got != "tool get NAME" {
		t.Errorf("usage on its line: %q", got)
	}
}

func TestMakeTypo(t *testing.T) {
	for _, tc := range []struct {
		commands []string
		typo, of string
		ok       bool
	}{
		{[]string{"list", "get"}, "lsit", "list", true},
		{[]string{"get", "add"}, "gte", "get", true}, // add has no two different inner letters
		{[]string{"links check", "sync"}, "lniks", "links", true},
		{[]string{"aaa", "abc", "acb"}, "", "", false}, // each misspelling is the other command
		{[]string{"ab"}, "", "", false},
		{[]string{"", " "}, "", "", false},
	} {
		typo, of, ok := makeTypo(tc.commands)
		if typo != tc.typo || of != tc.of || ok != tc.ok {
			t.Errorf("%v: %q of %q (%v), want %q of %q (%v)", tc.commands, typo, of, ok, tc.typo, tc.of, tc.ok)
		}
	}
}

func TestOneJSONValue(t *testing.T) {
	for _, tc := range []struct{ out, want, err string }{
		{`{"ok":true}`, `{"ok":true}`, ""},
		{"{\n  \"ok\": true,\n  \"ok\": false\n}\n", `{"ok":true,"ok":false}`, ""},
		{"", "", "it is empty"},
		{"hello {}", "", "it is not JSON"},
		{`{"a":1}{"b":2}`, "", "it holds 2 JSON values"},
		{"{\"a\":1}\ndone\n", "", "text follows the first JSON value"},
	} {
		got, err := oneJSONValue([]byte(tc.out))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.out, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%q: %s, %v; want %s", tc.out, got, err, tc.want)
		}
	}
}

func TestHasANSI(t *testing.T) {
	for in, want := range map[string]bool{"\x1b[31mred": true, `{"m":"\u001b[31m"}`: true, `{"m":"\u001B[0m"}`: true, `{"m":"plain"}`: false} {
		if hasANSI([]byte(in)) != want {
			t.Errorf("hasANSI(%q) != %v", in, want)
		}
	}
}

// FuzzParsers: what the probe reads from a program (help, usage, stdout)
// and from the user (the probe file) never panics, whatever it holds.
func FuzzParsers(f *testing.F) {
	f.Add([]byte("Commands:\n  get  x\n"), "tool get NAME [x]", []byte(`{"ok":true}`))
	f.Add([]byte("json: {args: [--json]}\ninvocations:\n  - args: [a]\n    expect: 3\n"), "<a> [b {c|d}]]", []byte("{} {}"))
	f.Add([]byte("COMMANDS:\n\t:\n  ,\n"), "[[[", []byte("\x1b[0m"))
	f.Fuzz(func(t *testing.T, text []byte, usage string, stdout []byte) {
		commands := commandsFromText(text)
		for _, c := range commands {
			_ = requiredArgs(usage, strings.Fields(c))
		}
		_, _, _ = makeTypo(append(commands, strings.Fields(usage)...))
		_ = usageFromText(text)
		_ = commandsFromData(helpData(stdout))
		_, _ = oneJSONValue(stdout)
		p := filepath.Join(t.TempDir(), FileName)
		if err := os.WriteFile(p, text, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _ = LoadFile(p)
	})
}
