package envelope

import (
	"context"
	"fmt"
	"io"
	"reflect"

	"github.com/exitlint/exitlint/exitcode"
)

// Manifest describes a CLI to an agent: every command, the exit codes it may
// end with and what each promises, the type tag and JSON Schema of its data,
// and the renamed commands. A Registry generates it; its schema command
// prints it as the data of an envelope.
type Manifest struct {
	Program       string            `json:"program"`
	SchemaVersion string            `json:"schema_version"` // of the envelope
	Commands      []CommandManifest `json:"commands"`
	ResultTypes   []string          `json:"result_types"` // every meta.type the CLI writes
	Redirects     []RedirectEntry   `json:"redirects"`
}

// CommandManifest is one command of a Manifest.
type CommandManifest struct {
	Name       string          `json:"name"`
	Summary    string          `json:"summary,omitempty"`
	ResultType string          `json:"result_type"`
	ExitCodes  []ExitCodeEntry `json:"exit_codes"`
	// DataSchema is the JSON Schema (draft-07) of data on success.
	DataSchema map[string]any `json:"data_schema"`
}

// ExitCodeEntry is one declared exit code of a command: the table's row with
// the command's own retryability, side effects and action where it states
// them, or a command-specific code. It takes precedence over the table for
// this command.
type ExitCodeEntry struct {
	Code  exitcode.Code `json:"code"`
	Name  string        `json:"name"`
	Group string        `json:"group"`
	// Retryable mirrors error.retryable: true for "yes" and "yes, after the
	// prerequisite", false for "no", absent where it depends on the error
	// and for SUCCESS.
	Retryable *bool `json:"retryable,omitempty"`
	// Retryability spells the entry's retryability: yes, no, depends,
	// after-prerequisite or not-applicable (SUCCESS).
	Retryability string `json:"retryability"`
	SideEffects  string `json:"side_effects"` // none, partial, complete or unknown
	Action       string `json:"action,omitempty"`
}

// RedirectEntry is a command that was renamed (or restructured, or
// deprecated): invoking From answers REDIRECTED with To.
type RedirectEntry struct {
	From      string `json:"from"`
	To        string `json:"to"`
	Permanent bool   `json:"permanent"`
	Reason    string `json:"reason,omitempty"`
}

// entryOf turns a declared entry into its manifest form.
func entryOf(e exitcode.Entry) ExitCodeEntry {
	out := ExitCodeEntry{
		Code: e.Code, Name: e.Name, Group: e.Group.String(),
		Retryability: e.Retryable.String(), SideEffects: e.SideEffects.String(), Action: e.Action,
	}
	switch e.Retryable {
	case exitcode.RetryYes, exitcode.RetryAfterPrerequisite:
		t := true
		out.Retryable = &t
	case exitcode.RetryNo:
		f := false
		out.Retryable = &f
	}
	return out
}

// Runnable is a command a Registry can hold: an envelope.Command of any
// input and output types.
type Runnable interface {
	// Run runs the command on args and writes its envelope to w.
	Run(ctx context.Context, args []string, w io.Writer) exitcode.Code
	// Describe checks the command's declarations and describes it.
	Describe() (CommandManifest, error)
	// Declarations checks and returns the command's exit-code declarations.
	Declarations() (*exitcode.Declarations, error)
}

// Describe checks the command's declarations and returns its manifest entry:
// its name, summary, result type, declared exit codes and the JSON Schema
// of Out (of its element, for a pointer: data on success is never null but
// on a not_modified cache hit, which any type may answer). It refuses a
// command that can never succeed, whose Out encodes as a JSON string,
// number or boolean (data is an object or an array), and a Type that is no
// type tag.
func (c Command[In, Out]) Describe() (CommandManifest, error) {
	if c.Name == "" {
		return CommandManifest{}, fmt.Errorf("envelope: a command needs a Name")
	}
	if c.Validate == nil || c.Execute == nil {
		return CommandManifest{}, fmt.Errorf("envelope: command %q needs both Validate and Execute", c.Name)
	}
	d, err := c.Declarations()
	if err != nil {
		return CommandManifest{}, err
	}
	out := reflect.TypeOf((*Out)(nil)).Elem()
	if kind := scalarKind(out); kind != "" {
		return CommandManifest{}, fmt.Errorf("envelope: command %q can never succeed: its data type %s encodes as a JSON %s, and data is an object or an array; return a struct, a map or a slice", c.Name, out, kind)
	}
	data := out
	for data.Kind() == reflect.Pointer {
		data = data.Elem()
	}
	m := CommandManifest{
		Name: c.Name, Summary: c.Summary, ResultType: c.ResultType(),
		DataSchema: DataSchema(data),
	}
	switch {
	case m.ResultType == "":
		return CommandManifest{}, fmt.Errorf("envelope: command %q: the data type %s has no name to tag it with; set Type", c.Name, out)
	case !typeTagValid(m.ResultType):
		return CommandManifest{}, fmt.Errorf("envelope: command %q: type tag %q is not a type tag: lower-case letters, digits and underscores, starting with a letter (\"note_list\")", c.Name, m.ResultType)
	}
	for _, e := range d.Entries() {
		m.ExitCodes = append(m.ExitCodes, entryOf(e))
	}
	return m, nil
}

// scalarKind is the JSON kind a value of type t always encodes as when that
// is no object or array ("string", "number", "boolean"; "no JSON value" for
// a type encoding/json refuses), and "" when it may be one: a struct, a
// map, a slice or array (but []byte, a base64 string), an interface, or a
// type that encodes itself.
func scalarKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case t == timeType:
		return "string"
	case implements(t, jsonMarshalerType):
		return ""
	case implements(t, textMarshalerType):
		return "string"
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map, reflect.Array, reflect.Interface:
		return ""
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !implements(t.Elem(), jsonMarshalerType) && !implements(t.Elem(), textMarshalerType) {
			return "string"
		}
		return ""
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return "number"
	}
	return "no JSON value"
}
