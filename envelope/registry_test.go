package envelope_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

func registry(t *testing.T) *envelope.Registry {
	t.Helper()
	get := notesGet(func(_ context.Context, name string, _ *envelope.Output) (note, error) {
		return note{Title: name}, nil
	})
	get.Name = "get"
	add := envelope.Command[string, note]{
		Name:     "notes add",
		Summary:  "add a note",
		Codes:    []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.Conflict}},
		Validate: validateName,
		Execute: func(_ context.Context, name string, _ *envelope.Output) (note, error) {
			return note{Title: "added " + name}, nil
		},
	}
	r := envelope.NewRegistry("notes")
	require.NoError(t, r.Add(get, add))
	require.NoError(t, r.Add(r.SchemaCommand()))
	require.NoError(t, r.Redirect("show", "get", true, exitcode.ReasonRenamed))
	return r
}

func runRegistry(t *testing.T, r *envelope.Registry, args ...string) (exitcode.Code, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	code := r.Run(context.Background(), args, &buf)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))
	if n := bytes.Count(bytes.TrimSpace(buf.Bytes()), []byte("\n")); n != 0 {
		t.Errorf("want exactly one envelope line, got %d more: %s", n, buf.Bytes())
	}
	m := decode(t, buf.Bytes())
	assert.Equal(t, envelope.SchemaVersion, m["meta"].(map[string]any)["schema_version"], "every envelope has schema_version: %v", args)
	return code, m
}

func TestRegistryDispatches(t *testing.T) {
	r := registry(t)
	code, m := runRegistry(t, r, "get", "a")
	assert.Equal(t, exitcode.Success, code)
	assert.Equal(t, map[string]any{"title": "a"}, m["data"])
	code, m = runRegistry(t, r, "notes", "add", "b")
	assert.Equal(t, exitcode.Success, code)
	assert.Equal(t, map[string]any{"title": "added b"}, m["data"])
	code, m = runRegistry(t, r, "notes", "add")
	assert.Equal(t, exitcode.ArgError, code)
	assert.Equal(t, "NAME_MISSING", m["error"].(map[string]any)["code"])
}

func TestRegistryAnswersOutsideCommands(t *testing.T) {
	r := registry(t)
	code, m := runRegistry(t, r)
	assert.Equal(t, exitcode.ArgError, code)
	e := m["error"].(map[string]any)
	assert.Equal(t, "COMMAND_MISSING", e["code"])
	assert.Equal(t, "validation", e["phase"])
	assert.Contains(t, e["suggestion"], "get, notes add, schema")

	code, m = runRegistry(t, r, "frobnicate")
	assert.Equal(t, exitcode.ArgError, code)
	assert.Equal(t, "UNKNOWN_COMMAND", m["error"].(map[string]any)["code"])

	code, m = runRegistry(t, r, "show", "my note")
	assert.Equal(t, exitcode.Redirected, code)
	rd := m["error"].(map[string]any)["redirect"].(map[string]any)
	assert.Equal(t, map[string]any{"command": "notes get 'my note'", "permanent": true, "reason": "renamed"}, rd)

	code, m = runRegistry(t, r, "notes", "dad", "x")
	assert.Equal(t, exitcode.Redirected, code)
	rd = m["error"].(map[string]any)["redirect"].(map[string]any)
	assert.Equal(t, map[string]any{"command": "notes notes add x", "permanent": false, "reason": "typo_corrected"}, rd)
	assert.Equal(t, "COMMAND_TYPO", m["error"].(map[string]any)["code"])
}

func TestRegistryHelpIsData(t *testing.T) {
	r := registry(t)
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		code, m := runRegistry(t, r, args...)
		assert.Equal(t, exitcode.Success, code)
		assert.Equal(t, "help", m["meta"].(map[string]any)["type"])
		h := m["data"].(map[string]any)
		assert.Len(t, h["commands"], 3)
		assert.NotContains(t, h, "command")
	}
	code, m := runRegistry(t, r, "notes", "add", "--help")
	assert.Equal(t, exitcode.Success, code)
	h := m["data"].(map[string]any)
	assert.Equal(t, "notes notes add [ARGS...]", h["usage"])
	assert.Equal(t, "notes add", h["command"].(map[string]any)["name"])

	code, m = runRegistry(t, r, "help", "nope")
	assert.Equal(t, exitcode.ArgError, code)
	assert.Equal(t, "UNKNOWN_COMMAND", m["error"].(map[string]any)["code"])
}

// TestRegistryHelpNeverRedirectsToTheCommand: help asked about a command
// with arguments is help about that command, and help about a command line
// that names no command redirects to help, never to running a command: an
// agent runs error.redirect.command verbatim, and "notes get x --help" must
// not become "notes get x".
func TestRegistryHelpNeverRedirectsToTheCommand(t *testing.T) {
	r := registry(t)
	for _, args := range [][]string{{"get", "x", "--help"}, {"help", "get", "x"}, {"notes", "add", "b", "-h"}} {
		code, m := runRegistry(t, r, args...)
		assert.Equal(t, exitcode.Success, code, "%q", args)
		assert.Equal(t, "help", m["meta"].(map[string]any)["type"], "%q", args)
	}
	for _, tc := range []struct {
		args     []string
		redirect string
	}{
		{[]string{"help", "show"}, "notes help get"},
		{[]string{"show", "--help"}, "notes help get"},
		{[]string{"help", "gte", "x"}, "notes help get x"},
		{[]string{"gte", "-h"}, "notes help get"},
		{[]string{"help", "notes", "ad"}, "notes help notes add"},
	} {
		code, m := runRegistry(t, r, tc.args...)
		assert.Equal(t, exitcode.Redirected, code, "%q", tc.args)
		e, _ := m["error"].(map[string]any)
		rd, _ := e["redirect"].(map[string]any)
		assert.Equal(t, tc.redirect, rd["command"], "%q: the redirect asks for help", tc.args)
	}
	code, m := runRegistry(t, r, "help", "frobnicate")
	assert.Equal(t, exitcode.ArgError, code)
	assert.Equal(t, "UNKNOWN_COMMAND", m["error"].(map[string]any)["code"])
}

func TestRegistryRefuses(t *testing.T) {
	r := registry(t)
	good := envelope.Command[string, note]{Name: "x", Validate: validateName, Execute: func(context.Context, string, *envelope.Output) (note, error) { return note{}, nil }}
	bad := good
	bad.Name = "y"
	bad.Codes = []exitcode.Entry{{Code: 30}}
	noName := good
	noName.Name = ""
	noExec := good
	noExec.Name = "z"
	noExec.Execute = nil
	dup := good
	dup.Name = "get"
	anon := envelope.Command[string, map[string]any]{Name: "m", Validate: validateName, Execute: func(context.Context, string, *envelope.Output) (map[string]any, error) { return nil, nil }}
	err := r.Add(good, bad, noName, noExec, dup, anon)
	require.Error(t, err)
	for _, want := range []string{"code 30 is framework-reserved", "needs a Name", `"z" needs both Validate and Execute`, `"get" is added twice`, "has no name to tag it with; set Type"} {
		assert.Contains(t, err.Error(), want)
	}
	_, m := runRegistry(t, r, "x", "a")
	assert.Equal(t, "UNKNOWN_COMMAND", m["error"].(map[string]any)["code"], "nothing is added when anything is refused")

	assert.ErrorContains(t, r.Redirect("get", "schema", true, exitcode.ReasonRenamed), "is a command")
	assert.ErrorContains(t, r.Redirect("old", "nope", true, exitcode.ReasonRenamed), "not a command")
	assert.ErrorContains(t, r.Redirect("old", "get", true, "moved"), `reason "moved"`)
	assert.Panics(t, func() { r.MustAdd(dup) })
}

func TestManifest(t *testing.T) {
	r := registry(t)
	assert.Equal(t, -1, r.SchemaCommand().MaxBytes, "the manifest is never cut: an agent cannot page it")
	code, m := runRegistry(t, r, "schema")
	assert.Equal(t, exitcode.Success, code)
	assert.Equal(t, "manifest", m["meta"].(map[string]any)["type"])
	raw, err := json.Marshal(m["data"])
	require.NoError(t, err)
	var man envelope.Manifest
	require.NoError(t, json.Unmarshal(raw, &man))
	assert.Equal(t, "notes", man.Program)
	assert.Equal(t, []string{"help", "manifest", "note"}, man.ResultTypes)
	assert.Equal(t, []envelope.RedirectEntry{{From: "show", To: "get", Permanent: true, Reason: "renamed"}}, man.Redirects)
	require.Len(t, man.Commands, 3)
	get := man.Commands[0]
	assert.Equal(t, "get", get.Name)
	assert.Equal(t, "note", get.ResultType)
	byCode := map[exitcode.Code]envelope.ExitCodeEntry{}
	for _, e := range get.ExitCodes {
		byCode[e.Code] = e
	}
	assert.Len(t, byCode, 6, "SUCCESS, GENERAL_ERROR and the four declared")
	assert.Equal(t, "not-applicable", byCode[exitcode.Success].Retryability)
	assert.Nil(t, byCode[exitcode.Success].Retryable)
	assert.Equal(t, "depends", byCode[exitcode.GeneralError].Retryability)
	f := false
	assert.Equal(t, envelope.ExitCodeEntry{Code: exitcode.Timeout, Name: "TIMEOUT", Group: "infrastructure", Retryable: &f, Retryability: "no", SideEffects: "partial",
		Action: "Back off and retry — some writes may have occurred"}, byCode[exitcode.Timeout], "the command's entry, not the table's")
	assert.Equal(t, "BROKEN_LINKS", byCode[80].Name)
	assert.Equal(t, "command", byCode[80].Group)
	assert.Equal(t, map[string]any{"type": "string"}, get.DataSchema["definitions"].(map[string]any)["note"].(map[string]any)["properties"].(map[string]any)["title"])

	code, m = runRegistry(t, r, "schema", "extra")
	assert.Equal(t, exitcode.ArgError, code)
	assert.Equal(t, "UNEXPECTED_ARGUMENT", m["error"].(map[string]any)["code"])
}

type textID int

func (textID) MarshalText() ([]byte, error) { return []byte("id"), nil }

type raw struct{}

func (raw) MarshalJSON() ([]byte, error) { return []byte(`1`), nil }

type Base struct {
	ID      int    `json:"id"`
	Comment string `json:"comment,omitempty"`
}

type tree struct {
	Base
	Name     string            `json:"name"`
	Children []tree            `json:"children"`
	Parent   *tree             `json:"parent,omitempty"`
	Tags     map[string]string `json:"tags,omitempty"`
	When     time.Time         `json:"when"`
	Blob     []byte            `json:"blob"`
	Count    uint8             `json:"count"`
	Ratio    float64           `json:"ratio"`
	Done     bool              `json:"done"`
	Big      int64             `json:"big,string"`
	Opt      *int              `json:"opt"`
	Key      textID            `json:"key"`
	Raw      raw               `json:"raw"`
	Any      any               `json:"any"`
	Pair     [2]int            `json:"pair"`
	Skip     string            `json:"-"`
	NoTag    string
	hidden   string
	Ch       chan int `json:"-"`
}

func TestDataSchema(t *testing.T) {
	s := envelope.DataSchema(reflect.TypeOf(tree{hidden: "never encoded"}))
	assert.Equal(t, "http://json-schema.org/draft-07/schema#", s["$schema"])
	assert.Equal(t, "#/definitions/tree", s["$ref"])
	def := s["definitions"].(map[string]any)["tree"].(map[string]any)
	props := def["properties"].(map[string]any)
	want := map[string]any{
		"id":       map[string]any{"type": "integer"},
		"comment":  map[string]any{"type": "string"},
		"name":     map[string]any{"type": "string"},
		"children": map[string]any{"type": []any{"array", "null"}, "items": map[string]any{"$ref": "#/definitions/tree"}},
		"parent":   map[string]any{"oneOf": []any{map[string]any{"type": "null"}, map[string]any{"$ref": "#/definitions/tree"}}},
		"tags":     map[string]any{"type": []any{"object", "null"}, "additionalProperties": map[string]any{"type": "string"}},
		"when":     map[string]any{"type": "string", "format": "date-time"},
		"blob":     map[string]any{"type": []any{"string", "null"}, "contentEncoding": "base64"},
		"count":    map[string]any{"type": "integer", "minimum": 0},
		"ratio":    map[string]any{"type": "number"},
		"done":     map[string]any{"type": "boolean"},
		"big":      map[string]any{"type": "string"},
		"opt":      map[string]any{"type": []any{"integer", "null"}},
		"key":      map[string]any{"type": "string"},
		"raw":      map[string]any{"description": "envelope_test.raw encodes itself (MarshalJSON)"},
		"any":      map[string]any{},
		"pair":     map[string]any{"type": "array", "items": map[string]any{"type": "integer"}, "minItems": 2, "maxItems": 2},
		"NoTag":    map[string]any{"type": "string"},
	}
	assert.Equal(t, want, props)
	assert.Equal(t, false, def["additionalProperties"])
	assert.Equal(t, []string{"NoTag", "any", "big", "blob", "children", "count", "done", "id", "key", "name", "opt", "pair", "ratio", "raw", "when"}, def["required"])

	assert.Equal(t, "http://json-schema.org/draft-07/schema#", envelope.DataSchema(reflect.TypeOf([]int{}))["$schema"])
	fn := envelope.DataSchema(reflect.TypeOf(func() {}))
	assert.Contains(t, fn["description"], "does not encode")
	anon := envelope.DataSchema(reflect.TypeOf(struct {
		A int `json:"a"`
	}{}))
	assert.Equal(t, "object", anon["type"])
	assert.Nil(t, anon["definitions"])
}

type dupA struct{ X int }
type dupB struct{ X int }
type ambiguous struct {
	dupA
	dupB
	Y int `json:"y"`
}

func TestDataSchemaDropsAmbiguousFields(t *testing.T) {
	s := envelope.DataSchema(reflect.TypeOf(ambiguous{}))
	props := s["definitions"].(map[string]any)["ambiguous"].(map[string]any)["properties"].(map[string]any)
	assert.NotContains(t, props, "X", "encoding/json writes neither of two X at the same depth")
	assert.Contains(t, props, "y")
	_, err := json.Marshal(ambiguous{})
	assert.NoError(t, err)
}

func TestWriteError(t *testing.T) {
	var buf bytes.Buffer
	code := envelope.WriteError(&buf, time.Now(), envelope.UsageError("BAD_FLAG", "unknown flag --x", "run notes help"))
	assert.Equal(t, exitcode.ArgError, code)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))
	e := decode(t, buf.Bytes())["error"].(map[string]any)
	assert.Equal(t, map[string]any{"code": "BAD_FLAG", "message": "unknown flag --x", "retryable": true, "phase": "validation", "suggestion": "run notes help"}, e)

	buf.Reset()
	code = envelope.WriteError(&buf, time.Now(), &net.OpError{Op: "dial", Err: errors.New("x")})
	assert.Equal(t, exitcode.GeneralError, code)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))

	code = envelope.WriteError(failingWriter{}, time.Now(), envelope.UsageError("X", "x", ""))
	assert.Equal(t, exitcode.GeneralError, code)
}

func TestShellQuote(t *testing.T) {
	assert.Equal(t, `notes get 'my note' '' 'it'\''s' a=b`, envelope.ShellQuote("notes", "get", "my note", "", "it's", "a=b"))
}

func TestClosest(t *testing.T) {
	names := []string{"list", "get", "add", "notes add", "sync"}
	assert.Equal(t, "list", envelope.Closest("lsit", names))
	assert.Equal(t, "get", envelope.Closest("gte", names))
	assert.Equal(t, "notes add", envelope.Closest("notes dad", names))
	assert.Equal(t, "", envelope.Closest("frobnicate", names))
	assert.Equal(t, "", envelope.Closest("ad", names), "too short to tell a typo")
	assert.Equal(t, "", envelope.Closest("aaa", []string{"aab", "aac"}), "two as close: no correction")
	assert.Equal(t, "", envelope.Closest("x", nil))
	assert.True(t, strings.HasPrefix(envelope.Closest("synk", names), "sync"))
}

// groupRegistry has the group "links" (the commands "links check" and
// "links add"), a group of two levels ("remote origin show"), and "list",
// a word as close to "linsk" as two edits.
func groupRegistry(t *testing.T) *envelope.Registry {
	t.Helper()
	cmd := func(name string) envelope.Command[string, note] {
		return envelope.Command[string, note]{Name: name, Summary: "the " + name + " command",
			Codes: []exitcode.Entry{{Code: exitcode.ArgError}},
			Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
				return strings.Join(args, " "), nil
			},
			Execute: func(_ context.Context, s string, _ *envelope.Output) (note, error) { return note{Title: s}, nil }}
	}
	r := envelope.NewRegistry("notes")
	require.NoError(t, r.Add(cmd("list"), cmd("links check"), cmd("links add"), cmd("remote origin show"), cmd("get")))
	return r
}

// TestRegistryGroups: the words that begin command names without naming a
// command ("links" of "links check") are a group. A group alone is
// COMMAND_MISSING naming its commands, its help lists them, a typo of its
// name is corrected like a command's, and an unknown word after it is
// corrected among its commands or is UNKNOWN_COMMAND, never a command
// outside the group.
func TestRegistryGroups(t *testing.T) {
	r := groupRegistry(t)
	for _, tc := range []struct {
		args     []string
		redirect string
	}{
		{[]string{"linsk"}, "notes links"},
		{[]string{"linsk", "--all"}, "notes links --all"},
		{[]string{"linsk", "chekc", "x"}, "notes links check x"},
		{[]string{"links", "chekc", "x"}, "notes links check x"},
		{[]string{"remote", "orign", "show"}, "notes remote origin show"},
		{[]string{"remote", "origin", "shwo", "x"}, "notes remote origin show x"},
		{[]string{"remtoe"}, "notes remote"},
		{[]string{"help", "linsk"}, "notes help links"},
		{[]string{"help", "links", "chekc"}, "notes help links check"},
		{[]string{"linsk", "--help"}, "notes help links"},
	} {
		code, m := runRegistry(t, r, tc.args...)
		e, _ := m["error"].(map[string]any)
		rd, _ := e["redirect"].(map[string]any)
		if code != exitcode.Redirected || rd["command"] != tc.redirect || e["code"] != "COMMAND_TYPO" {
			t.Errorf("notes %q: exit %d, %v; want COMMAND_TYPO to %q", tc.args, code, e, tc.redirect)
		}
	}
	for _, tc := range []struct {
		args       []string
		code       string
		suggestion string
	}{
		{[]string{"links"}, "COMMAND_MISSING", "run notes links COMMAND; the commands are: add, check"},
		{[]string{"remote"}, "COMMAND_MISSING", "run notes remote COMMAND; the commands are: origin"},
		{[]string{"remote", "origin"}, "COMMAND_MISSING", "run notes remote origin COMMAND; the commands are: show"},
		{[]string{"links", "frobnicate"}, "UNKNOWN_COMMAND", "the commands of notes links are: add, check; run notes help links"},
		{[]string{"links", "lst"}, "UNKNOWN_COMMAND", "the commands of notes links are: add, check; run notes help links"},
		{[]string{"help", "links", "frobnicate"}, "UNKNOWN_COMMAND", "the commands of notes links are: add, check; run notes help links"},
	} {
		code, m := runRegistry(t, r, tc.args...)
		e, _ := m["error"].(map[string]any)
		if code != exitcode.ArgError || e["code"] != tc.code || e["suggestion"] != tc.suggestion {
			t.Errorf("notes %q: exit %d, %v; want %s suggesting %q", tc.args, code, e, tc.code, tc.suggestion)
		}
	}
	code, m := runRegistry(t, r, "links")
	if msg := m["error"].(map[string]any)["message"]; code != exitcode.ArgError || msg != "notes links needs a command" {
		t.Errorf("notes links: %d %v", code, msg)
	}

	for _, args := range [][]string{{"help", "links"}, {"links", "--help"}} {
		code, m := runRegistry(t, r, args...)
		h, _ := m["data"].(map[string]any)
		var names []string
		cmds, _ := h["commands"].([]any)
		for _, c := range cmds {
			names = append(names, c.(map[string]any)["name"].(string))
		}
		if code != exitcode.Success || h["usage"] != "notes links COMMAND [ARGS...]" || strings.Join(names, ",") != "links check,links add" {
			t.Errorf("notes %q: %d %v; want help listing links check and links add", args, code, m)
		}
	}
	code, m = runRegistry(t, r, "links", "check", "a")
	if code != exitcode.Success || m["data"].(map[string]any)["title"] != "a" {
		t.Errorf("notes links check a: %d %v", code, m)
	}
}

type title string

// TestRegistryRefusesCommandsThatCannotSucceed: a command whose data can
// never be an object or array (every success would become
// ENVELOPE_CONTRADICTION), whose type tag is no tag, or whose result type
// another command gives to data of another shape is refused when added.
func TestRegistryRefusesCommandsThatCannotSucceed(t *testing.T) {
	validate := func(context.Context, []string, *envelope.Output) (string, error) { return "", nil }
	scalar := envelope.Command[string, string]{Name: "s", Type: "text", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (string, error) { return "x", nil }}
	named := envelope.Command[string, title]{Name: "t", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (title, error) { return "x", nil }}
	when := envelope.Command[string, time.Time]{Name: "w", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (time.Time, error) { return time.Now(), nil }}
	blob := envelope.Command[string, []byte]{Name: "b", Type: "blob", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) ([]byte, error) { return nil, nil }}
	count := envelope.Command[string, *int]{Name: "c", Type: "count", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (*int, error) { return nil, nil }}
	badTag := envelope.Command[string, note]{Name: "g", Type: "Not A Tag!", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (note, error) { return note{}, nil }}
	helpTag := envelope.Command[string, note]{Name: "h", Type: "help", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (note, error) { return note{}, nil }}
	for _, tc := range []struct {
		cmd  envelope.Runnable
		want string
	}{
		{scalar, `command "s" can never succeed: its data type string encodes as a JSON string`},
		{named, "title encodes as a JSON string"},
		{when, "time.Time encodes as a JSON string"},
		{blob, "[]uint8 encodes as a JSON string"},
		{count, "*int encodes as a JSON number"},
		{badTag, `type tag "Not A Tag!" is not a type tag`},
		{helpTag, `result type "help" is the registry's help`},
	} {
		assert.ErrorContains(t, envelope.NewRegistry("tool").Add(tc.cmd), tc.want)
	}

	// Data that may be anything (an interface, a type that encodes itself)
	// is the command's business.
	anything := envelope.Command[string, any]{Name: "a", Type: "anything", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (any, error) { return []int{1}, nil }}
	own := envelope.Command[string, raw]{Name: "r", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (raw, error) { return raw{}, nil }}
	assert.NoError(t, envelope.NewRegistry("tool").Add(anything, own))

	// One type tag, one shape of data.
	a := envelope.Command[string, note]{Name: "a", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (note, error) { return note{}, nil }}
	b := envelope.Command[string, Note]{Name: "b", Type: "note", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (Note, error) { return Note{}, nil }}
	same := envelope.Command[string, *note]{Name: "c", Validate: validate,
		Execute: func(context.Context, string, *envelope.Output) (*note, error) { return &note{}, nil }}
	r := envelope.NewRegistry("tool")
	require.NoError(t, r.Add(a))
	assert.ErrorContains(t, r.Add(b), `command "b": result type "note" is also the result type of "a", whose data has another shape`)
	assert.ErrorContains(t, envelope.NewRegistry("tool").Add(a, b), `result type "note" is also the result type of "a"`)
	assert.NoError(t, r.Add(same), "the same shape may share the tag (a pointer is its element or null)")
}

// TestUnknownNeverRedirectsToItself: a command line handed to Unknown whose
// words name a command (an adapter read them as arguments, after "--") is
// no typo of itself: BAD_ARGUMENTS, suggesting the command line that runs
// it.
func TestUnknownNeverRedirectsToItself(t *testing.T) {
	r := registry(t)
	for _, args := range [][]string{{"get", "x"}, {"notes", "add", "y"}} {
		e := r.Unknown(args)
		assert.Equal(t, exitcode.ArgError, e.ExitCode, "%q", args)
		assert.Equal(t, "BAD_ARGUMENTS", e.Code, "%q", args)
		assert.Nil(t, e.Redirect, "%q", args)
		assert.Equal(t, "run "+envelope.ShellQuote(append([]string{"notes"}, args...)...), e.Suggestion)
	}
}
