// Package contract defines the helper analyzer that finds the contract's
// types in a program and shares them with every check.
//
// # Analyzer contract
//
// contract: find the exit-code enum and the response envelope types
//
// The contract pass reports nothing. It runs on every package, dependencies
// included, and exports facts that the checks read.
//
// An exit-code enum (`EnumFact` on the type) is a named integer type that
// is exitlint's `exitcode.Code`, is marked with a `//exitlint:enum` directive
// in its doc comment, or is named by the `-config.enum` flag
// (`-config.enum=example.com/cli/codes.Code`). Its members are the
// package-level constants of that type declared beside it.
//
// An envelope (`EnvelopeFact` on the type) is a struct type that is
// exitlint's `envelope.Envelope`, is marked `//exitlint:envelope`, or whose
// JSON names include `ok` and at least one of `data` and `error`. JSON names
// are the json tags, or the field names as encoding/json matches them (any
// case); unexported fields and fields tagged `json:"-"` do not count, and
// anonymous struct fields are flattened. A struct that non-test code of its
// package (or of the package being checked) decodes JSON into —
// `json.Unmarshal` or a `Decoder`'s `Decode` — is a model of another
// service's reply, not this program's envelope, unless it carries the
// directive.
//
// An envelope's factory lives in the package that declares the type. If
// functions of that package carry `//exitlint:factory`, only they are the
// factory.
//
// A package that declares either kind exports a `PackageFact`, so a check
// can tell cheaply that nothing of the contract is in view of a package and
// return at once.
//
// Facts print as `exitEnum(directive: Bad OK Stale)` and
// `envelope(json ok=OK)`, and the analysis tests assert them.
package contract
