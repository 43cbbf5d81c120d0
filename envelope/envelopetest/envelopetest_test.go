package envelopetest_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
)

// recorder is a TB that keeps what it is told.
type recorder struct{ errors []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) all() string { return strings.Join(r.errors, "\n") }

type Note struct {
	Name    string    `json:"name"`
	Tags    []string  `json:"tags,omitempty"`
	Created time.Time `json:"created"`
}

func notesCLI() *envelope.Registry {
	get := envelope.Command[string, Note]{
		Name:  "get",
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) != 1 {
				return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "get takes one name")
			}
			return args[0], nil
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Note, error) {
			switch name {
			case "nope":
				return Note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note nope")
			case "loud":
				fmt.Println("debugging")
			}
			return Note{Name: name, Created: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)}, nil
		},
	}
	r := envelope.NewRegistry("notes")
	r.MustAdd(get)
	r.MustAdd(r.SchemaCommand())
	return r
}

func TestRunAcceptsAConformingCLI(t *testing.T) {
	cli := notesCLI()
	for _, args := range [][]string{{"get", "a"}, {"get", "nope"}, {"get"}, {"schema"}, {"help"}, {"gte", "a"}, {}} {
		rec := &recorder{}
		r := envelopetest.Run(rec, cli, args...)
		assert(t, len(rec.errors) == 0, "%q: %s", args, rec.all())
		assert(t, r.Envelope != nil, "%q: no envelope", args)
	}
	r := envelopetest.Run(t, cli, "get", "a")
	assert(t, r.Command == "get", "command %q", r.Command)
	r.Expect(t, exitcode.Success, envelopetest.Fields{
		"/data/name":    "a",
		"/data/tags":    envelopetest.Absent,
		"/meta/type":    "note",
		"/error":        nil,
		"/warnings":     []string{},
		"/meta/cursor":  envelopetest.Absent,
		"/data/created": "2030-01-02T03:04:05Z",
	})
	v, ok := r.Field("/meta/schema_version")
	assert(t, ok && v == "1.0", "schema_version %v", v)

	envelopetest.Run(t, cli, "get", "nope").Expect(t, exitcode.NotFound, envelopetest.Fields{
		"/error/code": "NOTE_NOT_FOUND", "/error/retryable": false, "/error/phase": "execution",
	})
	envelopetest.Checker{}.CheckManifest(t, cli)
}

func TestRunReportsStrayOutput(t *testing.T) {
	rec := &recorder{}
	r := envelopetest.Run(rec, notesCLI(), "get", "loud")
	assert(t, r.Code == exitcode.GeneralError, "exit %d", r.Code)
	assert(t, strings.Contains(rec.all(), "the command printed to standard output besides its envelope (STRAY_OUTPUT)"), "%s", rec.all())
	assert(t, strings.Contains(rec.all(), "standard error:\n  debugging"), "the report shows what was printed: %s", rec.all())
}

// fake is a program that writes what it is given, with a manifest, to show
// what the checks catch in envelopes the runtime would not write.
type fake struct {
	out      string
	code     exitcode.Code
	manifest envelope.Manifest
}

func (f fake) Run(ctx context.Context, _ []string, w io.Writer) exitcode.Code {
	io.WriteString(w, f.out)
	return f.code
}

func (f fake) Manifest() envelope.Manifest { return f.manifest }

func TestRunReportsEachProblem(t *testing.T) {
	man := notesCLI().Manifest()
	cases := []struct {
		name string
		out  string
		code exitcode.Code
		want string
	}{
		{"two lines", `{"ok":true}` + "\n" + `{"ok":true}` + "\n", 0, "standard output holds 2 lines"},
		{"not an envelope", `{"ok":true}`, 0, "/warnings: missing"},
		{"ok disagrees", `{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1}}`, exitcode.NotFound, "/ok: is true but the exit status is 5"},
		{"unknown type", `{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"blob"}}`, 0, `/meta/type: "blob" is not among the manifest's result types (help, manifest, note)`},
	}
	for _, tc := range cases {
		rec := &recorder{}
		envelopetest.Run(rec, fake{out: tc.out, code: tc.code, manifest: man}, "x")
		assert(t, strings.Contains(rec.all(), tc.want), "%s: want %q in:\n%s", tc.name, tc.want, rec.all())
		assert(t, strings.HasPrefix(rec.all(), "x: exit "), "%s: the report begins with the command line: %s", tc.name, rec.all())
	}

	rec := &recorder{}
	envelopetest.Checker{Extra: func([]byte) error { return errors.New("the published schema says no") }}.Run(rec, notesCLI(), "get", "a")
	assert(t, strings.Contains(rec.all(), "/: the published schema says no"), "%s", rec.all())
}

// TestCheckOutput: what a built binary wrote is checked against the
// declarations its manifest gives the command, and the data schema.
func TestCheckOutput(t *testing.T) {
	man := notesCLI().Manifest()
	for _, tc := range []struct {
		out     string
		exit    int
		command string
		want    string // "" for none
	}{
		{`{"ok":false,"data":null,"error":{"code":"NOTE_NOT_FOUND","message":"m","retryable":false},"warnings":[],"meta":{"duration_ms":1}}`, 5, "get", ""},
		{`{"ok":false,"data":null,"error":{"code":"NOTE_NOT_FOUND","message":"m","retryable":true},"warnings":[],"meta":{"duration_ms":1}}`, 5, "get", `/error/retryable: true, but command "get" declares NOT_FOUND (5) not retryable`},
		{`{"ok":false,"data":null,"error":{"code":"LOCKED","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 6, "get", `exit status 6 (CONFLICT) is not among the codes command "get" declares`},
		{`{"ok":true,"data":{"name":"a","created":"2030-01-02T03:04:05Z"},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"note"}}`, 0, "get", ""},
		{`{"ok":true,"data":{"name":7,"created":"yesterday","extra":1},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"note"}}`, 0, "get", `/data/created: want a date-time (RFC 3339), got "yesterday" (the data_schema of "get")`},
		{`{"ok":true,"data":{"name":7,"created":"2030-01-02T03:04:05Z"},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"note"}}`, 0, "get", `/data/name: want string, got 7`},
		{`{"ok":true,"data":{"created":"2030-01-02T03:04:05Z","x":1},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"note"}}`, 0, "get", `/data/x: unknown key: the data schema allows only created, name, tags`},
		{`{"ok":true,"data":{"created":"2030-01-02T03:04:05Z"},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"note"}}`, 0, "get", `/data/name: missing: the data schema requires it`},
		{`{"ok":true,"data":{"name":"a","created":"2030-01-02T03:04:05Z"},"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"manifest"}}`, 0, "get", `/meta/type: "manifest", but the manifest gives command "get" the result type "note"`},
		{`{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 0, "rm", `manifest: it lists no command "rm"`},
	} {
		rec := &recorder{}
		envelopetest.Checker{}.CheckOutput(rec, []byte(tc.out), tc.exit, &man, tc.command, "notes", tc.command)
		if tc.want == "" {
			assert(t, len(rec.errors) == 0, "%s: %s", tc.out, rec.all())
			continue
		}
		assert(t, strings.Contains(rec.all(), tc.want), "want %q in:\n%s", tc.want, rec.all())
	}
}

func TestDiff(t *testing.T) {
	r := envelopetest.Run(t, notesCLI(), "get", "nope")
	d := r.Diff(exitcode.ArgError, envelopetest.Fields{
		"/error/code":      "NOTE_NOT_FOUND",
		"/error/retryable": true,
		"/error/redirect":  map[string]any{"command": "x"},
		"/error/phase":     envelopetest.Absent,
		"/data/0":          1,
	})
	want := `  field             want             got
  exit code         3 (ARG_ERROR)    5 (NOT_FOUND)
  /data/0           1                absent
  /error/phase      absent           "execution"
  /error/redirect   {"command":"x"}  absent
  /error/retryable  true             false
`
	assert(t, d == want, "Diff:\n%s\nwant:\n%s", d, want)
	assert(t, r.Diff(exitcode.NotFound, envelopetest.Fields{"/error/code": "NOTE_NOT_FOUND"}) == "", "no difference")

	rec := &recorder{}
	r.Expect(rec, exitcode.NotFound, envelopetest.Fields{"/error/code": "NOPE"})
	assert(t, strings.Contains(rec.all(), "get nope: not what was expected:\n  field") && strings.Contains(rec.all(), "the envelope:\n  {\n    \"ok\": false,"), "%s", rec.all())
}

// TestCheckManifest: a manifest whose parts disagree is reported.
func TestCheckManifest(t *testing.T) {
	man := notesCLI().Manifest()
	man.ResultTypes = append(man.ResultTypes[:1], "help")
	man.Commands[0].ExitCodes = append(man.Commands[0].ExitCodes, envelope.ExitCodeEntry{Code: 14, Name: "X", Retryability: "no", SideEffects: "none"})
	man.Commands[0].DataSchema = map[string]any{"type": "object", "propertyNames": map[string]any{"pattern": "^a"}}
	rec := &recorder{}
	envelopetest.Checker{}.CheckManifest(rec, fake{manifest: man})
	for _, want := range []string{
		`/result_types: "help" is listed twice`,
		`/commands/0 (get)/result_type: "note" is not among the result types`,
		`/commands/0 (get)/exit_codes: exitcode: command "get": code 14 is framework-reserved`,
		`/commands/0 (get)/data_schema: uses "propertyNames", which envelopetest cannot check`,
	} {
		assert(t, strings.Contains(rec.all(), want), "want %q in:\n%s", want, rec.all())
	}
}

// TestManifestProblems: the manifest an agent got from a built CLI is
// checked as CheckManifest checks a program's: nothing for a sound one,
// each problem for one whose parts disagree.
func TestManifestProblems(t *testing.T) {
	man := notesCLI().Manifest()
	assert(t, len(envelopetest.ManifestProblems(&man)) == 0, "a sound manifest: %v", envelopetest.ManifestProblems(&man))
	man.ResultTypes = []string{"help", "manifest"}
	got := strings.Join(envelopetest.ManifestProblems(&man), "\n")
	assert(t, strings.Contains(got, `/commands/0 (get)/result_type: "note" is not among the result types`), "%s", got)
}

// TestDataSchemaCheck: the keywords the data check reads, each failing and
// passing.
func TestDataSchemaCheck(t *testing.T) {
	for _, tc := range []struct {
		schema, data string
		want         string // "" for none
	}{
		{`{"type":["array","null"],"items":{"type":"integer","minimum":0}}`, `[1,2.0,3]`, ""},
		{`{"type":"array","items":{"type":"integer","minimum":0}}`, `[1,-2,3.5]`, "/data/1: want at least 0 , got -2"},
		{`{"type":"array","items":{"type":"integer"}}`, `[3.5]`, "/data/0: want integer, got 3.5"},
		{`{"type":"array","minItems":2,"maxItems":2}`, `[1]`, "/data: want at least 2 items, got 1"},
		{`{"type":"object","properties":{"a":{"type":"string","minLength":2,"maxLength":3,"pattern":"^x"}}}`, `{"a":"yyyy"}`, "/data/a: want at most 3 characters, got 4"},
		{`{"type":"object","properties":{"a":{"type":"string","pattern":"^x"}}}`, `{"a":"y"}`, `/data/a: want a string matching ^x, got "y"`},
		{`{"type":"object","additionalProperties":{"type":"boolean"}}`, `{"a":true,"b":1}`, "/data/b: want boolean, got 1"},
		{`{"type":"object","properties":{"b":{"type":"string","contentEncoding":"base64"}}}`, `{"b":"***"}`, `/data/b: want base64, got "***"`},
		{`{"type":"object","properties":{"e":{"enum":["a","b"]},"c":{"const":1}}}`, `{"e":"c","c":1.0}`, `/data/e: want one of "a", "b", got "c"`},
		{`{"type":"object","properties":{"n":{"oneOf":[{"type":"null"},{"type":"integer"}]}}}`, `{"n":"x"}`, `/data/n: "x" matches none of the 2 schemas of oneOf`},
		{`{"type":"object","properties":{"n":{"oneOf":[{"type":"number"},{"type":"integer"}]}}}`, `{"n":1}`, "matches 2 of the schemas of oneOf"},
		{`{"type":"object","properties":{"n":{"anyOf":[{"type":"string"}]}}}`, `{"n":1}`, "/data/n: want string, got 1"},
		{`{"type":"object","properties":{"n":{"allOf":[{"type":"integer"},{"maximum":3}]}}}`, `{"n":4}`, "/data/n: want at most 3 , got 4"},
		{`{"type":"object","properties":{"n":{"not":{"type":"integer"}}}}`, `{"n":4}`, "/data/n: 4 matches a schema it must not match"},
		{`{"type":"object","properties":{"n":false}}`, `{"n":4}`, "/data/n: no value is allowed here"},
		{`{"$ref":"#/definitions/T","definitions":{"T":{"type":"object","properties":{"next":{"oneOf":[{"type":"null"},{"$ref":"#/definitions/T"}]},"v":{"type":"integer"}}}}}`, `{"next":{"next":{"next":null,"v":"x"},"v":2},"v":1}`, `/data/next/next/v: want integer, got "x"`},
		{`{"$ref":"#/definitions/Missing"}`, `{}`, `the data schema's $ref "#/definitions/Missing" names no definition`},
		{`{"type":"object","x-custom":1}`, `{}`, `the data schema uses "x-custom", which envelopetest cannot check`},
		{`{"$ref":"#"}`, `{}`, "nests deeper than 200 $ref"},
		{`{"type":"object","properties":{"n":3}}`, `{"n":4}`, "the schema here is a JSON integer, not a schema"},
		{`{"type":"object","properties":{"s":{"minLength":"two"}}}`, `{"s":"abc"}`, "the data schema's minLength is not a number"},
		{`{"type":"object","properties":{"s":{"pattern":"("}}}`, `{"s":"abc"}`, "does not compile"},
	} {
		var schema map[string]any
		if err := json.Unmarshal([]byte(tc.schema), &schema); err != nil {
			t.Fatal(err)
		}
		man := envelope.Manifest{ResultTypes: []string{"t"}, Commands: []envelope.CommandManifest{{Name: "c", ResultType: "t", DataSchema: schema,
			ExitCodes: []envelope.ExitCodeEntry{{Code: 0, Name: "SUCCESS", Retryability: "not-applicable", SideEffects: "complete"}}}}}
		out := `{"ok":true,"data":` + tc.data + `,"error":null,"warnings":[],"meta":{"duration_ms":1,"type":"t"}}`
		rec := &recorder{}
		envelopetest.Checker{}.CheckOutput(rec, []byte(out), 0, &man, "c")
		if tc.want == "" {
			assert(t, len(rec.errors) == 0, "%s against %s: %s", tc.data, tc.schema, rec.all())
			continue
		}
		assert(t, strings.Contains(rec.all(), tc.want), "%s against %s: want %q in:\n%s", tc.data, tc.schema, tc.want, rec.all())
	}
}

// TestEveryDataSchemaIsReadable: the data check reads every keyword
// envelope.DataSchema writes, for the kinds of Go types there are.
func TestEveryDataSchemaIsReadable(t *testing.T) {
	type inner struct {
		B []byte            `json:"b"`
		M map[string]*int   `json:"m"`
		A [2]float64        `json:"a"`
		U uint8             `json:"u"`
		Q int               `json:"q,string"`
		I any               `json:"i"`
		F func()            `json:"-"`
		R json.RawMessage   `json:"r"`
		C chan int          `json:"-"`
		N *inner            `json:"n,omitempty"`
		T time.Time         `json:"t"`
		S map[string]string `json:"s,omitempty"`
	}
	cmd := envelope.Command[string, []inner]{
		Name:     "c",
		Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", nil },
		Execute: func(context.Context, string, *envelope.Output) ([]inner, error) {
			n := 3
			return []inner{{B: []byte("hi"), M: map[string]*int{"x": &n, "y": nil}, A: [2]float64{1.5, 2}, Q: 4, I: []int{1}, R: json.RawMessage(`{"z":1}`), N: &inner{}}}, nil
		},
	}
	envelopetest.Checker{}.CheckManifest(t, cmd)
	envelopetest.Run(t, cmd).Expect(t, exitcode.Success, envelopetest.Fields{"/data/0/q": "4", "/data/0/b": "aGk="})
}

func assert(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
}
