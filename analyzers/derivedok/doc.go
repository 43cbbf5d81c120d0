// Package derivedok defines an Analyzer that reports an envelope's ok field
// set by hand.
//
// # Analyzer derivedok
//
// derivedok: report an envelope's ok set by hand instead of derived from the exit code
//
// In the contract, ok is derived from the exit code (true exactly when the
// code is SUCCESS), never set by command logic. An envelope whose ok is set
// by hand can say "ok": true beside exit code 5, and an agent that reads one
// of them gets the other wrong.
//
// Reported, also inside the envelope's factory: an assignment to the ok
// field of an envelope (env.OK = false), and a composite literal of an
// envelope type that gives ok a value (OK: true, OK: err == nil) not
// computed from an exit code. A value counts as computed from an exit code
// when it uses a value of the exit-code enum's type — OK: code ==
// exitcode.Success, OK: code.IsSuccess(), OK: succeeded(code) — directly or
// through a local variable assigned only such values.
//
// Not reported: ok fields of structs that are no envelope (a health reply
// {ok, version}, a decoded reply from another service); exitlint's own
// envelope.Envelope, which has no field to set; test files; generated files.
//
// To fix a finding, compute ok from the exit code the response goes out
// with, in the factory, or build the response with envelope.New, which
// derives it.
package derivedok
