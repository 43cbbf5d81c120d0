package envelope_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// testCodes declares every code the runner tests end with.
var testCodes = []exitcode.Entry{
	{Code: exitcode.PartialFailure}, {Code: exitcode.ArgError}, {Code: exitcode.NotFound},
	{Code: exitcode.Conflict}, {Code: exitcode.AuthRequired}, {Code: exitcode.Redirected},
}

type result struct {
	Written int `json:"written"`
}

// runCmd runs cmd and checks that what it wrote conforms to the contract for
// the code it returned.
func runCmd(t *testing.T, cmd envelope.Command[string, result], args ...string) (exitcode.Code, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	code := cmd.Run(context.Background(), args, &buf)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))
	return code, decode(t, buf.Bytes())
}

func validateName(_ context.Context, args []string, _ *envelope.Output) (string, error) {
	if len(args) != 1 {
		return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "want exactly one name")
	}
	return args[0], nil
}

func TestRunSuccess(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Name:     "write",
		Validate: validateName,
		Execute: func(_ context.Context, in string, out *envelope.Output) (result, error) {
			out.Warn("flag --%s is deprecated", "fast")
			out.Meta().RequestID = "req-1"
			return result{Written: len(in)}, nil
		},
	}
	code, m := runCmd(t, cmd, "abc")
	assert.Equal(t, exitcode.Success, code)
	assert.Equal(t, map[string]any{"written": 3.0}, m["data"])
	assert.Equal(t, []any{"flag --fast is deprecated"}, m["warnings"])
	assert.Equal(t, "req-1", m["meta"].(map[string]any)["request_id"])
}

func TestRunValidationErrorIsArgError(t *testing.T) {
	executed := false
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			executed = true
			return result{}, nil
		},
	}
	code, m := runCmd(t, cmd)
	assert.Equal(t, exitcode.ArgError, code)
	assert.False(t, executed, "execute never runs after a failed validation")
	assert.Equal(t, map[string]any{"code": "NAME_MISSING", "message": "want exactly one name", "phase": "validation", "retryable": true}, m["error"])
}

func TestRunValidationKeepsSpecificCodes(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes: testCodes,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) {
			return "", fmt.Errorf("open input: %w", fs.ErrNotExist)
		},
		Execute: func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
	}
	code, m := runCmd(t, cmd)
	assert.Equal(t, exitcode.NotFound, code)
	assert.Equal(t, "validation", m["error"].(map[string]any)["phase"])

	cmd.Validate = func(context.Context, []string, *envelope.Output) (string, error) {
		return "", exitcode.New(exitcode.AuthRequired, "TOKEN_MISSING", "no token").WithPhase(exitcode.PhaseExecution)
	}
	code, m = runCmd(t, cmd)
	assert.Equal(t, exitcode.AuthRequired, code)
	assert.Equal(t, "validation", m["error"].(map[string]any)["phase"], "the runner knows the phase better than the error")
}

func TestRunArgErrorInExecutionBecomesPartialFailure(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			return result{Written: 1}, exitcode.New(exitcode.ArgError, "BAD_ROW", "row 7 is malformed").WithRetryAfter(0)
		},
	}
	code, m := runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.PartialFailure, code)
	e := m["error"].(map[string]any)
	assert.Equal(t, "BAD_ROW", e["code"])
	assert.Equal(t, "execution", e["phase"])
	assert.Equal(t, false, e["retryable"])
	assert.Nil(t, m["data"], "data on failure is null even when Execute returned some")
	require.Len(t, m["warnings"], 1)
	assert.Contains(t, m["warnings"].([]any)[0], "reported as PARTIAL_FAILURE")
}

func TestRunExecutionErrors(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			return result{}, errors.New("disk on fire")
		},
	}
	code, m := runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.GeneralError, code, "outside validation a plain error is the last resort")
	assert.Equal(t, "execution", m["error"].(map[string]any)["phase"])

	cmd.Execute = func(context.Context, string, *envelope.Output) (result, error) {
		return result{}, exitcode.New(exitcode.Conflict, "EXISTS", "exists").WithPhase(exitcode.PhaseCleanup)
	}
	code, m = runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.Conflict, code)
	assert.Equal(t, "cleanup", m["error"].(map[string]any)["phase"], "a stated phase is kept")
}

func TestRunRecoversPanics(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute:  func(context.Context, string, *envelope.Output) (result, error) { panic("nil map") },
	}
	code, m := runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.GeneralError, code)
	e := m["error"].(map[string]any)
	assert.Equal(t, envelope.PanicCode, e["code"])
	assert.True(t, strings.HasPrefix(e["detail"].(string), "nil map\n\ngoroutine "), "test mode: the value, then the stack: %s", e["detail"])
	assert.Contains(t, e["detail"], "TestRunRecoversPanics", "the stack is the panicking goroutine's")
	assert.Equal(t, "execution", e["phase"])

	cmd.Validate = func(context.Context, []string, *envelope.Output) (string, error) { panic("bad") }
	code, m = runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.GeneralError, code, "a panic is no argument error")
	assert.Equal(t, "validation", m["error"].(map[string]any)["phase"])
}

func TestRunContradictionIsReported(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			return result{}, exitcode.New(exitcode.Redirected, "MOVED", "moved") // no redirect
		},
	}
	code, m := runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.GeneralError, code)
	assert.Equal(t, envelope.ContradictionCode, m["error"].(map[string]any)["code"])
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

func TestRunWriteFailure(t *testing.T) {
	cmd := envelope.Command[string, result]{
		Codes:    testCodes,
		Validate: validateName,
		Execute:  func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
	}
	assert.Equal(t, exitcode.GeneralError, cmd.Run(context.Background(), []string{"x"}, failingWriter{}))
}

// TestMainExitsThroughExit runs Main under exitcode.Catch: the runner ends
// the process through exitcode.Exit with the envelope's code, and the code is
// one the command declared.
func TestMainExitsThroughExit(t *testing.T) {
	declared := exitcode.MustDeclare("write", exitcode.Entry{Code: exitcode.ArgError})
	cmd := envelope.Command[string, result]{
		Codes: testCodes,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) {
			return "", exitcode.New(exitcode.ArgError, "NO", "no")
		},
		Execute: func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
	}
	quietStdout(t)
	code, exited, err := exitcode.Catch(declared, cmd.Main)
	require.NoError(t, err)
	assert.True(t, exited)
	assert.Equal(t, exitcode.ArgError, code)
}

// greeting is the data of the example command.
type greeting struct {
	Message string `json:"message"`
}

// Example shows a whole command: flags parsed and checked in Validate,
// the work done in Execute, and one envelope written. A real program's main
// is just greet.Main(), which writes to standard output and exits through
// exitcode.Exit.
func Example() {
	greet := envelope.Command[string, greeting]{
		Name:  "greet",
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			fs := flag.NewFlagSet("greet", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			name := fs.String("name", "", "who to greet")
			if err := fs.Parse(args); err != nil {
				return "", exitcode.New(exitcode.ArgError, "BAD_FLAG", err.Error())
			}
			if *name == "" {
				return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "--name is required").
					WithSuggestion("pass --name NAME")
			}
			return *name, nil
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (greeting, error) {
			return greeting{Message: "hello, " + name}, nil
		},
	}

	for _, args := range [][]string{{"--name", "ada"}, {}} {
		var stdout bytes.Buffer
		code := greet.Run(context.Background(), args, &stdout)
		fmt.Printf("exit %d (%s): %s\n", int(code), code, withoutDuration(stdout.String()))
	}
	// Output:
	// exit 0 (SUCCESS): {"ok":true,"data":{"message":"hello, ada"},"error":null,"warnings":[],"meta":{…}}
	// exit 3 (ARG_ERROR): {"ok":false,"data":null,"error":{"code":"NAME_MISSING","message":"--name is required","retryable":true,"phase":"validation","suggestion":"pass --name NAME"},"warnings":[],"meta":{…}}
}

// withoutDuration elides meta, whose duration_ms varies from run to run.
func withoutDuration(s string) string {
	var raw map[string]json.RawMessage
	if json.Unmarshal([]byte(s), &raw) != nil {
		return s
	}
	i := strings.Index(s, `"meta":`)
	return s[:i] + `"meta":{…}}`
}

// TestRunKeepsWrappedAndJoinedErrors: the runner reports a wrapped
// *exitcode.Error with the wrapping's words and the phase, and every error of
// a join.
func TestRunKeepsWrappedAndJoinedErrors(t *testing.T) {
	notFound := exitcode.New(exitcode.NotFound, "CONFIG_MISSING", "no config at /etc/tool.yml")
	cmd := envelope.Command[string, result]{
		Codes: testCodes,
		Validate: func(context.Context, []string, *envelope.Output) (string, error) {
			return "", fmt.Errorf("loading config: %w", notFound)
		},
		Execute: func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
	}
	code, m := runCmd(t, cmd)
	assert.Equal(t, exitcode.NotFound, code)
	e := m["error"].(map[string]any)
	assert.Equal(t, "loading config: no config at /etc/tool.yml", e["message"])
	assert.Equal(t, "validation", e["phase"])

	cmd.Validate = validateName
	cmd.Execute = func(context.Context, string, *envelope.Output) (result, error) {
		return result{}, errors.Join(notFound, exitcode.New(exitcode.Conflict, "LOCKED", "the store is locked"))
	}
	code, m = runCmd(t, cmd, "x")
	assert.Equal(t, exitcode.NotFound, code)
	e = m["error"].(map[string]any)
	assert.Equal(t, "no config at /etc/tool.yml; the store is locked", e["message"])
	assert.Equal(t, "execution", e["phase"])
	assert.Contains(t, e["detail"], "LOCKED (6 CONFLICT): the store is locked")
	assert.Len(t, m["warnings"], 1)
}
