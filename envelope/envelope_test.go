package envelope_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// conforms asserts that encoded passes Validate for the exit status. (The
// runtimetest module checks envelopes against the published JSON Schema too;
// this module's tests use the standard library only.)
func conforms(t *testing.T, encoded []byte, exit int) {
	t.Helper()
	assert.Empty(t, envelope.Validate(encoded, exit), "Validate: %s", encoded)
}

type deploy struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

var start = time.Now().Add(-340 * time.Millisecond)

func encode(t *testing.T, env interface{ MarshalJSON() ([]byte, error) }) []byte {
	t.Helper()
	b, err := json.Marshal(env)
	require.NoError(t, err)
	return b
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

func TestSuccessPath(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, deploy{"deploy-42", "complete"}, nil,
		envelope.WithMeta(envelope.Meta{RequestID: "req_abc123", SchemaVersion: "1.0"}))
	require.NoError(t, err)
	assert.True(t, env.OK())
	b := encode(t, env)
	conforms(t, b, 0)

	m := decode(t, b)
	assert.Equal(t, true, m["ok"])
	assert.Equal(t, map[string]any{"id": "deploy-42", "status": "complete"}, m["data"])
	assert.Nil(t, m["error"])
	assert.Equal(t, []any{}, m["warnings"], "warnings is [] never null")
	meta := m["meta"].(map[string]any)
	assert.GreaterOrEqual(t, meta["duration_ms"].(float64), 340.0, "duration measured from start")
	assert.Equal(t, "req_abc123", meta["request_id"])
	assert.Equal(t, []string{"ok", "data", "error", "warnings", "meta"}, keyOrder(t, b))
}

// keyOrder returns the top-level keys in the order they were written.
func keyOrder(t *testing.T, b []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	_, err := dec.Token()
	require.NoError(t, err)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

func TestFailurePath(t *testing.T) {
	cause := errors.New("unknown environment 'prodution'")
	e := exitcode.New(exitcode.ArgError, "INVALID_ENVIRONMENT", "Unknown target environment 'prodution'").
		WithPhase(exitcode.PhaseValidation).WithSuggestion("Valid environments: prod, staging, dev").Wrap(cause)
	env, err := envelope.New(start, exitcode.ArgError, deploy{}, e)
	require.NoError(t, err)
	assert.False(t, env.OK())
	b := encode(t, env)
	conforms(t, b, 3)

	m := decode(t, b)
	assert.Equal(t, false, m["ok"])
	assert.Nil(t, m["data"])
	assert.Equal(t, map[string]any{
		"code": "INVALID_ENVIRONMENT", "message": "Unknown target environment 'prodution'",
		"detail": "unknown environment 'prodution'", "retryable": true, "phase": "validation",
		"suggestion": "Valid environments: prod, staging, dev",
	}, m["error"])
}

func TestFailureFromAPlainError(t *testing.T) {
	err := fmt.Errorf("read config: %w", fs.ErrNotExist)
	env, buildErr := envelope.New(start, exitcode.FromError(err), []string(nil), err)
	require.NoError(t, buildErr)
	b := encode(t, env)
	conforms(t, b, 5)
	assert.Equal(t, map[string]any{"code": "NOT_FOUND", "message": "read config: file does not exist", "retryable": false}, decode(t, b)["error"])
}

func TestRetryAfterAndDependsRetryability(t *testing.T) {
	env, err := envelope.New(start, exitcode.RateLimited, deploy{}, exitcode.New(exitcode.RateLimited, "RATE_LIMIT_EXCEEDED", "API rate limit reached").WithRetryAfter(29500*time.Millisecond))
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 11)
	assert.Equal(t, 30.0, decode(t, b)["error"].(map[string]any)["retry_after"], "rounded up to whole seconds")

	env, err = envelope.New(start, exitcode.GeneralError, deploy{}, errors.New("x"))
	require.NoError(t, err)
	b = encode(t, env)
	conforms(t, b, 1)
	assert.NotContains(t, decode(t, b)["error"], "retryable", "GENERAL_ERROR's retryability depends: left to the exit code")
}

func TestTruncationPath(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, []deploy{{"a", "ok"}}, nil,
		envelope.WithMeta(envelope.Meta{Truncated: true, Cursor: "page-2", Extra: map[string]any{"page_size": 1}}),
		envelope.WithWarnings("output capped at 1 item"))
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 0)
	m := decode(t, b)
	assert.Equal(t, map[string]any{"duration_ms": m["meta"].(map[string]any)["duration_ms"], "truncated": true, "cursor": "page-2", "page_size": 1.0}, m["meta"])
	assert.Equal(t, []any{"output capped at 1 item"}, m["warnings"])
}

func TestCacheHitPath(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, (*deploy)(nil), nil, envelope.WithMeta(envelope.Meta{NotModified: true}))
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 0)
	m := decode(t, b)
	assert.Nil(t, m["data"])
	assert.Nil(t, m["error"])
	assert.Equal(t, true, m["meta"].(map[string]any)["not_modified"])
}

func TestRedirectedPath(t *testing.T) {
	e := exitcode.New(exitcode.Redirected, "COMMAND_RENAMED", "'tool user create' was renamed in v2.0").
		WithRedirect("tool users add --name alice", true, exitcode.ReasonRenamed)
	env, err := envelope.New(start, exitcode.Redirected, deploy{}, e)
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 13)
	assert.Equal(t, map[string]any{"command": "tool users add --name alice", "permanent": true, "reason": "renamed"},
		decode(t, b)["error"].(map[string]any)["redirect"])
}

func TestEmptyResultsAreResults(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, []deploy(nil), nil)
	require.NoError(t, err)
	b := encode(t, env)
	conforms(t, b, 0)
	assert.Equal(t, []any{}, decode(t, b)["data"])

	envm, err := envelope.New(start, exitcode.Success, map[string]int(nil), nil)
	require.NoError(t, err)
	conforms(t, encode(t, envm), 0)
}

func TestContradictions(t *testing.T) {
	redirect := exitcode.New(exitcode.Redirected, "MOVED", "moved").WithRedirect("new", false, exitcode.ReasonUnstated)
	cases := []struct {
		name   string
		build  func() (*envelope.Envelope[*deploy], error)
		reason string
	}{
		{"non-zero code without an error", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.NotFound, nil, nil)
		}, "without an error"},
		{"error on success", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Success, &deploy{}, errors.New("x"))
		}, "SUCCESS with an error"},
		{"success without data", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Success, nil, nil)
		}, "success without data"},
		{"data on failure", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Conflict, &deploy{ID: "x"}, exitcode.New(exitcode.Conflict, "C", "c"))
		}, "data on failure"},
		{"REDIRECTED without a redirect", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Redirected, nil, exitcode.New(exitcode.Redirected, "R", "r"))
		}, "REDIRECTED without a redirect"},
		{"redirect on another code", func() (*envelope.Envelope[*deploy], error) {
			e := exitcode.New(exitcode.NotFound, "N", "n").WithRedirect("x", true, exitcode.ReasonRenamed)
			return envelope.New[*deploy](start, exitcode.NotFound, nil, e)
		}, "only meaningful with REDIRECTED"},
		{"redirect without command", func() (*envelope.Envelope[*deploy], error) {
			e := exitcode.New(exitcode.Redirected, "R", "r").WithRedirect("", true, exitcode.ReasonRenamed)
			return envelope.New[*deploy](start, exitcode.Redirected, nil, e)
		}, "without a command"},
		{"unknown redirect reason", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Redirected, nil, redirect.WithRedirect("x", true, "moved"))
		}, "redirect reason"},
		{"error code differs from exit code", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.PartialFailure, nil, exitcode.New(exitcode.ArgError, "A", "a"))
		}, "the error says ARG_ERROR but the exit code is PARTIAL_FAILURE"},
		{"shell-reserved code", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Code(130), nil, errors.New("x"))
		}, "shell-reserved"},
		{"framework-reserved code", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Code(20), nil, errors.New("x"))
		}, "framework-reserved"},
		{"not_modified on failure", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.NotFound, nil, errors.New("x"), envelope.WithMeta(envelope.Meta{NotModified: true}))
		}, "not_modified on a failure"},
		{"data with not_modified", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Success, &deploy{}, nil, envelope.WithMeta(envelope.Meta{NotModified: true}))
		}, "data on a not_modified"},
		{"zero start", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(time.Time{}, exitcode.Success, &deploy{}, nil)
		}, "no start time"},
		{"bad schema version", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Success, &deploy{}, nil, envelope.WithMeta(envelope.Meta{SchemaVersion: "v1"}))
		}, "not MAJOR.MINOR"},
		{"extra meta shadows a field", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Success, &deploy{}, nil, envelope.WithMeta(envelope.Meta{Extra: map[string]any{"duration_ms": 1}}))
		}, "repeats a field"},
		{"bad phase", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.Conflict, nil, exitcode.New(exitcode.Conflict, "C", "c").WithPhase("teardown"))
		}, "phase \"teardown\""},
		{"retry_after on a non-retryable error", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.NotFound, nil, exitcode.New(exitcode.NotFound, "N", "n").WithRetryAfter(time.Second))
		}, "not retryable"},
		{"AUTH_REQUIRED without a TOKEN_* code", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.AuthRequired, nil, exitcode.New(exitcode.AuthRequired, "UNAUTHORIZED", "no"))
		}, "AUTH_REQUIRED with error.code \"UNAUTHORIZED\""},
		{"AUTH_REQUIRED from a plain error", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.AuthRequired, nil, errors.New("401"))
		}, "TOKEN_EXPIRED, TOKEN_INVALID or TOKEN_MISSING"},
		{"a TOKEN_* code at another exit code", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.PermissionDenied, nil, exitcode.New(exitcode.PermissionDenied, "TOKEN_EXPIRED", "x"))
		}, "TOKEN_EXPIRED belongs to AUTH_REQUIRED"},
		{"TOKEN_EXPIRED not retryable", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.AuthRequired, nil, exitcode.TokenExpired("expired").WithRetryable(false))
		}, "TOKEN_EXPIRED is retryable"},
		{"a type tag that is no tag", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New(start, exitcode.Success, &deploy{}, nil, envelope.WithMeta(envelope.Meta{Type: "Not A Tag!"}))
		}, "meta.type \"Not A Tag!\""},
		{"negative retry_after", func() (*envelope.Envelope[*deploy], error) {
			return envelope.New[*deploy](start, exitcode.RateLimited, nil, exitcode.New(exitcode.RateLimited, "R", "r").WithRetryAfter(-time.Second))
		}, "negative retry_after"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, err := tc.build()
			var bad *envelope.ContradictionError
			require.ErrorAs(t, err, &bad)
			assert.Contains(t, bad.Reason, tc.reason)

			require.NotNil(t, env, "a contradiction still yields an envelope to write")
			assert.Equal(t, exitcode.GeneralError, env.Code())
			b := encode(t, env)
			conforms(t, b, 1)
			e := decode(t, b)["error"].(map[string]any)
			assert.Equal(t, envelope.ContradictionCode, e["code"])
			assert.Contains(t, e["message"], tc.reason, "the envelope says why")
		})
	}
}

func TestDataMustBeObjectOrArray(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, "just a string", nil)
	var bad *envelope.ContradictionError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Reason, "object or array")
	conforms(t, encode(t, env), 1)

	_, err = envelope.New(start, exitcode.Success, map[string]any{"f": func() {}}, nil)
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Reason, "does not encode")
}

func TestZeroEnvelopeRefusesToEncode(t *testing.T) {
	var env envelope.Envelope[deploy]
	_, err := json.Marshal(env)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "build envelopes with envelope.New")
	_, err = json.Marshal(&env)
	require.Error(t, err)
	assert.False(t, env.OK())
	assert.Error(t, env.Encode(&bytes.Buffer{}))
}

func TestEncodeWritesOneLine(t *testing.T) {
	env, err := envelope.New(start, exitcode.Success, deploy{"d", "ok"}, nil, envelope.WithWarnings("w1"))
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, env.Encode(&buf))
	assert.Equal(t, 1, strings.Count(buf.String(), "\n"))
	assert.True(t, strings.HasSuffix(buf.String(), "}\n"))
	assert.Equal(t, []string{"w1"}, env.Warnings())
	assert.Equal(t, deploy{"d", "ok"}, env.Data())
}

func TestSchemaVersions(t *testing.T) {
	start := time.Now()
	for v, valid := range map[string]bool{
		"1.0": true, "2.13": true, "10.0": true,
		"v1": false, "1": false, "1.": false, ".1": false, "1.2.3": false, "1.x": false, "١.٢": false,
	} {
		_, err := envelope.New(start, exitcode.Success, &deploy{}, nil, envelope.WithMeta(envelope.Meta{SchemaVersion: v}))
		if valid {
			assert.NoError(t, err, v)
		} else {
			assert.ErrorContains(t, err, "MAJOR.MINOR", v)
		}
	}
}

// TestTokenHelpersBuildValidEnvelopes: the three reasons of AUTH_REQUIRED
// are the error.code values New accepts there, TOKEN_EXPIRED retryable at
// once.
func TestTokenHelpersBuildValidEnvelopes(t *testing.T) {
	for _, e := range []*exitcode.Error{exitcode.TokenExpired("expired"), exitcode.TokenInvalid("revoked"), exitcode.TokenMissing("none")} {
		env, err := envelope.New[*deploy](start, exitcode.AuthRequired, nil, e)
		require.NoError(t, err, e.Code)
		b := encode(t, env)
		conforms(t, b, 8)
		got := decode(t, b)["error"].(map[string]any)
		assert.Equal(t, e.Code, got["code"])
		assert.Equal(t, e.Code == exitcode.TokenExpiredCode, got["retryable"], e.Code)
	}
}

// TestWrappedErrorKeepsItsContext: an *exitcode.Error wrapped with
// fmt.Errorf keeps the wrapping's words in error.message and error.detail.
func TestWrappedErrorKeepsItsContext(t *testing.T) {
	cause := fmt.Errorf("open /etc/tool.yml: %w", fs.ErrNotExist)
	e := exitcode.New(exitcode.NotFound, "CONFIG_MISSING", "no config at /etc/tool.yml").Wrap(cause)
	err := fmt.Errorf("loading config: %w", e)
	env, buildErr := envelope.New[*deploy](start, exitcode.NotFound, nil, err)
	require.NoError(t, buildErr)
	b := encode(t, env)
	conforms(t, b, 5)
	got := decode(t, b)["error"].(map[string]any)
	assert.Equal(t, "CONFIG_MISSING", got["code"])
	assert.Equal(t, "loading config: no config at /etc/tool.yml", got["message"])
	assert.Equal(t, "loading config: no config at /etc/tool.yml: open /etc/tool.yml: file does not exist", got["detail"])

	// A detail the error states is kept; the message still has the context.
	err = fmt.Errorf("loading config: %w", e.WithDetail("searched /etc and ~/.config"))
	env, _ = envelope.New[*deploy](start, exitcode.NotFound, nil, err)
	got = decode(t, encode(t, env))["error"].(map[string]any)
	assert.Equal(t, "loading config: no config at /etc/tool.yml", got["message"])
	assert.Equal(t, "searched /etc and ~/.config", got["detail"])
}

// TestJoinedErrorsAreAllReported: errors.Join's first error gives the code,
// and none of the others is dropped: the message names them all, the
// detail lists each with its code, and a warning says when their exit codes
// differ.
func TestJoinedErrorsAreAllReported(t *testing.T) {
	a := exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "there is no note a")
	b := exitcode.New(exitcode.Conflict, "NOTE_LOCKED", "note b is locked")
	err := errors.Join(a, b)
	env, buildErr := envelope.New[*deploy](start, exitcode.FromError(err), nil, err)
	require.NoError(t, buildErr)
	raw := encode(t, env)
	conforms(t, raw, 5)
	m := decode(t, raw)
	got := m["error"].(map[string]any)
	assert.Equal(t, "NOTE_NOT_FOUND", got["code"])
	assert.Equal(t, "there is no note a; note b is locked", got["message"])
	assert.Contains(t, got["detail"], "NOTE_NOT_FOUND (5 NOT_FOUND): there is no note a")
	assert.Contains(t, got["detail"], "NOTE_LOCKED (6 CONFLICT): note b is locked")
	require.Len(t, m["warnings"], 1)
	assert.Contains(t, m["warnings"].([]any)[0], "5 NOT_FOUND and 6 CONFLICT")

	// Joined errors of one code need no warning.
	err = errors.Join(a, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "there is no note c"))
	env, _ = envelope.New[*deploy](start, exitcode.NotFound, nil, err)
	m = decode(t, encode(t, env))
	assert.Empty(t, m["warnings"])
	assert.Equal(t, "there is no note a; there is no note c", m["error"].(map[string]any)["message"])
}
