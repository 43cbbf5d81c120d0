// Package handbuilt defines an Analyzer that reports response envelopes
// constructed outside their factory.
//
// # Analyzer handbuilt
//
// handbuilt: report a response envelope constructed outside its factory
//
// The contract has one place that builds the response envelope: command
// handlers must never construct it directly, and one formatter is the single
// source of envelope construction. With one factory the envelope's shape is
// invariant and its ok follows from the exit code; every hand-built envelope
// is a place where they can drift apart.
//
// An envelope type is exitlint's envelope.Envelope, a struct marked
// //exitlint:envelope, or a struct whose JSON names include "ok" and at least
// one of "data" and "error" (see the contract pass) — but not a model of
// another service's reply that the program decodes JSON into. Its factory
// lives in the package that declares it; functions marked
// //exitlint:factory narrow that to those functions.
//
// Reported outside the factory:
//
//   - composite literals of an envelope type, as values or &T{};
//   - new(T) of an envelope type;
//   - map literals with string keys that include "ok" and "data" or "error"
//     (map[string]any{"ok": true, "data": v}, gin.H{...}), and literals of
//     anonymous struct types with that JSON shape, unless they are in the
//     factory of a package that declares an envelope type.
//
// Not reported: structs with an ok field that are no envelope (a health
// reply {ok, version}); maps whose keys merely look close ("okay"); code in
// the factory's home; test files, which build expected envelopes to compare
// with; generated files.
//
// To fix a finding, call the factory: envelope.New for exitlint's envelope,
// or the function of the envelope's package that builds it.
package handbuilt
