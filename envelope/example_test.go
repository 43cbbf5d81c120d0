package envelope_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Note is the data of the example commands.
type Note struct {
	Name string   `json:"name"`
	Tags []string `json:"tags,omitempty"`
}

// ExampleRegistry declares two commands once each — name, exit codes,
// result type, phases — adds the schema command, and answers command lines
// as an agent would send them: a success, a declared failure, a typo, and
// the manifest.
func ExampleRegistry() {
	notes := map[string]Note{"todo": {Name: "todo", Tags: []string{"work"}}}
	get := envelope.Command[string, Note]{
		Name:    "get",
		Summary: "print one note",
		Codes: []exitcode.Entry{
			{Code: exitcode.ArgError},
			{Code: exitcode.NotFound, Action: "run `notes list`, then get a note it lists"},
		},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) != 1 {
				return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "get takes one note name")
			}
			return args[0], nil
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Note, error) {
			n, ok := notes[name]
			if !ok {
				return Note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note "+name)
			}
			return n, nil
		},
	}
	list := envelope.Command[struct{}, []Note]{
		Name:     "list",
		Summary:  "list the notes",
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(context.Context, struct{}, *envelope.Output) ([]Note, error) {
			return []Note{notes["todo"]}, nil
		},
	}
	r := envelope.NewRegistry("notes")
	r.MustAdd(get, list)
	r.MustAdd(r.SchemaCommand())

	for _, args := range [][]string{{"get", "todo"}, {"get", "nope"}, {"lsit"}} {
		var out bytes.Buffer
		code := r.Run(context.Background(), args, &out)
		fmt.Printf("exit %d: %s\n", int(code), withoutDuration(out.String()))
	}
	m := r.Manifest()
	fmt.Println(m.ResultTypes)
	for _, e := range m.Commands[0].ExitCodes {
		fmt.Println(int(e.Code), e.Name, e.Retryability, e.SideEffects)
	}
	// A real program's main is r.Main().

	// Output:
	// exit 0: {"ok":true,"data":{"name":"todo","tags":["work"]},"error":null,"warnings":[],"meta":{…}}
	// exit 5: {"ok":false,"data":null,"error":{"code":"NOTE_NOT_FOUND","message":"no note nope","retryable":false,"phase":"execution","suggestion":"run `notes list`, then get a note it lists"},"warnings":[],"meta":{…}}
	// exit 13: {"ok":false,"data":null,"error":{"code":"COMMAND_TYPO","message":"there is no command \"lsit\"; did you mean \"list\"?","retryable":true,"phase":"validation","redirect":{"command":"notes list","permanent":false,"reason":"typo_corrected"}},"warnings":[],"meta":{…}}
	// [help manifest note note_list]
	// 0 SUCCESS not-applicable complete
	// 1 GENERAL_ERROR depends unknown
	// 3 ARG_ERROR yes none
	// 5 NOT_FOUND no none
	// 10 TIMEOUT depends unknown
}

// ExampleWriteError answers a command line that failed before any command
// ran: a flag the program's own parsing refused.
func ExampleWriteError() {
	start := time.Now()
	err := envelope.UsageError("BAD_FLAG", "unknown flag --jsno", "run notes --help for the flags")
	var out bytes.Buffer
	code := envelope.WriteError(&out, start, err)
	fmt.Printf("exit %d: %s\n", int(code), withoutDuration(out.String()))
	// Output:
	// exit 3: {"ok":false,"data":null,"error":{"code":"BAD_FLAG","message":"unknown flag --jsno","retryable":true,"phase":"validation","suggestion":"run notes --help for the flags"},"warnings":[],"meta":{…}}
}

// ExampleDataSchema prints the JSON Schema a manifest gives for a command's
// data.
func ExampleDataSchema() {
	s := envelope.DataSchema(reflect.TypeOf(Note{}))
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(s)
	// Output:
	// {
	//   "$ref": "#/definitions/Note",
	//   "$schema": "http://json-schema.org/draft-07/schema#",
	//   "definitions": {
	//     "Note": {
	//       "additionalProperties": false,
	//       "properties": {
	//         "name": {
	//           "type": "string"
	//         },
	//         "tags": {
	//           "items": {
	//             "type": "string"
	//           },
	//           "type": [
	//             "array",
	//             "null"
	//           ]
	//         }
	//       },
	//       "required": [
	//         "name"
	//       ],
	//       "type": "object"
	//     }
	//   }
	// }
}

// ExampleProcess_Run runs a command that prints a debug line besides its
// data, as Main runs it: standard output holds the envelope alone, the
// debug line goes to standard error, and a warning says so (outside a
// test; in a test the run fails with STRAY_OUTPUT).
func ExampleProcess_Run() {
	chatty := envelope.Command[string, Note]{
		Name:     "get",
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) { return "todo", nil },
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Note, error) {
			fmt.Println("debug: loading", name)
			return Note{Name: name}, nil
		},
	}
	os.Setenv(exitcode.StrictEnv, "0") // as in production
	defer os.Unsetenv(exitcode.StrictEnv)
	var stdout, stderr bytes.Buffer
	res := envelope.Process{Args: []string{"get"}, Stdout: &stdout, Stderr: &stderr}.Run(context.Background(), chatty)
	fmt.Printf("exit %d\nstdout: %s\nstderr: %s", int(res.Code), withoutDuration(stdout.String()), stderr.String())
	// Output:
	// exit 0
	// stdout: {"ok":true,"data":{"name":"todo"},"error":null,"warnings":["the command wrote 20 bytes to standard output besides its envelope (first: \"debug: loading todo\"); they were sent to standard error: write the command's output as its data, and logs to standard error"],"meta":{…}}
	// stderr: debug: loading todo
}
