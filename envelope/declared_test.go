package envelope_test

import (
	"bytes"
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

type note struct {
	Title string `json:"title"`
}

// notesGet is one command, declared once: name, codes, result type, phases.
func notesGet(execute func(context.Context, string, *envelope.Output) (note, error)) envelope.Command[string, note] {
	return envelope.Command[string, note]{
		Name:    "notes get",
		Summary: "print one note",
		Codes: []exitcode.Entry{
			{Code: exitcode.ArgError},
			{Code: exitcode.NotFound, Action: "List the notes with `notes list`, then ask for one that exists"},
			// A sync that may have written part of the cache: not retryable.
			{Code: exitcode.Timeout, Retryable: exitcode.RetryNo},
			{Code: 80, Name: "BROKEN_LINKS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone},
		},
		Validate: validateName,
		Execute:  execute,
	}
}

func runNote(t *testing.T, cmd envelope.Command[string, note], args ...string) (exitcode.Code, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	code := cmd.Run(context.Background(), args, &buf)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))
	return code, decode(t, buf.Bytes())
}

func TestRunTakesRetryabilityFromTheDeclaration(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Timeout, "SYNC_TIMEOUT", "the sync server did not answer")
	})
	code, m := runNote(t, cmd, "a")
	assert.Equal(t, exitcode.Timeout, code)
	assert.Equal(t, false, m["error"].(map[string]any)["retryable"], "the command declares TIMEOUT not retryable; the table's yes does not apply")

	cmd.Execute = func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Timeout, "SYNC_TIMEOUT", "x").WithRetryable(true)
	}
	_, m = runNote(t, cmd, "a")
	assert.Equal(t, true, m["error"].(map[string]any)["retryable"], "an error's own retryability is the more specific signal")
}

func TestRunTakesTheDeclaredAction(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note a")
	})
	_, m := runNote(t, cmd, "a")
	assert.Equal(t, "List the notes with `notes list`, then ask for one that exists", m["error"].(map[string]any)["suggestion"])

	cmd.Execute = func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note a").WithSuggestion("try b")
	}
	_, m = runNote(t, cmd, "a")
	assert.Equal(t, "try b", m["error"].(map[string]any)["suggestion"], "the error's own suggestion wins")

	cmd.Validate = func(context.Context, []string, *envelope.Output) (string, error) {
		return "", exitcode.New(exitcode.ArgError, "NO_NAME", "no name")
	}
	_, m = runNote(t, cmd)
	assert.NotContains(t, m["error"], "suggestion", "the table's generic action is no suggestion")
}

func TestRunRefusesUndeclaredCodesInTestMode(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Code(75), "TEMPFAIL", "try later")
	})
	code, m := runNote(t, cmd, "a")
	assert.Equal(t, exitcode.GeneralError, code, "test mode: an undeclared code fails the run")
	e := m["error"].(map[string]any)
	assert.Equal(t, envelope.UndeclaredCode, e["code"])
	assert.Contains(t, e["message"], `command "notes get" ended with exit code 75`)
	assert.Equal(t, "execution", e["phase"])

	t.Setenv(exitcode.StrictEnv, "0")
	code, m = runNote(t, cmd, "a")
	assert.Equal(t, exitcode.Code(75), code, "outside test mode the code is kept")
	assert.Equal(t, "TEMPFAIL", m["error"].(map[string]any)["code"])
	assert.Contains(t, m["warnings"].([]any)[0], "which it does not declare")

	// Catch needs no separate registry: Main exits through the command's
	// own declarations.
	cmd.Validate = anyArgs
	quietStdout(t)
	_, exited, err := exitcode.Catch(nil, cmd.Main)
	assert.True(t, exited)
	var undeclared *exitcode.UndeclaredError
	require.ErrorAs(t, err, &undeclared)
	assert.Equal(t, "notes get", undeclared.Command)
}

func TestCatchChecksMainAgainstTheCommand(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Code(80), "BROKEN_LINKS", "2 links are broken")
	})
	cmd.Validate = anyArgs
	quietStdout(t)
	code, exited, err := exitcode.Catch(nil, cmd.Main)
	assert.True(t, exited)
	assert.NoError(t, err, "80 is declared")
	assert.Equal(t, exitcode.Code(80), code)
}

func TestRunRefusesABadDeclaration(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) { return note{"x"}, nil })
	cmd.Codes = append(cmd.Codes, exitcode.Entry{Code: exitcode.PartialFailure, Retryable: exitcode.RetryYes})
	code, m := runNote(t, cmd, "a")
	assert.Equal(t, exitcode.GeneralError, code)
	e := m["error"].(map[string]any)
	assert.Equal(t, envelope.DeclarationCode, e["code"])
	assert.Contains(t, e["detail"], "PARTIAL_FAILURE must not be retryable")
}

func TestRunSetsTypeAndSchemaVersion(t *testing.T) {
	cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) { return note{"x"}, nil })
	_, m := runNote(t, cmd, "a")
	meta := m["meta"].(map[string]any)
	assert.Equal(t, "note", meta["type"])
	assert.Equal(t, envelope.SchemaVersion, meta["schema_version"])

	cmd.Type = "note_v2"
	_, m = runNote(t, cmd, "a")
	assert.Equal(t, "note_v2", m["meta"].(map[string]any)["type"])

	_, m = runNote(t, cmd)
	meta = m["meta"].(map[string]any)
	assert.NotContains(t, meta, "type", "no type on failure: data is null")
	assert.Equal(t, envelope.SchemaVersion, meta["schema_version"], "schema_version on every envelope")
}

// anyArgs accepts the test binary's own arguments, which Main passes on.
func anyArgs(context.Context, []string, *envelope.Output) (string, error) { return "a", nil }

// quietStdout sends what Main writes to standard output to /dev/null.
func quietStdout(t *testing.T) {
	t.Helper()
	null, err := os.Create(os.DevNull)
	require.NoError(t, err)
	saved := os.Stdout
	os.Stdout = null
	t.Cleanup(func() { os.Stdout = saved; null.Close() })
}

type noteList []note
type HTTPStatus struct{}
type userID string

func TestResultTypeNames(t *testing.T) {
	cases := []struct {
		tag  string
		want string
	}{
		{envelope.Command[int, note]{}.ResultType(), "note"},
		{envelope.Command[int, []note]{}.ResultType(), "note_list"},
		{envelope.Command[int, noteList]{}.ResultType(), "note_list"},
		{envelope.Command[int, *HTTPStatus]{}.ResultType(), "http_status"},
		{envelope.Command[int, map[string]userID]{}.ResultType(), "user_id_map"},
		{envelope.Command[int, map[string]any]{}.ResultType(), ""},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, tc.tag)
	}
	_ = reflect.TypeOf
}
