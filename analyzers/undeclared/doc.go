// Package undeclared defines an Analyzer that reports exit codes a command
// may end with that its declaration does not list.
//
// # Analyzer undeclared
//
// undeclared: report an exit code a command may end with that its Codes declaration does not list
//
// An agent that meets an unknown code "consults that command's exit_codes
// declaration from the manifest", and the contract asks for "a runtime
// check in dev/test mode … [that] asserts the code matches the command's
// declared set". exitlint's runner does that check, but only on the paths
// a test happens to run; in production a command ends with the undeclared
// code and a warning, and the manifest the agent read was wrong. This
// check holds every path of the code.
//
// # What it flags
//
// For each `envelope.Command` literal whose `Codes` are constant entries
// (a literal, or a variable assigned one literal), the codes its
// `Validate` and `Execute` phases may end with that `Codes` does not list:
//
//   - an `*exitcode.Error` built by `exitcode.New` (and its `With…`
//     copies) or as a composite literal, returned directly, through a local
//     variable, wrapped with `%w` or `errors.Join`;
//   - an error returned by a function of the program that may return one,
//     in this package or another (the [errcodes] pass's facts);
//   - a standard error the runner's `exitcode.FromError` classifies:
//     `fs.ErrNotExist` is NOT_FOUND, `fs.ErrPermission` PERMISSION_DENIED,
//     `fs.ErrExist` CONFLICT, `context.DeadlineExceeded` TIMEOUT,
//     `exec.ErrNotFound` PRECONDITION;
//   - ARG_ERROR returned by `Execute`, which the runner turns into
//     PARTIAL_FAILURE (side effects may have occurred): PARTIAL_FAILURE
//     must then be declared.
//
// It reports at the return statement that brings the code, in a phase
// written as a function literal or as a function of the package; for a
// phase that is another package's function, at the phase's value. The
// message names the code, how it gets there and the declaration.
//
// SUCCESS and GENERAL_ERROR are always declared (the runner adds them), and
// a command bound with `cobraenv.Bind` declares ARG_ERROR too, since the
// adapter answers bad flags and arguments with it. A command the package
// hands elsewhere (returned, stored, passed to a function of the program)
// may be bound elsewhere: ARG_ERROR counts as declared for it.
//
// # Not flagged
//
// Codes the declaration lists; commands whose `Codes` are computed
// (`codesFor(name)`, `append(common, …)`); an error that a standard
// function returns (`os.ReadFile`'s), which the check does not follow;
// codes inside another function literal than the phase; types of the
// program's own that merely have fields named `Codes` and `Execute`; test
// files; generated files.
//
// # Example
//
// Flagged:
//
//	var restore = envelope.Command[string, Snapshot]{
//		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
//		Execute: func(ctx context.Context, id string, _ *envelope.Output) (Snapshot, error) {
//			if locked(id) {
//				return Snapshot{}, exitcode.New(exitcode.Conflict, "REPO_LOCKED", "…")
//				// command "restore" may end with CONFLICT (6) through this return … add {Code: exitcode.Conflict} to Codes
//			}
//			s, err := fetch(ctx, id)
//			if err != nil {
//				return Snapshot{}, err // … may end with TIMEOUT (10) through this return (fetch) …
//			}
//			return s, nil
//		},
//	}
//
// Good:
//
//	Codes: []exitcode.Entry{
//		{Code: exitcode.ArgError}, {Code: exitcode.NotFound}, {Code: exitcode.Conflict},
//		{Code: exitcode.Timeout, SideEffects: exitcode.EffectsNone}, // read-only: retryable
//	},
//
// # Fix
//
// Declare the code in `Codes`, or end with one the command declares. The
// suggested fix adds `{Code: exitcode.X}` when that entry alone is a valid
// declaration: a table code whose defaults keep the contract's invariants.
// TIMEOUT's table row (retryable, partial side effects) breaks one, so it
// is declared with `SideEffects: exitcode.EffectsNone` (a read-only
// command) or `Retryable: exitcode.RetryNo`; a command-specific code
// (79–125) with its name, retryability and side effects.
//
// # Flags
//
// None.
//
// [errcodes]: https://github.com/exitlint/exitlint/blob/main/docs/checks/errcodes.md
package undeclared
