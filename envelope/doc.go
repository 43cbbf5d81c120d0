// Package envelope is the response half of the agent CLI contract: the one
// JSON shape every command writes on standard output,
//
//	{"ok": …, "data": …, "error": …, "warnings": […], "meta": {"duration_ms": …}}
//
// with its five keys always present, whatever the outcome.
//
// # One factory, ok derived
//
// Envelope has no settable fields. New is the only way to build one; it takes
// the exit code the process will end with and derives ok from it when the
// envelope is encoded, so no command can write "ok": true and exit non-zero.
// New refuses contradictions (a failure without an error, data on failure, a
// redirect on anything but REDIRECTED, …): it returns a *ContradictionError
// and, in place of what it was asked for, a valid GENERAL_ERROR envelope
// whose error says what was wrong. The zero Envelope fails to encode rather
// than pass for a success.
//
// Handlers do not call New either. Command runs a command as a validate
// phase and an execute phase and calls New once with the outcome; this is
// the phase boundary that keeps ARG_ERROR's promise of zero side effects:
// an ARG_ERROR that escapes the execute phase becomes PARTIAL_FAILURE.
//
// exitlint's handbuilt check reports envelope literals outside the package
// that declares the envelope, and derivedok reports ok set by hand.
//
// # Tests
//
// Validate checks encoded bytes and the process exit status against the
// contract and lists every violation; run it on every response a test
// produces.
//
// The package imports only the standard library (and exitcode) and needs Go
// 1.22.
package envelope
