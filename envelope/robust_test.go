package envelope_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// check returns a nil *exitcode.Error on success; passed on as an error it
// is a non-nil interface around a nil pointer.
func check(n int) *exitcode.Error {
	if n < 0 {
		return exitcode.New(exitcode.ArgError, "NEGATIVE", "n is negative")
	}
	return nil
}

func TestNewWithTypedNilError(t *testing.T) {
	var err error = check(1)
	assert.NotPanics(t, func() {
		env, buildErr := envelope.New(start, exitcode.FromError(err), result{}, err)
		assert.Error(t, buildErr, "a nil *exitcode.Error is no reason to report")
		b := encode(t, env)
		conforms(t, b, int(env.Code()))
		assert.Equal(t, exitcode.GeneralError, env.Code())
		assert.Contains(t, string(b), "nil *exitcode.Error")
	})
}

func TestRunWithTypedNilError(t *testing.T) {
	executed := false
	cmd := envelope.Command[string, result]{
		Codes: testCodes,
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			var err error = check(len(args))
			return "", err
		},
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			executed = true
			return result{}, nil
		},
	}
	assert.NotPanics(t, func() {
		code, m := runCmd(t, cmd, "x")
		assert.Equal(t, exitcode.GeneralError, code)
		assert.False(t, executed, "no execution after validation returned an error, even a nil *exitcode.Error")
		e := m["error"].(map[string]any)
		assert.Equal(t, exitcode.NilErrorCode, e["code"])
		assert.Equal(t, "validation", e["phase"])
	})

	cmd.Validate = validateName
	cmd.Execute = func(context.Context, string, *envelope.Output) (result, error) {
		var err error = check(1)
		return result{Written: 1}, err
	}
	assert.NotPanics(t, func() {
		code, m := runCmd(t, cmd, "x")
		assert.Equal(t, exitcode.GeneralError, code)
		assert.Equal(t, "execution", m["error"].(map[string]any)["phase"])
	})
}

func TestRunUnclassifiedValidationErrorIsNoArgError(t *testing.T) {
	for _, err := range []error{errors.New("notes/corrupt.json: invalid character '}'"), context.Canceled} {
		cmd := envelope.Command[string, result]{
			Codes:    testCodes,
			Validate: func(context.Context, []string, *envelope.Output) (string, error) { return "", err },
			Execute:  func(context.Context, string, *envelope.Output) (result, error) { return result{}, nil },
		}
		code, m := runCmd(t, cmd, "x")
		assert.Equal(t, exitcode.GeneralError, code, "%v: only the command knows an input error; a plain error is not one", err)
		e := m["error"].(map[string]any)
		assert.Equal(t, "validation", e["phase"], "the phase still promises no side effects")
		assert.NotContains(t, e, "retryable", "GENERAL_ERROR's retryability depends")
	}
}

func TestPartialFailureIsNeverRetryable(t *testing.T) {
	_, err := envelope.New(start, exitcode.PartialFailure, result{},
		exitcode.New(exitcode.PartialFailure, "HALF", "half written").WithRetryable(true))
	var bad *envelope.ContradictionError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Reason, "PARTIAL_FAILURE is never retryable")

	pf := `{"ok":false,"data":null,"error":{"code":"HALF","message":"m","retryable":true},"warnings":[],"meta":{"duration_ms":1}}`
	assert.Contains(t, violations(pf, 2), "/error/retryable: PARTIAL_FAILURE (2) is never retryable")
	notRetryable := `{"ok":false,"data":null,"error":{"code":"X","message":"m","retryable":false,"retry_after":5},"warnings":[],"meta":{"duration_ms":1}}`
	assert.Contains(t, violations(notRetryable, 12), "/error/retry_after: present with retryable false")
	tableNo := `{"ok":false,"data":null,"error":{"code":"X","message":"m","retry_after":5},"warnings":[],"meta":{"duration_ms":1}}`
	assert.Contains(t, violations(tableNo, 5), "/error/retry_after: present, but NOT_FOUND (5) is not retryable")
	assert.Empty(t, envelope.Validate([]byte(tableNo), 11), "RATE_LIMITED with retry_after and retryable left to the exit code")
}

func violations(doc string, exit int) string {
	var out []string
	for _, v := range envelope.Validate([]byte(doc), exit) {
		out = append(out, v.String())
	}
	return strings.Join(out, "\n")
}

func TestRetryAfterZeroIsWritten(t *testing.T) {
	env, err := envelope.New(start, exitcode.AuthRequired, result{},
		exitcode.New(exitcode.AuthRequired, "TOKEN_EXPIRED", "Access token has expired").WithRetryAfter(0))
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 8)
	e := decode(t, b)["error"].(map[string]any)
	assert.Equal(t, 0.0, e["retry_after"], "seed 000's TOKEN_EXPIRED example: retry_after 0")
	assert.Equal(t, true, e["retryable"])

	env, err = envelope.New(start, exitcode.RateLimited, result{},
		exitcode.New(exitcode.RateLimited, "RATE_LIMIT_EXCEEDED", "slow down").WithRetryAfter(1500*time.Millisecond))
	require.NoError(t, err)
	assert.Equal(t, 2.0, decode(t, encode(t, env))["error"].(map[string]any)["retry_after"], "rounded up to whole seconds")
}

func TestNoHTMLEscaping(t *testing.T) {
	env, err := envelope.New(start, exitcode.Conflict, result{},
		exitcode.New(exitcode.Conflict, "EXISTS", "a -> b exists").WithDetail("<notes/a & b>"))
	require.NoError(t, err)
	var failed bytes.Buffer
	require.NoError(t, env.Encode(&failed))
	assert.Contains(t, failed.String(), `"message":"a -> b exists"`)
	assert.Contains(t, failed.String(), `"detail":"<notes/a & b>"`)

	type note struct {
		Title string `json:"title"`
	}
	ok, err := envelope.New(start, exitcode.Success, note{Title: "x > y & z"}, nil,
		envelope.WithMeta(envelope.Meta{Extra: map[string]any{"hint": "<b>"}}))
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, ok.Encode(&buf))
	assert.Contains(t, buf.String(), `"title":"x > y & z"`)
	assert.Contains(t, buf.String(), `"hint":"<b>"`)
}

func TestContradictionMessageNamesTheCode(t *testing.T) {
	_, err := envelope.New(start, exitcode.Code(20), result{}, errors.New("x"))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "a exitcode.Code(20)")
	assert.Contains(t, err.Error(), "exit code 20 (framework-reserved 14–63)")
	_, err = envelope.New(start, exitcode.Redirected, result{}, errors.New("x"))
	assert.Contains(t, err.Error(), "exit code 13 (REDIRECTED)")
}

// panicky is data whose encoding panics, outside either phase.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("encoder bug") }

func TestRunRecoversPanicsOutsideThePhases(t *testing.T) {
	cmd := envelope.Command[string, panicky]{
		Codes:    testCodes,
		Validate: validateName,
		Execute:  func(context.Context, string, *envelope.Output) (panicky, error) { return panicky{}, nil },
	}
	var buf bytes.Buffer
	var code exitcode.Code
	assert.NotPanics(t, func() { code = cmd.Run(context.Background(), []string{"x"}, &buf) })
	assert.Equal(t, exitcode.GeneralError, code)
	conforms(t, bytes.TrimSpace(buf.Bytes()), int(code))
	e := decode(t, buf.Bytes())["error"].(map[string]any)
	assert.Equal(t, envelope.PanicCode, e["code"])
	assert.True(t, strings.HasPrefix(e["detail"].(string), "encoder bug\n\ngoroutine "), "%s", e["detail"])
}
