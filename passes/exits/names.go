package exits

import (
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// meanings are the words by which a name says which of the contract's codes
// it means, as lower-case word sequences. A name means a code when one of
// the code's phrases appears in it as whole words: ExitNotFound and
// errNotFoundCode mean NOT_FOUND. Generic words of failure (error, failure,
// internal) mean GENERAL_ERROR only when no other phrase appears:
// ExitAuthError means AUTH_REQUIRED.
var meanings = []struct {
	code    exitcode.Code
	phrases []string
}{
	{exitcode.Success, []string{"ok", "success", "succeeded", "successful", "no error", "no errors", "noerror"}},
	{exitcode.PartialFailure, []string{"partial", "partially", "partial failure"}},
	{exitcode.ArgError, []string{"usage", "invalid", "bad args", "bad arg", "bad argument", "bad input", "args", "arg", "argument", "arguments", "param", "params", "parameter", "parameters", "flag", "flags", "validation", "invalid input"}},
	{exitcode.Precondition, []string{"precondition", "prerequisite", "config", "configuration", "not configured", "not initialized", "uninitialized", "not initialised", "dependency", "dependencies", "not installed", "requirement", "requirements"}},
	{exitcode.NotFound, []string{"not found", "notfound", "missing", "no such", "nonexistent", "not exist", "not exists", "does not exist"}},
	{exitcode.Conflict, []string{"conflict", "exists", "already exists", "duplicate"}},
	{exitcode.PermissionDenied, []string{"permission", "permissions", "forbidden", "denied", "access denied"}},
	{exitcode.AuthRequired, []string{"auth", "unauthenticated", "unauthorized", "authentication", "login", "not logged in", "unauthorised"}},
	{exitcode.PaymentRequired, []string{"payment", "billing", "subscription"}},
	{exitcode.Timeout, []string{"timeout", "timed out", "deadline"}},
	{exitcode.RateLimited, []string{"rate limit", "rate limited", "ratelimit", "ratelimited", "throttled", "too many requests"}},
	{exitcode.Unavailable, []string{"unavailable", "network", "offline", "unreachable"}},
	{exitcode.Redirected, []string{"redirect", "redirected", "moved"}},
}

// generic are the words that mean GENERAL_ERROR when nothing more specific
// is said.
var generic = []string{"error", "err", "failure", "fail", "failed", "general", "generic", "internal", "unknown", "other"}

// Meaning returns the contract code a name says it means, and false when
// it says none or more than one: NotFoundOK says two.
func Meaning(name string) (exitcode.Code, bool) {
	words := analyzerutil.Words(name)
	var found []exitcode.Code
	for _, m := range meanings {
		for _, p := range m.phrases {
			if containsWords(words, strings.Fields(p)) {
				if !slices.Contains(found, m.code) {
					found = append(found, m.code)
				}
				break
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], true
	case 0:
		for _, g := range generic {
			if slices.Contains(words, g) {
				return exitcode.GeneralError, true
			}
		}
	}
	var none exitcode.Code // no code: the second result says so
	return none, false
}

// containsWords reports whether phrase appears in words as a contiguous run.
func containsWords(words, phrase []string) bool {
	for i := 0; i+len(phrase) <= len(words); i++ {
		if slices.Equal(words[i:i+len(phrase)], phrase) {
			return true
		}
	}
	return false
}
