// Package derivedok defines an Analyzer that reports an envelope's ok field
// set by hand.
//
// # Analyzer derivedok
//
// derivedok: report an envelope's ok set by hand instead of derived from the exit code
//
// In the contract, `ok` is derived from the exit code: true exactly when the
// code is SUCCESS (0), never set by command logic. An envelope that says
// `"ok": true` beside exit code 5 sends an agent down the wrong path
// whichever of the two it trusts.
//
// # What it flags
//
// Everywhere, the factory's own package included:
//
//   - an assignment to an envelope's `ok` field: `resp.OK = false`,
//     `resp.OK, err = check()`;
//   - a composite literal of an envelope type that gives `ok` a value not
//     computed from an exit code: `Response{OK: true}`,
//     `Response{OK: err == nil}`, `Response{OK: ok}` where `ok` is a
//     parameter;
//   - the ok of a map or anonymous struct literal the program writes as its
//     envelope (the [contract] pass says which: `{"ok": true, "data": v}`
//     written through a helper, `{"ok": true, "version": v}` beside it),
//     whether or not the program declares an envelope type.
//
// The `ok` field is the one the envelope's JSON calls `ok`, or `success`
// where a program spells it so, or `status` where its values are `"ok"`,
// `"success"` and `"error"` (`SuccessResponse{Status: "success", Data: d}`,
// `{"status": "error", "error": reason}`): a status is derived when it is
// computed from the exit code (`statusOf(code)`), as an ok is. A struct
// or map with an ok but neither data nor error is an envelope in a program
// whose whole envelope spells its ok the same way: a doctor report
// `{ok, config}` whose ok is set false and the run exits 0 beside an error
// envelope `{ok, error}`. A value counts as derived when it is true
// exactly when the code is SUCCESS: `code == exitcode.Success` (either way
// round) or `!(code != exitcode.Success)`; `&&` and `||` of derived values;
// any other use of a value of the exit-code enum's type (exitlint's
// `exitcode.Code` or your `//exitlint:enum` type) that is no comparison,
// such as `code.IsSuccess()` or `succeeded(code)` — directly, or through a
// local variable that is only ever assigned such values (and whose address
// is not taken). A comparison against anything but SUCCESS is not derived:
// `code == exitcode.Success || code == exitcode.PartialFailure`,
// `code != exitcode.GeneralError` and `code <= exitcode.PartialFailure`
// make `ok` true at a failing code.
//
// A constant ok also counts as derived where the same literal carries the
// exit code it goes out with and the two agree by construction: `ok:
// false` beside an integer field or key named `exit_code` (`ExitCode`,
// `exitCode`, `exit_status`) whose value is never 0 — a constant other
// than 0, or a local variable whose every assignment is one, or is
// followed at once by `if code == 0 { code = ExitUsage }` — and `ok: true`
// beside a constant 0 (`"status": "error"` and `"ok"` likewise). The ok is
// then the value `code == SUCCESS` has, spelled as that value; a code
// handed in from outside (a parameter) may be 0 and stays reported.
// Evidence: andurel (`Fail` builds `ErrorEnvelope{OK: false, ExitCode:
// exitCode}`, the code main exits with), hop (`{"ok": false, "exit_code":
// code}` where `code` is 1, 20, 21, 22 or 23).
//
// A constant ok counts as derived, too, where the function that sets it
// ends the run with a code of the same meaning on every path that follows:
// a failing ok (`false`, `"error"`) before a code never 0, a succeeding ok
// before 0. A path ends at a return of the function's one integer result,
// at `os.Exit` or at a fatal (its 1), with a constant of that meaning, or,
// for a failing ok, with a code computed there that is never 0 — a local
// variable whose every assignment is a constant other than 0 or such a
// call, or a parameter the body's own statement list resets so before the
// ok (`code = failureExitCode(code)`), where a call counts when it calls a
// function of the package whose every return is a constant other than 0,
// such a value, or its parameter after `if code == 0 { return c }`. No
// call on the way may end the process with a code of the other meaning (a
// helper that may, or, after a succeeding ok, a fatal such as
// `cobra.CheckErr(err)`), and such a fatal, which returns when its error is
// nil, ends no path. Paths are the function's control-flow graph; an exit,
// a fatal and a panic end one, a goto leaves the rule out. An agent then
// reads one outcome from the ok and the code: the contract's reason for
// deriving ok ("prevents a command exiting non-zero with ok: true") is
// met. What is left to change is the envelope built by hand beside the
// code instead of by one factory, and that is handbuilt's finding at the
// same literal: one fault, reported once. Evidence: docket (`Fail` resets
// its code through `failureExitCode`, writes `OK: false` and returns the
// code), beads (`pingFail` writes `{"status": "error", …}` then
// `os.Exit(1)`), webctl (`main` writes `{"ok": false, …}` then
// `os.Exit(1)`); in the last two handbuilt reports the literal. Reported
// still: a code that may be of the other meaning, one the caller passes in,
// a returned error (the exit chooses its code elsewhere, in a package this
// one cannot see), a path that returns nothing, and a path through a call
// that may exit otherwise.
//
// An ok answers to the exit code the run ends with: derivedok reports only
// where one exists. Code outside the program's run is never reported: an
// HTTP handler's reply, an MCP tool's result, what only they call (their
// envelope's ok is the server's to set, whatever type it shares with the
// command line), and code nothing calls. Nor is the answer to one request
// of a session that reads requests in a loop (an "rpc" or "serve --stdio"
// mode, a batch item's result): the process's exit ends the session, not
// the request (igw-cli's `rpcResponse`, titus' serve `Response`; see the
// [contract] pass).
//
// # Not flagged
//
// `ok` fields of structs that are no envelope (a health reply
// `{ok, version}` in a program with no whole envelope, a reply from another
// service decoded directly or through a helper, a struct with `OK` and
// `Error` fields that the program never writes as JSON, a per-item status
// held in a list of results; see the contract pass); the ok of a command's
// result that the program also wraps as its envelope's data (a field of the
// payload); statuses that are states (`"running"`); replies to a network
// peer and code nothing calls; exitlint's own `envelope.Envelope`, which
// has no field to set and derives `ok` when it encodes; test files;
// generated files.
//
// # Example
//
// Flagged:
//
//	func Respond(ok bool, data any) Response {
//		return Response{OK: ok, Data: data} // OK: ok sets ok of envelope output.Response by hand …
//	}
//	resp.OK = false // assigning resp.OK sets ok of envelope output.Response by hand …
//
// Good:
//
//	func Respond(code exitcode.Code, data any) Response {
//		return Response{OK: code == exitcode.Success, Data: data}
//	}
//
// # Fix
//
// Pass the exit code the response goes out with to the factory and compute
// `ok` there — or build the response with `envelope.New`, which derives it.
//
// # Flags
//
// None.
//
// [contract]: https://github.com/exitlint/exitlint/blob/main/docs/checks/contract.md
package derivedok
