package exits

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// meanings are the words by which a name says which of the contract's codes
// it means, as lower-case word sequences. A name means a code when one of
// the code's phrases appears in it as whole words: ExitNotFound and
// errNotFoundCode mean NOT_FOUND, whatever else the name says
// (ExitVendorNotFound). Success and the generic words of failure are weak
// (see Meaning).
var meanings = []struct {
	code    exitcode.Code
	phrases []string
}{
	{exitcode.PartialFailure, []string{"partial", "partially", "partial failure"}},
	{exitcode.ArgError, []string{"usage", "invalid", "bad args", "bad arg", "bad argument", "bad input", "args", "arg", "argument", "arguments", "param", "params", "parameter", "parameters", "flag", "flags", "validation", "invalid input"}},
	{exitcode.Precondition, []string{"precondition", "prerequisite", "config", "configuration", "not configured", "not initialized", "uninitialized", "not initialised", "dependency", "dependencies", "not installed", "requirement", "requirements", "read only", "readonly", "locked", "not ready", "unsafe"}},
	{exitcode.NotFound, []string{"not found", "notfound", "missing", "no such", "nonexistent", "not exist", "not exists", "does not exist"}},
	{exitcode.Conflict, []string{"conflict", "exists", "already exists"}},
	{exitcode.PermissionDenied, []string{"permission", "permissions", "forbidden", "denied", "access denied"}},
	{exitcode.AuthRequired, []string{"auth", "unauthenticated", "unauthorized", "authentication", "login", "not logged in", "unauthorised", "credential", "credentials", "invalid credentials", "bad credentials"}},
	{exitcode.PaymentRequired, []string{"payment", "billing", "subscription", "credit", "credits", "insufficient credits", "no credits"}},
	{exitcode.Timeout, []string{"timeout", "timed out", "deadline"}},
	{exitcode.RateLimited, []string{"rate limit", "rate limited", "ratelimit", "ratelimited", "throttled", "too many requests"}},
	{exitcode.Unavailable, []string{"unavailable", "network", "offline", "unreachable"}},
	{exitcode.Redirected, []string{"redirect", "redirected", "moved"}},
}

// success are the phrases that mean SUCCESS, and generic the words of
// failure that mean GENERAL_ERROR: weak words, which say what a name means
// only when nothing else does (ExitOK, ExitError, ExitInternalError). In a
// longer name they are what every code is (ExitFileError is an error about
// files, exitCodeCompileErr a query that does not compile,
// ExitStatusSuccessProblemFound a success of a kind), and reading them as
// GENERAL_ERROR or SUCCESS would steer a specific code to the last resort.
var (
	success = []string{"ok", "success", "succeeded", "successful", "no error", "no errors", "noerror"}
	generic = []string{"error", "errors", "err", "failure", "fail", "failed", "general", "generic", "internal", "unknown", "other"}
)

// ambiguous are words that name conditions of more than one code, so that
// a name with one of them says none with confidence: a duplicate is a
// repeated entry in an argument (sops' DuplicateDecryptionKeyType, a
// repeated key type in --decryption-order: ARG_ERROR), an entity that
// exists already (CONFLICT), or the risk that a retry delivers twice
// (tantu's sendExitDuplicateRisk, an unknown outcome). A finding that
// advised one of them would tell an agent to resolve a conflict where it
// should fix its input.
var ambiguous = []string{"duplicate", "duplicates", "duplicated", "dup", "dupe"}

// tokens are the words of a token, which is a credential (cc-clip's
// TokenInvalid = 12, the bearer token its tunnel refuses: AUTH_REQUIRED,
// whose error codes are TOKEN_INVALID, TOKEN_EXPIRED, TOKEN_MISSING) or
// something the caller types (beads' --destroy-token, a confirmation
// token: ARG_ERROR). The words beside it say what the token is not
// (invalid, missing), not which of the two it is, so a name with a token
// says no code unless it also says auth (ExitAuthTokenExpired).
var tokens = []string{"token", "tokens"}

// filler are the words a name of an exit code is made with that say
// nothing of which code: ExitCodeUsage means what Usage means.
var filler = []string{"exit", "exits", "code", "codes", "status", "statuses", "rc", "ret", "return", "result"}

// SaysNothing reports whether a name of an exit code is made only of the
// filler words and digits (Exit3, ExitCode2): it names no outcome.
func SaysNothing(name string) bool {
	for _, w := range analyzerutil.Words(name) {
		if !slices.Contains(filler, w) && strings.Trim(w, "0123456789") != "" {
			return false
		}
	}
	return true
}

// Meaning returns the contract code a name says it means, and false when
// it says none or more than one: NotFoundOK says two, ExitFileError none
// (a specific-sounding name with a weak word), ExitCancel none (no code of
// the contract is a cancellation).
func Meaning(name string) (exitcode.Code, bool) {
	var words []string
	for _, w := range analyzerutil.Words(name) {
		if len(w) > 1 && !slices.Contains(filler, w) {
			words = append(words, w) // a one-letter prefix (SNoError's S) says nothing either
		}
	}
	if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(ambiguous, w) }) {
		var none exitcode.Code
		return none, false
	}
	if slices.ContainsFunc(words, func(w string) bool { return slices.Contains(tokens, w) }) && !saysAuth(words) {
		var none exitcode.Code
		return none, false
	}
	// Every place a phrase of a code appears; one inside a longer phrase
	// of another code says nothing of its own (ExitInvalidCredentials is
	// AUTH_REQUIRED, not the ARG_ERROR of its "invalid"; ExitNotExists
	// NOT_FOUND, not the CONFLICT of its "exists").
	type match struct {
		code     exitcode.Code
		from, to int
	}
	var matches []match
	for _, m := range meanings {
		for _, p := range m.phrases {
			phrase := strings.Fields(p)
			for i := 0; i+len(phrase) <= len(words); i++ {
				if slices.Equal(words[i:i+len(phrase)], phrase) {
					matches = append(matches, match{m.code, i, i + len(phrase)})
				}
			}
		}
	}
	var found []exitcode.Code
	for _, m := range matches {
		inside := slices.ContainsFunc(matches, func(n match) bool {
			return n.code != m.code && n.from <= m.from && m.to <= n.to && n.to-n.from > m.to-m.from
		})
		if !inside && !slices.Contains(found, m.code) {
			found = append(found, m.code)
		}
	}
	hasSuccess := false
	for _, p := range success {
		hasSuccess = hasSuccess || containsWords(words, strings.Fields(p))
	}
	switch {
	case len(found) == 1 && !hasSuccess: // NotFoundOK says two things
		return found[0], true
	case len(found) > 1 || len(words) == 0:
	case coveredBy(words, success):
		return exitcode.Success, true
	case coveredBy(words, generic):
		return exitcode.GeneralError, true
	}
	var none exitcode.Code // no code: the second result says so
	return none, false
}

// saysAuth reports whether words hold a phrase of AUTH_REQUIRED.
func saysAuth(words []string) bool {
	for _, m := range meanings {
		if m.code != exitcode.AuthRequired {
			continue
		}
		for _, p := range m.phrases {
			if containsWords(words, strings.Fields(p)) {
				return true
			}
		}
	}
	return false
}

// coveredBy reports whether words are made, each of them, of the phrases.
func coveredBy(words, phrases []string) bool {
	for i := 0; i < len(words); {
		n := 0
		for _, p := range phrases {
			pw := strings.Fields(p)
			if i+len(pw) <= len(words) && slices.Equal(words[i:i+len(pw)], pw) && len(pw) > n {
				n = len(pw)
			}
		}
		if n == 0 {
			return false
		}
		i += n
	}
	return true
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

// Kinds returns the one-word string constants among a composite literal's
// elements other than e (keyed or not): the kinds a program pairs with a
// code in one record, cliError{exit: 5, code: "not_found"}. Prose (a
// string with a space) is no kind.
func Kinds(info *types.Info, lit *ast.CompositeLit, e ast.Expr) []string {
	var out []string
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		if el == e {
			continue
		}
		tv, ok := info.Types[el]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			continue
		}
		if k := constant.StringVal(tv.Value); k != "" && !strings.ContainsAny(k, " \t\n") {
			out = append(out, k)
		}
	}
	return out
}

// KindSays reports whether one of kinds means the contract's failure code
// n (2–13) by its words: "not_found" says NOT_FOUND, "idempotency-conflict"
// CONFLICT.
func KindSays(kinds []string, n int64) bool {
	if n < int64(exitcode.PartialFailure) || n > int64(exitcode.Redirected) {
		return false
	}
	for _, k := range kinds {
		if c, ok := Meaning(strings.ReplaceAll(k, "-", "_")); ok && int64(c) == n {
			return true
		}
	}
	return false
}
