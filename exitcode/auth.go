package exitcode

import "time"

// The error.code values of AUTH_REQUIRED (8). The exit code does not say why
// authentication failed; error.code does, and an agent acts on it: it
// refreshes an expired token and retries at once, and acquires credentials
// for an invalid or missing one. An AUTH_REQUIRED error carries one of
// these three codes, and no other exit code carries them (the envelope
// package refuses anything else).
const (
	TokenExpiredCode = "TOKEN_EXPIRED" // a valid token past its expiry: refresh it and retry at once
	TokenInvalidCode = "TOKEN_INVALID" // a malformed or revoked token: acquire new credentials
	TokenMissingCode = "TOKEN_MISSING" // no credentials given: acquire credentials
)

// IsTokenCode reports whether code is one of the three error.code values of
// AUTH_REQUIRED.
func IsTokenCode(code string) bool {
	return code == TokenExpiredCode || code == TokenInvalidCode || code == TokenMissingCode
}

// TokenExpired returns the AUTH_REQUIRED error of a valid token past its
// expiry: retryable, with a retry_after of zero, since the agent refreshes
// the token and retries the call at once.
func TokenExpired(message string) *Error {
	return New(AuthRequired, TokenExpiredCode, message).WithRetryable(true).WithRetryAfter(time.Duration(0)).
		WithSuggestion("refresh the access token, then retry the call once")
}

// TokenInvalid returns the AUTH_REQUIRED error of a malformed or revoked
// token: not retryable as it is, since the same token will be refused again.
func TokenInvalid(message string) *Error {
	return New(AuthRequired, TokenInvalidCode, message).WithRetryable(false).
		WithSuggestion("acquire new credentials; the same token will be refused again")
}

// TokenMissing returns the AUTH_REQUIRED error of a call that gave no
// credentials: not retryable as it is.
func TokenMissing(message string) *Error {
	return New(AuthRequired, TokenMissingCode, message).WithRetryable(false).
		WithSuggestion("acquire credentials and pass them, then retry")
}
