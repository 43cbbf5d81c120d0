// Package contract defines the helper analyzer that finds the contract's
// types in a program and shares them with every check.
//
// # Analyzer contract
//
// contract: find the exit-code enum and the response envelope types
//
// The contract pass reports nothing. It runs on every package, dependencies
// included, and exports facts that only it reads; the checks ask its result
// (`contract.Contract`), which holds what the facts say of every type in
// view (`contract.Enum`, `contract.Envelope`).
//
// An exit-code enum (an enum fact on the type) is a named integer type that
// is exitlint's `exitcode.Code`, is marked with a `//exitlint:enum` directive
// in its doc comment, or is named by the `-config.enum` flag
// (`-config.enum=example.com/cli/codes.Code`). Its members are the
// package-level constants of that type declared beside it.
//
// An envelope is what this program writes as its own JSON output. The
// evidence, in this order:
//
//   - exitlint's `envelope.Envelope`, and a struct marked
//     `//exitlint:envelope`, are envelopes wherever they are used;
//   - a struct whose JSON names include `ok` (or `success`, as some programs
//     spell it) and at least one of `data` and `error` has the envelope's
//     shape. JSON names are the json tags, or the field names as
//     encoding/json matches them (any case); unexported fields and fields
//     tagged `json:"-"` do not count, and anonymous struct fields are
//     flattened;
//   - such a struct is an envelope only where it is written: its own package
//     writes it (`Envelope.Written`), or the package being checked does.
//     Written means a value of the type (or a pointer, slice or map of it)
//     is the argument of `json.Marshal`, `MarshalIndent` or an `Encoder`'s
//     `Encode`, or of a function that hands that parameter to one (a
//     JSON fact on `printJSON(v any)`, followed through closures such as
//     `emit := func(v any) {…}; emit(data)`, across packages). What an HTTP
//     handler (a function with an `http.ResponseWriter` parameter) encodes is
//     a server's reply, a fake server's in tests included, never the
//     program's output. A struct that is never written (an in-memory
//     `Result{OK, Error}`) is no envelope;
//   - a struct that code of its package or of the package being checked
//     decodes JSON into — `json.Unmarshal`, a `Decoder`'s `Decode`, or a
//     helper that hands its parameter to one (`decode(r, out any)`) — is a
//     model of another service's reply, not this program's envelope,
//     unless it carries the directive;
//   - a map literal or anonymous struct with the envelope's keys is an
//     envelope when it is itself written: as the argument, as the value of
//     a local variable that is written, or as what a function of the package
//     returns when its call is written. One nested inside another value
//     (`result["update_check"] = status()`) is part of that value's data,
//     and a map that is never encoded (icons keyed by `"ok"` and `"error"`)
//     is no output at all.
//
// Test scaffolding falls out of these rules rather than being special: a
// fake server's replies are an HTTP handler's, and `_test.go` files are not
// checked. The exitlint command also leaves out the findings in packages
// that only tests import, and says so in its report (docs/output.md). Code
// in `examples/` directories is analyzed like any other package the
// patterns name.
//
// An envelope's factory lives in the package that declares the type. If
// functions of that package carry `//exitlint:factory`, only they are the
// factory.
//
// A package that declares either kind exports a package fact, so a check
// can tell cheaply that nothing of the contract is in view of a package and
// return at once.
//
// Facts print as `exitEnum(directive: Bad OK Stale)`,
// `envelope(json ok=OK)` (`unwritten` when its package does not write it)
// and `json(writes 0 reads )`, and the analysis tests assert them.
package contract
