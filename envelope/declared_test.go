package envelope_test

import (
	"bytes"
	"context"
	"fmt"
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

	// An error may narrow the declaration (retryable false where the
	// command says yes), never widen it: retryable true where the command
	// declares the code not retryable is not written; a warning says why.
	cmd.Execute = func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Timeout, "SYNC_TIMEOUT", "x").WithRetryable(true)
	}
	_, m = runNote(t, cmd, "a")
	assert.Equal(t, false, m["error"].(map[string]any)["retryable"], "the declaration wins over a wider claim")
	require.Len(t, m["warnings"], 1)
	assert.Contains(t, m["warnings"].([]any)[0], `command "notes get" declares TIMEOUT (10) not retryable`)

	cmd.Codes = append(cmd.Codes, exitcode.Entry{Code: exitcode.Conflict, Retryable: exitcode.RetryDepends})
	cmd.Execute = func(context.Context, string, *envelope.Output) (note, error) {
		return note{}, exitcode.New(exitcode.Conflict, "LOCKED", "x")
	}
	_, m = runNote(t, cmd, "a")
	assert.NotContains(t, m["error"], "retryable", "declared depends: left out, though the table says no")
}

// TestEveryCommandDeclaresTimeout: any run can be cut short (a signal, a
// deadline), so a command whose Codes leave TIMEOUT out declares it with
// retryability depends and side effects unknown, and the runner says, from
// the phase, whether the call can be made again: validation changed
// nothing, execution may have.
func TestEveryCommandDeclaresTimeout(t *testing.T) {
	cmd := envelope.Command[string, note]{
		Name:     "notes get",
		Validate: validateName,
		Execute: func(context.Context, string, *envelope.Output) (note, error) {
			return note{}, fmt.Errorf("fetching: %w", context.DeadlineExceeded)
		},
	}
	d, err := cmd.Declarations()
	require.NoError(t, err)
	e, ok := d.Lookup(exitcode.Timeout)
	require.True(t, ok, "TIMEOUT is declared")
	assert.Equal(t, exitcode.RetryDepends, e.Retryable)
	assert.Equal(t, exitcode.EffectsUnknown, e.SideEffects)

	code, m := runNote(t, cmd, "a")
	assert.Equal(t, exitcode.Timeout, code)
	assert.Equal(t, false, m["error"].(map[string]any)["retryable"], "cut short while executing: not retryable (the pairing Declare refuses is never written)")
	assert.Equal(t, "execution", m["error"].(map[string]any)["phase"])

	cmd.Validate = func(context.Context, []string, *envelope.Output) (string, error) {
		return "", context.DeadlineExceeded
	}
	code, m = runNote(t, cmd, "a")
	assert.Equal(t, exitcode.Timeout, code)
	assert.Equal(t, true, m["error"].(map[string]any)["retryable"], "cut short while validating: nothing changed")

	t.Setenv(exitcode.StrictEnv, "0")
	_, m = runNote(t, cmd, "a")
	assert.Equal(t, true, m["error"].(map[string]any)["retryable"], "the same outside test mode")
	assert.Empty(t, m["warnings"], "TIMEOUT is declared")
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
		return note{}, exitcode.New(exitcode.PermissionDenied, "READ_ONLY", "the store is read-only")
	})
	code, m := runNote(t, cmd, "a")
	assert.Equal(t, exitcode.GeneralError, code, "test mode: an undeclared code fails the run")
	e := m["error"].(map[string]any)
	assert.Equal(t, envelope.UndeclaredCode, e["code"])
	assert.Contains(t, e["message"], `command "notes get" ended with exit code 7 (PERMISSION_DENIED)`)
	assert.Equal(t, "execution", e["phase"])

	// Outside test mode a table code is kept: an agent that finds no
	// declaration for it falls back to the table's row (seed 001).
	t.Setenv(exitcode.StrictEnv, "0")
	code, m = runNote(t, cmd, "a")
	assert.Equal(t, exitcode.PermissionDenied, code, "outside test mode a table code is kept")
	assert.Equal(t, "READ_ONLY", m["error"].(map[string]any)["code"])
	assert.Equal(t, false, m["error"].(map[string]any)["retryable"], "the table's row")
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

// TestRunRefusesCodesNoCommandDeclares: a code outside the table that the
// command cannot have declared (POSIX sysexits and the reserved ranges,
// which Declare refuses) or did not declare (a command-specific code, which
// means nothing without its declaration) is GENERAL_ERROR
// UNDECLARED_EXIT_CODE in test mode and out of it, and no warning names a
// code the process does not exit with.
func TestRunRefusesCodesNoCommandDeclares(t *testing.T) {
	t.Setenv(exitcode.StrictEnv, "0")
	for _, tc := range []struct {
		code exitcode.Code
		why  string
	}{
		{75, "75 (POSIX sysexits 64–78)"},
		{14, "14 (framework-reserved 14–63)"},
		{130, "130 (shell-reserved 126–255)"},
		{90, "90 (command-specific 79–125)"},
	} {
		cmd := notesGet(func(context.Context, string, *envelope.Output) (note, error) {
			return note{}, exitcode.New(tc.code, "ODD", "an odd code")
		})
		code, m := runNote(t, cmd, "a")
		assert.Equal(t, exitcode.GeneralError, code, "%d", tc.code)
		e := m["error"].(map[string]any)
		assert.Equal(t, envelope.UndeclaredCode, e["code"], "%d", tc.code)
		assert.Contains(t, e["message"], tc.why)
		assert.Contains(t, e["detail"], "ODD: an odd code")
		for _, w := range m["warnings"].([]any) {
			assert.NotContains(t, w, "ended with exit code", "no warning about a code the process does not exit with")
		}
	}
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
