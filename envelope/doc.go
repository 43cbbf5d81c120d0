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
// ARG_ERROR is never guessed: Validate states it with an *exitcode.Error,
// and an error nothing classifies (a corrupt file, a cancelled context) is
// GENERAL_ERROR, phase "validation".
//
// # Panics
//
// Go ends a process with status 2 when a panic goes unrecovered, and 2 is
// PARTIAL_FAILURE to an agent: "some writes occurred, never retry". The
// runner recovers panics in Validate, in Execute and while it builds the
// envelope, and writes a GENERAL_ERROR envelope (error.code INTERNAL_PANIC)
// for them. Outside the runner — in main before the command runs, in an
// init function, in a goroutine a command starts — nothing recovers for
// you: defer exitcode.ExitOnPanic first thing in main, so that a panic there
// ends the process with GENERAL_ERROR (1), and recover in any goroutine you
// start. A panic during package initialization cannot be recovered and
// still exits 2.
//
// # One declaration per command
//
// A Command is declared once: its Name, the exit codes it may end with
// (Codes: table codes with the command's own retryability, side effects and
// agent action, and command-specific codes, checked by exitcode.Declare),
// its data type (Out, tagged meta.type on success) and its two phases. The
// runner takes error.retryable and the agent's next step from the
// declaration, refuses a code the command did not declare when it runs in a
// test (exitcode.TestMode: GENERAL_ERROR, error.code UNDECLARED_EXIT_CODE)
// and says so in a warning otherwise, and sets meta.schema_version on every
// envelope. exitcode.Catch(nil, cmd.Main) checks an exit against the same
// declarations.
//
// # A registry and its manifest
//
// A Registry holds a CLI's commands. It dispatches a command line to its
// command and answers the command lines that reach none: help as data, no
// command or a group without one of its commands (ARG_ERROR,
// COMMAND_MISSING), an unknown command (ARG_ERROR, UNKNOWN_COMMAND), a
// renamed command or a typo of a command or a group (REDIRECTED, with the
// command line to run instead). Its Manifest lists every command with its
// declared exit codes as ExitCodeEntry, its result type and the JSON Schema
// of its data (DataSchema, derived from the Go type); SchemaCommand prints
// it. WriteError writes the envelope of an error that happened outside any
// command, for a program that parses its own command line. The module
// github.com/exitlint/exitlint/adapters/cobraenv does all this for a cobra
// command tree.
//
// exitlint's handbuilt check reports envelope literals outside the package
// that declares the envelope, and exits inside a runner phase (which skip
// the envelope); derivedok reports ok set by hand.
//
// # Tests
//
// Validate checks encoded bytes and the process exit status against the
// contract and lists every violation; run it on every response a test
// produces.
//
// The package's go.mod requires nothing but exitcode, its tests included,
// so a CLI that requires it gains nothing else in its go.sum.
//
// The package imports only the standard library (and exitcode) and needs Go
// 1.22.
package envelope
