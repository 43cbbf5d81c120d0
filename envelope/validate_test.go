package envelope_test

import (
	"strings"
	"testing"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

const okDoc = `{"ok":true,"data":{"id":"x"},"error":null,"warnings":[],"meta":{"duration_ms":3}}`

func TestValidateAcceptsTheSeedExamples(t *testing.T) {
	examples := map[int]string{
		0:  `{"ok":true,"data":{"id":"deploy-42","status":"complete"},"error":null,"warnings":[],"meta":{"duration_ms":340,"request_id":"req_abc123"}}`,
		3:  `{"ok":false,"data":null,"error":{"code":"INVALID_ENVIRONMENT","message":"Unknown target environment 'prodution'","retryable":true,"phase":"validation","suggestion":"Valid environments: prod, staging, dev"},"warnings":[],"meta":{"duration_ms":5}}`,
		8:  `{"ok":false,"data":null,"error":{"code":"TOKEN_EXPIRED","message":"Access token has expired","retryable":true,"retry_after":0},"warnings":[],"meta":{"duration_ms":4}}`,
		13: `{"ok":false,"data":null,"error":{"code":"COMMAND_RENAMED","message":"'tool user create' was renamed in v2.0","retryable":true,"redirect":{"command":"tool users add --name alice","permanent":true,"reason":"renamed"}},"warnings":[],"meta":{"duration_ms":2}}`,
		11: `{"ok":false,"data":null,"error":{"code":"RATE_LIMIT_EXCEEDED","message":"API rate limit reached","retryable":true,"retry_after":30},"warnings":[],"meta":{"duration_ms":6}}`,
	}
	for exit, doc := range examples {
		conforms(t, []byte(doc), exit)
	}
	assert.Empty(t, envelope.Validate([]byte(`{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1.0,"not_modified":true,"x-ext":{"a":1}}}`), 0),
		"cache hit; 1.0 is an integer; extra meta allowed")
}

func TestValidateFindsEachViolation(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		exit int
		want string // substring of one violation
	}{
		{"not JSON", `{"ok":`, 0, "not valid JSON"},
		{"not an object", `[1]`, 0, "not an object"},
		{"missing key", `{"ok":true,"data":{},"error":null,"meta":{"duration_ms":1}}`, 0, "/warnings: missing"},
		{"extra key", strings.Replace(okDoc, `"ok":true`, `"ok":true,"type":"x"`, 1), 0, "/type: unknown key"},
		{"ok disagrees with exit", okDoc, 5, "/ok: is true but the exit status is 5"},
		{"ok false on exit 0", `{"ok":false,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 0, "/ok: is false"},
		{"ok not boolean", strings.Replace(okDoc, `"ok":true`, `"ok":"yes"`, 1), 0, "/ok: must be a boolean"},
		{"data a string", strings.Replace(okDoc, `{"id":"x"}`, `"x"`, 1), 0, "/data: must be an object, an array or null"},
		{"data on failure", `{"ok":false,"data":{},"error":{"code":"C","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 6, "/data: must be null on failure"},
		{"both null", `{"ok":true,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 0, "both null"},
		{"failure without error", `{"ok":false,"data":null,"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 5, "/error: is null but the exit status is 5"},
		{"error on success", `{"ok":true,"data":{},"error":{"code":"C","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 0, "/error: must be null on success"},
		{"error a string", `{"ok":false,"data":null,"error":"boom","warnings":[],"meta":{"duration_ms":1}}`, 1, "/error: must be an object or null"},
		{"error without message", `{"ok":false,"data":null,"error":{"code":"C"},"warnings":[],"meta":{"duration_ms":1}}`, 1, "/error/message: missing"},
		{"error code a number", `{"ok":false,"data":null,"error":{"code":5,"message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 5, "/error/code: must be a string"},
		{"unknown error key", `{"ok":false,"data":null,"error":{"code":"C","message":"m","hint":"h"},"warnings":[],"meta":{"duration_ms":1}}`, 1, "/error/hint: unknown key"},
		{"bad phase", `{"ok":false,"data":null,"error":{"code":"C","message":"m","phase":"setup"},"warnings":[],"meta":{"duration_ms":1}}`, 1, "/error/phase: must be validation"},
		{"fractional retry_after", `{"ok":false,"data":null,"error":{"code":"C","message":"m","retry_after":1.5},"warnings":[],"meta":{"duration_ms":1}}`, 11, "/error/retry_after: must be an integer"},
		{"negative retry_after", `{"ok":false,"data":null,"error":{"code":"C","message":"m","retry_after":-1},"warnings":[],"meta":{"duration_ms":1}}`, 11, "must not be negative"},
		{"redirect missing at 13", `{"ok":false,"data":null,"error":{"code":"C","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 13, "/error/redirect: missing"},
		{"redirect at 5", `{"ok":false,"data":null,"error":{"code":"C","message":"m","redirect":{"command":"x","permanent":true}},"warnings":[],"meta":{"duration_ms":1}}`, 5, "belongs to REDIRECTED"},
		{"redirect without permanent", `{"ok":false,"data":null,"error":{"code":"C","message":"m","redirect":{"command":"x"}},"warnings":[],"meta":{"duration_ms":1}}`, 13, "/error/redirect/permanent: missing"},
		{"redirect reason", `{"ok":false,"data":null,"error":{"code":"C","message":"m","redirect":{"command":"x","permanent":true,"reason":"moved"}},"warnings":[],"meta":{"duration_ms":1}}`, 13, "/error/redirect/reason"},
		{"redirect not object", `{"ok":false,"data":null,"error":{"code":"C","message":"m","redirect":"x"},"warnings":[],"meta":{"duration_ms":1}}`, 13, "/error/redirect: must be an object"},
		{"warnings null", strings.Replace(okDoc, `"warnings":[]`, `"warnings":null`, 1), 0, "/warnings: must be an array"},
		{"warning not a string", strings.Replace(okDoc, `"warnings":[]`, `"warnings":["a",2]`, 1), 0, "/warnings/1: must be a string"},
		{"meta not object", strings.Replace(okDoc, `{"duration_ms":3}`, `[]`, 1), 0, "/meta: must be an object"},
		{"duration missing", strings.Replace(okDoc, `{"duration_ms":3}`, `{}`, 1), 0, "/meta/duration_ms: missing"},
		{"duration string", strings.Replace(okDoc, `"duration_ms":3`, `"duration_ms":"3"`, 1), 0, "/meta/duration_ms: must be a number"},
		{"schema_version", strings.Replace(okDoc, `"duration_ms":3`, `"duration_ms":3,"schema_version":"1"`, 1), 0, "/meta/schema_version"},
		{"truncated not bool", strings.Replace(okDoc, `"duration_ms":3`, `"duration_ms":3,"truncated":"yes"`, 1), 0, "/meta/truncated: must be a boolean"},
		{"not_modified with data", strings.Replace(okDoc, `"duration_ms":3`, `"duration_ms":3,"not_modified":true`, 1), 0, "/data: must be null when meta.not_modified"},
		{"not_modified on failure", `{"ok":false,"data":null,"error":{"code":"C","message":"m"},"warnings":[],"meta":{"duration_ms":1,"not_modified":true}}`, 5, "/meta/not_modified"},
		{"reserved exit status", okDoc, 130, "shell-reserved"},
		{"AUTH_REQUIRED without a TOKEN_* code", `{"ok":false,"data":null,"error":{"code":"UNAUTHORIZED","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 8, "/error/code: AUTH_REQUIRED (8) says why with TOKEN_EXPIRED, TOKEN_INVALID or TOKEN_MISSING"},
		{"a TOKEN_* code at another exit", `{"ok":false,"data":null,"error":{"code":"TOKEN_INVALID","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 7, "/error/code: TOKEN_INVALID belongs to AUTH_REQUIRED (8)"},
		{"TOKEN_EXPIRED not retryable", `{"ok":false,"data":null,"error":{"code":"TOKEN_EXPIRED","message":"m","retryable":false},"warnings":[],"meta":{"duration_ms":1}}`, 8, "/error/retryable: TOKEN_EXPIRED is retryable"},
		{"retryable TIMEOUT's retry_after", `{"ok":false,"data":null,"error":{"code":"T","message":"m","retry_after":5},"warnings":[],"meta":{"duration_ms":1}}`, 10, "TIMEOUT (10) is not retryable"},
		{"duplicate top-level key", `{"ok":true,"ok":false,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 0, "/ok: duplicate key"},
		{"duplicate error key", `{"ok":false,"data":null,"error":{"code":"A","code":"B","message":"m"},"warnings":[],"meta":{"duration_ms":1}}`, 1, "/error/code: duplicate key"},
		{"duplicate key in data", `{"ok":true,"data":[{"a/b":1},{"x":{"y":1,"y":2}}],"error":null,"warnings":[],"meta":{"duration_ms":1}}`, 0, "/data/1/x/y: duplicate key"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var msgs []string
			for _, v := range envelope.Validate([]byte(tc.doc), tc.exit) {
				msgs = append(msgs, v.String())
			}
			assert.NotEmpty(t, msgs)
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
}

// TestValidateAgainstTheDeclarations: given the command's declarations,
// Validate checks the exit code is declared and the error's retryability
// against the declared entry, which takes precedence over the table.
func TestValidateAgainstTheDeclarations(t *testing.T) {
	decl := exitcode.MustDeclare("get",
		exitcode.Entry{Code: exitcode.NotFound},
		exitcode.Entry{Code: exitcode.Precondition, Retryable: exitcode.RetryYes},
		exitcode.Entry{Code: exitcode.RateLimited, Retryable: exitcode.RetryNo})
	failure := func(code, extra string) string {
		return `{"ok":false,"data":null,"error":{"code":"` + code + `","message":"m"` + extra + `},"warnings":[],"meta":{"duration_ms":1}}`
	}
	cases := []struct {
		name string
		doc  string
		exit int
		want string // "" for none
	}{
		{"declared, retryable as declared", failure("NOTE_NOT_FOUND", `,"retryable":false`), 5, ""},
		{"NOT_FOUND retryable", failure("NOTE_NOT_FOUND", `,"retryable":true`), 5, "/error/retryable: true, but command \"get\" declares NOT_FOUND (5) not retryable"},
		{"a narrower retryable is the more specific signal", failure("LOCKED", `,"retryable":false`), 4, ""},
		{"retry_after where the declaration says yes", failure("LOCKED", `,"retry_after":3`), 4, ""},
		{"retry_after where the declaration says no", failure("SLOW_DOWN", `,"retry_after":3`), 11, "/error/retry_after: present, but command \"get\" declares RATE_LIMITED (11) not retryable"},
		{"an undeclared code", failure("CONFLICT", ""), 6, "exit status 6 (CONFLICT) is not among the codes command \"get\" declares"},
		{"GENERAL_ERROR is always declared", failure("BOOM", ""), 1, ""},
		{"success", okDoc, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var msgs []string
			for _, v := range envelope.Validate([]byte(tc.doc), tc.exit, decl) {
				msgs = append(msgs, v.String())
			}
			if tc.want == "" {
				assert.Empty(t, msgs)
				return
			}
			assert.Contains(t, strings.Join(msgs, "\n"), tc.want)
		})
	}
	// Without the declarations the table decides: NOT_FOUND retryable true
	// may be a command's declaration, RATE_LIMITED's retry_after is fine.
	assert.Empty(t, envelope.Validate([]byte(failure("NOTE_NOT_FOUND", `,"retryable":true`)), 5))
	assert.Empty(t, envelope.Validate([]byte(failure("SLOW_DOWN", `,"retry_after":3`)), 11))
}

func FuzzValidate(f *testing.F) {
	f.Add([]byte(okDoc), 0)
	f.Add([]byte(`{"ok":false,"data":null,"error":{"code":"C","message":"m","retry_after":1e400,"redirect":{"command":"x","permanent":true}},"warnings":[],"meta":{"duration_ms":1}}`), 13)
	f.Add([]byte(`{"meta":{"duration_ms":-0.0e-999999999}}`), -1)
	f.Add([]byte(`null`), 300)
	f.Add([]byte(`{"ok":true,"ok":1,"data":{"a":{"b":[{"c":1,"c":2}]}},"error":null,"warnings":[],"meta":{"duration_ms":1}}`), 0)
	f.Add([]byte(`{"ok":false,"data":null,"error":{"code":"TOKEN_EXPIRED","message":"m","retryable":false,"retry_after":0},"warnings":[],"meta":{"duration_ms":1}}`), 8)
	decl := exitcode.MustDeclare("fuzz", exitcode.Entry{Code: exitcode.NotFound}, exitcode.Entry{Code: exitcode.Timeout, Retryable: exitcode.RetryNo})
	f.Fuzz(func(t *testing.T, doc []byte, exit int) {
		_ = envelope.Validate(doc, exit)       // must not panic
		_ = envelope.Validate(doc, exit, decl) // with declarations either
	})
}
