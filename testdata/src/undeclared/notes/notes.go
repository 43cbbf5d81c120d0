// Package notes declares commands whose phases may end with codes their
// declarations do not list, beside commands that declare what they end
// with.
package notes

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"cases/undeclared/store"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

func locked(id string) bool { return id == "locked" }

// The example: CONFLICT from exitcode.New, TIMEOUT through fetch.
var restore = envelope.Command[string, store.Snapshot]{
	Name:  "restore",
	Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
	Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
		if len(args) != 1 {
			return "", exitcode.New(exitcode.ArgError, "ID_MISSING", "restore takes one id")
		}
		return args[0], nil
	},
	Execute: func(ctx context.Context, id string, _ *envelope.Output) (store.Snapshot, error) {
		if locked(id) {
			return store.Snapshot{}, exitcode.New(exitcode.Conflict, "REPO_LOCKED", "the repository is locked") // want `command "restore" may end with CONFLICT \(6\) through this return \(exitcode.New\), and its Codes do not declare it: an agent that read the command's exit codes in the manifest meets a code it was not told of, and in test mode the runner refuses it \(UNDECLARED_EXIT_CODE\); add \{Code: exitcode.Conflict\} to Codes`
		}
		if err := store.Load(id); err != nil {
			return store.Snapshot{}, err // NOT_FOUND: declared
		}
		s, err := store.Fetch(ctx, id)
		if err != nil {
			return store.Snapshot{}, err // want `command "restore" may end with TIMEOUT \(10\) through this return \(Fetch\), and its Codes do not declare it: .*add \{Code: exitcode.Timeout\} to Codes with SideEffects: exitcode.EffectsNone for a read-only or idempotent command, or Retryable: exitcode.RetryNo`
		}
		return s, nil
	},
}

// files classifies standard errors: a missing file is NOT_FOUND, which it
// declares; a permission error is not.
var files = envelope.Command[string, string]{
	Name: "cat",
	Codes: []exitcode.Entry{
		{Code: exitcode.ArgError},
		{Code: exitcode.NotFound},
	},
	Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
		return args[0], nil
	},
	Execute: func(ctx context.Context, name string, _ *envelope.Output) (string, error) {
		if name == "" {
			return "", fmt.Errorf("open: %w", fs.ErrNotExist)
		}
		if name == "/root" {
			return "", os.ErrPermission // want `command "cat" may end with PERMISSION_DENIED \(7\) through this return \(os.ErrPermission\)`
		}
		if name == "-" {
			return "", exitcode.New(exitcode.ArgError, "DASH", "no stdin") // want `command "cat" may end with PARTIAL_FAILURE \(2\) through this return \(the runner turns the ARG_ERROR Execute returns, exitcode.New, into PARTIAL_FAILURE: side effects may have occurred\)`
		}
		if name == "?" {
			return "", exitcode.New(exitcode.GeneralError, "UNKNOWN", "always declared")
		}
		return "", errors.New("plain: GENERAL_ERROR, always declared")
	},
}

// validateName is a named phase of this package: reported at its return.
func validateName(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
	if len(args) == 0 {
		return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "a name is needed") // want `command "rm" may end with ARG_ERROR \(3\) through this return \(exitcode.New\), and it declares no Codes`
	}
	return args[0], nil
}

var rm = envelope.Command[string, string]{
	Name:     "rm",
	Validate: validateName,
	Execute: func(ctx context.Context, name string, _ *envelope.Output) (string, error) {
		return name, nil
	},
}

// A phase of another package is reported at the phase, from its facts.
var lock = envelope.Command[string, string]{
	Name:  "lock",
	Codes: lockCodes,
	Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
		return args[0], nil
	},
	Execute: store.Lock, // want `command "lock" may end with CONFLICT \(6\) through store.Lock, the phase, \(exitcode.New\)`
}

var lockCodes = []exitcode.Entry{{Code: exitcode.NotFound}}

// Command-specific codes are declared with their name.
var check = envelope.Command[string, string]{
	Name: "check",
	Codes: []exitcode.Entry{
		{Code: 80, Name: "BROKEN_LINKS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone},
	},
	Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
		return "", nil
	},
	Execute: func(ctx context.Context, _ string, _ *envelope.Output) (string, error) {
		return "", exitcode.New(80, "BROKEN_LINKS", "3 broken links")
	},
}

// Codes that are computed cannot be read: nothing is reported.
var computed = envelope.Command[string, string]{
	Name:  "computed",
	Codes: codesFor("computed"),
	Execute: func(ctx context.Context, _ string, _ *envelope.Output) (string, error) {
		return "", exitcode.New(exitcode.Conflict, "X", "x")
	},
}

func codesFor(string) []exitcode.Entry { return nil }

func Main() {
	r := envelope.NewRegistry("notes")
	r.MustAdd(restore, files, rm, lock, check, computed)
	r.Main()
}
