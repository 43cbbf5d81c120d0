package exitcode_test

import (
	"testing"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

func TestTokenHelpers(t *testing.T) {
	cases := []struct {
		err       *exitcode.Error
		code      string
		retryable bool
	}{
		{exitcode.TokenExpired("expired"), exitcode.TokenExpiredCode, true},
		{exitcode.TokenInvalid("revoked"), exitcode.TokenInvalidCode, false},
		{exitcode.TokenMissing("none"), exitcode.TokenMissingCode, false},
	}
	for _, tc := range cases {
		assert.Equal(t, exitcode.AuthRequired, tc.err.ExitCode)
		assert.Equal(t, tc.code, tc.err.Code)
		assert.True(t, exitcode.IsTokenCode(tc.err.Code))
		r, known := tc.err.IsRetryable()
		assert.True(t, known, tc.code)
		assert.Equal(t, tc.retryable, r, tc.code)
		assert.NotEmpty(t, tc.err.Suggestion, tc.code)
	}
	expired := exitcode.TokenExpired("expired")
	require.NotNil(t, expired.RetryAfter)
	assert.Equal(t, time.Duration(0), *expired.RetryAfter, "retry at once after the refresh")
	assert.False(t, exitcode.IsTokenCode("UNAUTHORIZED"))
}
