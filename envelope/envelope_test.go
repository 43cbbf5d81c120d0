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
