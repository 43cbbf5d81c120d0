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
// and an error nothing classifies (a corrupt file) is GENERAL_ERROR, phase
// "validation" (a cancelled context is CANCELLED, below).
//
// # A process: one stdout, signals, panics
//
// Main (and Command.Main, Registry.Main, cobraenv's App.Main) runs a
// command line as a process, through Process.Run, and ends the process with
// the code:
//   - Standard output carries the envelope alone. While the command runs,
//     os.Stdout is a pipe: what it prints there (a stray fmt.Println, a
//     child process given os.Stdout) goes to standard error as it is
//     written, and the envelope says so in a warning; in test mode the run
//     fails instead (GENERAL_ERROR, error.code STRAY_OUTPUT).
//   - SIGINT and SIGTERM cancel the run's context. The command ends with
//     one envelope, error.code CANCELLED and exit code TIMEOUT (10), never
//     Go's 130 or 143, which are shell-reserved and which an agent reads as
//     "the command never ran". The envelope's phase says where the command
//     was: validation (nothing changed; retryable) or execution (some writes
//     may have occurred; not retryable unless the command declares TIMEOUT
//     with side effects none). Why TIMEOUT: it is the table's code for a
//     run cut short before it completed, whose side effects depend on how
//     far it got; every command declares it (see Command.Codes). A second
//     signal ends the run at once, with the envelope of the phase it is in.
//     MainContext runs under the caller's context, whose cancel does what
//     a signal does; Command.Run with a done context does the same.
//   - Go ends a process with status 2 on an unrecovered panic, PARTIAL_FAILURE
//     to an agent: "some writes occurred, never retry". The runner recovers
//     panics in Validate, in Execute, in the goroutines a phase starts with
//     Output.Go, and while it builds the envelope, and writes a GENERAL_ERROR
//     envelope (error.code INTERNAL_PANIC); the stack goes to standard
//     error, and into error.detail in test mode (Recovered). A plain
//     goroutine a command starts is beyond any recover: start it with
//     Output.Go. A panic during package initialization cannot be recovered
//     and still exits 2; outside Main, defer exitcode.ExitOnPanic first
//     thing in main.
//   - A failure to write the envelope is GENERAL_ERROR, its reason on
//     standard error.
//
// # Errors
//
// A phase returns an *exitcode.Error, which states the code and the error
// object's fields, or any error, which exitcode.FromError classifies. An
// *exitcode.Error wrapped by fmt.Errorf("loading config: %w", e) keeps the
// wrapping's words in error.message; errors joined with errors.Join are all
// reported, the first one's code written (see New). AUTH_REQUIRED says why
// with one of three error.code values (exitcode.TokenExpired,
// TokenInvalid, TokenMissing).
//
// # Large data and pages
//
// The runner caps the size of a command's data (Command.MaxBytes, 1 MiB by
// default): over it, a slice or a Truncatable keeps its first items that
// fit, and meta.truncated says so, with the cursor Output.Resume gives.
// EncodeCursor and DecodeCursor make the opaque cursor an agent passes back
// (a cursor altered on the way is ARG_ERROR).
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
// and, outside a test, keeps an undeclared table code with a warning (an
// agent falls back to the table's row) but refuses any other undeclared
// code; it sets meta.schema_version on every envelope.
// exitcode.Catch(nil, cmd.Main) checks an exit against the same
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
// Summary, its declared exit codes as ExitCodeEntry, its result type and
// the JSON Schema of its data (DataSchema, derived from the Go type), and
// every result type the CLI writes; SchemaCommand prints it. WriteError writes the envelope of an error that happened outside any
// command, for a program that parses its own command line. The module
// github.com/exitlint/exitlint/adapters/cobraenv does all this for a cobra
// command tree.
//
// exitlint's handbuilt check reports envelope literals outside the package
// that declares the envelope, and exits inside a runner phase (which skip
// the envelope); derivedok reports ok set by hand.
//
// # Concurrency
//
// A Registry may be used from several goroutines: Add, Redirect, Manifest
// and Run lock it, and its commands may run at once, as far as their own
// phases allow. Process.Run and Main take os.Stdout over and run one at a
// time in a process.
//
// # Tests
//
// Validate checks encoded bytes and the process exit status against the
// contract, and against the declarations of the command that wrote them
// when they are given, and lists every violation; run it on every response
// a test produces. The package envelopetest does that and more for a whole
// command line: it runs it as a process runs it and checks the envelope,
// the declarations, and the data against the manifest's data schema.
//
// The package's go.mod requires nothing but exitcode, its tests included,
// so a CLI that requires it gains nothing else in its go.sum.
//
// The package imports only the standard library (and exitcode) and needs Go
// 1.22.
package envelope
