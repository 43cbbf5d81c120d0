package exits_test

import (
	"testing"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/passes/exits"
)

func TestMeaning(t *testing.T) {
	for name, want := range map[string]exitcode.Code{
		"ExitNotFound":            exitcode.NotFound,
		"ExitVendorNotFound":      exitcode.NotFound,
		"exitUsage":               exitcode.ArgError,
		"ExitInvalidArguments":    exitcode.ArgError,
		"EXIT_AUTH":               exitcode.AuthRequired,
		"exitAuth":                exitcode.AuthRequired,
		"AuthRequired":            exitcode.AuthRequired,
		"ExitAuthError":           exitcode.AuthRequired, // the generic word yields to the specific one
		"Forbidden":               exitcode.PermissionDenied,
		"ExitRateLimit":           exitcode.RateLimited,
		"ExitTimeout":             exitcode.Timeout,
		"Unavailable":             exitcode.Unavailable,
		"ExitNetwork":             exitcode.Unavailable,
		"Conflict":                exitcode.Conflict,
		"ExitAlreadyExists":       exitcode.Conflict,
		"Partial":                 exitcode.PartialFailure,
		"ExitPrecondition":        exitcode.Precondition,
		"NotConfigured":           exitcode.Precondition,
		"ExitRedirected":          exitcode.Redirected,
		"ExitPaymentRequired":     exitcode.PaymentRequired,
		"ExitOK":                  exitcode.Success,
		"exitError":               exitcode.GeneralError,
		"ExitInternalError":       exitcode.GeneralError,
		"ExitNotFoundError":       exitcode.NotFound,
		"errNotFoundCode":         exitcode.NotFound,
		"ExitCodeTooManyRequests": exitcode.RateLimited,
		"ExitDependency":          exitcode.Precondition, // a missing dependency is a precondition
		"ExitNotInstalled":        exitcode.Precondition,
		"SNoError":                exitcode.Success, // "no error" is success, not the generic word
		"SInvalidParameters":      exitcode.ArgError,
		"ExitReadOnly":            exitcode.Precondition, // a read-only policy blocks the write until resolved
		"ExitCodeLocked":          exitcode.Precondition,
		"ExitInternalErr":         exitcode.GeneralError, // nothing but weak words
		"ExitSuccess":             exitcode.Success,
		// A refusal to go on with an unsafe action until the caller
		// resolves it (--force, --yes, a clean tree): a precondition.
		"ExitUnsafe":        exitcode.Precondition,
		"exitUnsafeBlocked": exitcode.Precondition,
		"ExitUnsafeRefused": exitcode.Precondition,
		"ExitUnreachable":   exitcode.Unavailable, // in an exit table, a host or peer that cannot be reached
		"ErrAlreadyExists":  exitcode.Conflict,    // the weak word yields
		"ExitBadFlag":       exitcode.ArgError,
		// A token the name calls an auth token is a credential.
		"ExitAuthTokenExpired": exitcode.AuthRequired,
		// Credentials the service refuses: the caller must log in again,
		// whatever is invalid about them (putio-sync's
		// exitCodeInvalidCredentials, the ARG_ERROR of its "invalid" inside
		// a longer phrase).
		"exitCodeInvalidCredentials": exitcode.AuthRequired,
		"ExitBadCredentials":         exitcode.AuthRequired,
		// An account without credits to spend (thinktank, seo-cli, ark-cli).
		"ExitCodeInsufficientCredits": exitcode.PaymentRequired,
		"exitNoCredits":               exitcode.PaymentRequired,
		// A phrase inside a longer one of another code yields.
		"ExitNotExists": exitcode.NotFound,
	} {
		got, ok := exits.Meaning(name)
		if !ok || got != want {
			t.Errorf("Meaning(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	// Names that say no code, or more than one.
	for _, name := range []string{
		"NotFoundOK",        // two meanings
		"ExitCodeNames",     // a list of names, no code
		"ExitCancel",        // cancellation is no code of the contract
		"ExitPending",       // nor is a pending state
		"ExitInvalidConfig", // invalid input, or a precondition: two
		"MountPoint",
		"Authority", // not the word auth
		// A weak word in a longer name says nothing alone: these are errors
		// and successes of a kind, not the catch-all nor SUCCESS.
		"ExitFileError",
		"exitCodeCompileErr",
		"ExitServerError",
		"ExitStatusSuccessProblemFound",
		"SInitializationError",
		"TransientError",
		"CLIError", // an acronym and the weak word: no code, never GENERAL_ERROR
		// Duplicate names several conditions: a repeated entry in an
		// argument (ARG_ERROR), an entity that exists (CONFLICT), the risk
		// that a retry delivers twice.
		"DuplicateDecryptionKeyType",
		"sendExitDuplicateRisk",
		"ExitDuplicate",
		"Unsafety", // not the word unsafe
		// A token is a credential or something the caller types: the
		// words beside it do not say which.
		"TokenInvalid",
		"ExitDestroyTokenMissing",
		"ExitInvalidToken",
		"x",
		"",
	} {
		if got, ok := exits.Meaning(name); ok {
			t.Errorf("Meaning(%q) = %v, want none", name, got)
		}
	}
}

func TestSaysNothing(t *testing.T) {
	for name, want := range map[string]bool{
		"Exit3":                   true,
		"EXIT_CODE_2":             true,
		"exitStatus":              true,
		"FailedUpdate":            false,
		"CouldNotWriteOutputFile": false,
		"ExitUsage":               false,
		"Exit3Retry":              false,
	} {
		if got := exits.SaysNothing(name); got != want {
			t.Errorf("SaysNothing(%q) = %v, want %v", name, got, want)
		}
	}
}
