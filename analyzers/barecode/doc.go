// Package barecode defines an Analyzer that reports exit codes written as
// bare integers.
//
// # Analyzer barecode
//
// barecode: report an exit code spelled as a bare integer
//
// The contract's exit codes are a fixed table, and a code is "a named
// constant / enum — never a bare integer at call sites": compare against
// `exitcode.PermissionDenied`, never write `if code == 7`. Codes 14–63 and
// 126–255 are reserved and never emitted. Go converts an untyped constant to
// any integer type silently, so `exitcode.Exit(5)` compiles; this check
// catches what the type system lets through.
//
// # What it flags
//
// Where an exit code is expected, any constant not written as a member of
// the exit-code enum: an integer literal, or a named constant that is no
// member (`const exitUsage = 2`). An exit code is expected in
//
//   - the argument of `os.Exit`, `syscall.Exit` and `exitcode.Exit`, and of
//     any parameter of enum type;
//   - a conversion to the enum (`exitcode.Code(7)`);
//   - a return value, variable, constant, struct field, map key or value, or
//     slice element of enum type;
//   - a comparison (`==`, `!=`) with an enum-typed operand, and a `case` of a
//     `switch` on one;
//   - wherever a constant travels to an exit (see the exits pass): returned
//     by a function whose result becomes the exit code (`os.Exit(run())`,
//     `func Main() exitCode`, an error's `ExitCode() int`), assigned to the
//     variable an exit is called with, or passed to a parameter a helper
//     exits with (`die(3)`). The message says how it gets there;
//   - in another package, when this package exits with the result of a
//     function of that one (`os.Exit(cli.Main())`, `os.Exit(err.Code())`
//     through an interface of an errors package): a literal is reported at
//     the `return` that spells it, in the other package; a named constant
//     at its declaration, as a member of an exit table (see below), since
//     its use makes it one, and not again where this package spells it
//     (src-cli's `GraphqlErrorsExitCode`, given to `cmderrors.ExitCode` in
//     two packages). A member converted where it is used (`return
//     int(model.ConfigError)`, the table's type being no int) is spelled
//     by its name all the same, and judged at its declaration, not as a
//     bare integer at the use. The exits pass's result facts carry them;
//   - a named constant of another package of the module that this package
//     exits with directly (`os.Exit(code.FailedExec)`, `return
//     code.FailedFmt` from the function main exits with): at its
//     declaration too, once, as a member of an exit table. Its value is
//     chosen there and a fix there mends every use, while its own package,
//     where nothing exits, cannot tell it is an exit code: the common
//     layout of a table kept in a package of its own under a name that
//     does not say so (`code`, `status`, `errs`). Evidence: monkey's nine
//     constants of package `code` were reported at each of their ten uses
//     in main, and every one was judged wrong there and right at the
//     declaration. The layout is common: dart-runner's package
//     `constants`, Traffic Control's atstccfg `config`, letterhead's
//     `cli`, each exited with from a main elsewhere. A directive at the
//     declaration (`//exitlint:ignore barecode …`) is honoured by every
//     package that exits with the constant. A constant of a dependency
//     outside the module is reported where it is used, the only place the
//     user can change.
//
// A library's fatal function whose code is not 1 is reported at its call,
// where the program chooses it: klog's `Fatal…` end the process with 255,
// in the shell-reserved range, and glog's with 255 before v1.1.0 or, from
// v1.1.0 on, with 2 (the Go runtime's status for the SIGABRT glog sends
// itself), which an agent reads as PARTIAL_FAILURE; both after a stack dump
// of every goroutine (see the exits pass). The message says what the code
// is and advises what fallback advises for a fatal with 1: report the error
// and exit with the code that fits. Evidence: krew's `klog.Fatal` after
// every failed command and in its manifest validator was taken for a
// GENERAL_ERROR (1) by the fallback check, the wrong fault; pluto's and
// kind's kindnetd's `klog.Fatal`, and the `klog.Fatalf` after
// `cmd.Execute()` of Kubernetes components such as binrclab/headcni's
// daemon, are the same call.
//
// # The program's own exit tables
//
// Real programs keep exit tables of their own (`const ExitNotFound = 3`,
// `type exitCode int`). The exits pass finds them without configuration:
// constants that reach an exit, the other constants of their type or of
// their block named `Exit…`, a type or package named for exit codes, a
// block all named `Exit…`, a block whose doc comment begins "Exit codes" or
// "Exit statuses". Each member is checked once, at its declaration, by
// the package that declares it, and not at every use nor again by each
// package that exits with it:
//
//   - a value in a reserved range (14–63, 126–255, outside 0–255);
//   - a name that says one of the contract's codes while the value is
//     another: "exit code ExitNotFound is 3, which the contract calls
//     ARG_ERROR; NOT_FOUND is 5". An agent acts on the number. The name
//     table is in the exits pass (names.go): usage, invalid, argument mean
//     ARG_ERROR; not found, missing mean NOT_FOUND; auth, unauthorized,
//     login mean AUTH_REQUIRED; read-only, locked and unsafe mean
//     PRECONDITION; and so on for every code. A name that says two codes
//     (`NotFoundOK`) says none. Unsafe is an action refused until the
//     caller resolves it (andurel's `ExitUnsafe = 4` for "requires
//     --force", amux's `ExitUnsafeBlocked` for "pass --yes to confirm"):
//     resolve, then retry, which is PRECONDITION. A word that names
//     conditions of several codes makes a name say none: a duplicate is a
//     repeated entry in an argument (sops' `DuplicateDecryptionKeyType`, a
//     key type given twice in --decryption-order: ARG_ERROR), an entity
//     that exists (CONFLICT), or the risk that a retry delivers twice
//     (tantu's `sendExitDuplicateRisk`), and advice naming one of them
//     would send an agent to resolve a conflict where it should fix its
//     input. A token is a credential or something the caller types
//     (ShunmeiCho/cc-clip@906bba11, steveyegge/beads@fbcee6c6):
//     cc-clip's `TokenInvalid = 12` is the bearer token its tunnel
//     refuses (AUTH_REQUIRED, whose error codes are TOKEN_INVALID,
//     TOKEN_EXPIRED and TOKEN_MISSING), beads' `ExitDestroyTokenMissing`
//     a confirmation the caller must type (ARG_ERROR); the words beside it
//     (invalid, missing) say what is wrong with the token, not which of
//     the two it is, and advising ARG_ERROR for cc-clip's credential would
//     send an agent to fix its input where it must acquire credentials. So
//     a name with a token says no code unless it also says auth
//     (`ExitAuthTokenExpired`), and the message says what an agent reads
//     the number as instead. Credentials are auth's, and credits to spend
//     PAYMENT_REQUIRED's. A phrase inside a longer phrase of another code
//     says nothing of its own: `exitCodeInvalidCredentials` (putio-sync,
//     credentials the service refuses) is AUTH_REQUIRED, not the ARG_ERROR
//     of its "invalid", which would send an agent to fix its input where
//     it must log in again; `ExitNotExists` is NOT_FOUND, not the CONFLICT
//     of its "exists". `ExitCodeInsufficientCredits` (thinktank), seo-cli's
//     `ExitInsufficientCredits` and ark-cli's `exitNoCredits` (an API's
//     402) are PAYMENT_REQUIRED. The words of failure (error, err, failure, internal) and of
//     success (ok, success) are weak: they mean GENERAL_ERROR or SUCCESS
//     only when nothing else is said (`ExitError`, `ExitOK`); inside a
//     longer name they say nothing alone (`ExitFileError`,
//     `exitCodeCompileErr`, `ExitStatusSuccessProblemFound` are a file
//     error, a query that does not compile, a success of a kind), so the
//     check never advises GENERAL_ERROR for a specific-sounding name nor
//     SUCCESS for a failure. A suggested fix gives the member
//     the value its name means, when it is written as a literal and no
//     other member of its table has that value;
//   - a failure code (2–13) whose name says nothing the contract calls it
//     (`exitCancel = 2`, `ExitFileError = 3`): the message says what an
//     agent reads the number as and does (2: PARTIAL_FAILURE, inspect state
//     before retrying; 3: ARG_ERROR, fix the input and retry at once), and
//     how to choose: keep it if that is what it means, else the table code
//     that does, or a command-specific code (79–125) declared for an outcome
//     of the program's own.
//
// Bit flags are no members of an exit table, whatever their names say: a
// constant declared by a shift of iota (`exitCodeFlagResourceClosed = 1 <<
// iota`), or combined by a bitwise operator, itself or the named type it
// has (`ExitCodeCallGoFunction | ExitCode(index<<8)`, `flag |
// uint64(code)<<32`, `status & ExitMask`). A process exits with one
// number; a constant combined with others into one, or carried beside
// other bits in a wider word, is a part of a value, and its own value is
// nothing an agent reads. wazero names the reasons its compiled code
// returns to the runtime `wazevoapi.ExitCode` (packed with a function
// index above the low byte) and the closed-state bits it stores beside a
// module's exit code `exitCodeFlag…`; goali, which does compose its exit
// status from bits (`ERR_GENERAL ExitCode = 1 << iota`, `ERR_SIGNAL_CTRL_C
// = ERR_SIGNAL_HANDLER | ERR_FATAL`), never exits with `ERR_FATAL = 2`
// alone, so reading it as PARTIAL_FAILURE would be wrong there too. A flag
// that reaches an exit itself (`os.Exit(ExitScanFailed)`) is an exit code
// and is checked.
//
// A bare 0 is not reported anywhere: it is SUCCESS in the contract as in
// every shell, and spelled bare it misleads no agent. On the real-code
// harness nearly every bare 0 the check reported (gocryptfs, git-vendor,
// go-broadcast, fft-cli, task, sops, gdcli, amux) was judged not worth a
// user's time; exiting 0 after a failure is a wrong code, which no
// spelling fixes.
//
// A command-specific value (79–125) is the program's own outcome, declared;
// it is flagged only when its name says one of the table's failure codes
// (`CodeTaskfileNotFound = 100`, `TimeoutExitCode = 124`): an agent acts on
// the number and reads 100 only from the program's declaration, while 5
// says not found to every agent. (task, gum.)
//
// A member whose name agrees with its value (`ExitNotFound = 5`), a
// success or catch-all value with a name that says nothing else, and any
// other command-specific value are not flagged.
//
// A code outside the table gets a message naming its range: 14–63 is
// reserved for the framework, 64–78 are POSIX sysexits codes, 79–125 must be
// declared as a command-specific member, 126–255 is reserved for the shell,
// and a value outside 0–255 is no exit code a process can report.
//
// # Not flagged
//
// Enum members and conversions of them (`int(exitcode.NotFound)`); values
// that are not constants (`os.Exit(m.Run())` in TestMain, `exitcode.Code(n)`
// from parsed text); integers that are no exit code (`n == 3` on a plain
// `int`); typed constants of the enum type at their uses, which are reported
// at their declaration instead (`const x exitcode.Code = 6`) — except a
// command-specific value (79–125), since `const Findings exitcode.Code = 80`
// is how a program declares one; the value 1 as the argument of an exit
// call, which the fallback check reports; `os.Exit` and `syscall.Exit` in
// test files, whose status belongs to `go test` (comparisons in tests are
// still checked); an exit's code in code that runs only when a standard
// stream is a terminal (the terminal pass: the body of `if
// term.IsTerminal(int(os.Stdin.Fd()))`, what follows `if !isTTY() {
// return }`), which an agent, whose streams are redirected, never meets —
// the same code under `!isTTY()`, or under `yes || isTTY()`, is flagged;
// an exit's code, or a code that becomes one, that no agent meets for
// another reason the fallback check knows (the exits pass's exemptions):
// in the body of `if err != nil` after a failed write to the standard
// output (`json.NewEncoder(os.Stdout).Encode(v)`, a helper given
// `os.Stdout` that only writes to it), after a call that cannot fail,
// after a call that never returns (`usage(); os.Exit(2)` where usage exits
// itself, `flags.Usage(); exit(2)` where every Usage the package gives its
// own flag set exits: the earlier exit is the one to spell right), or in
// a block that serves a protocol over the standard streams — with the
// stream the agent reads broken, no envelope explains any code, and a run
// that reaches the others never happens. Evidence: sceno, seven bare 2s
// after a failed write of its describe, docs, guide and version output;
// in the code corpus, the same bare 2 after a failed `os.Stdout.Write` in
// pack2d's decode command, in pg-contract's `init --out -` and `check
// --format json`, and in a release-notes cleaner of the gofiber
// organization; git-codereview's `exit(2)` after `flags.Usage()` in four
// commands, where the Usage the package gives its flag set has already
// exited 2. The same bare code after a write to a file the program
// opened, or after a helper that also refuses its input, is flagged. An
// exit on a termination signal or an aborted prompt is not among these:
// whoever sent the signal reads its code, and a value in a reserved range
// misleads it (130 after SIGINT is flagged);
// an exit's code in code that runs only through a command or flag the
// program hides from its help (the hidden pass: a cobra or urfave/cli
// command with `Hidden: true`, `if worker { … }` on a hidden flag), which
// the program's own parent reads, not an agent — beads' hidden
// `db-proxy-child` exits with the lock code its parent waits for; the same
// exit in a visible command, or a deprecated hidden one, is flagged;
// a bare code beside a one-word kind in the same composite literal that
// says the same code of the table (`cliError{exit: 5, code: "not_found"}`,
// `{exit: 6, code: "idempotency_conflict"}`): the agent reads the right
// code and every reader sees the kind, so only the spelling could change.
// Evidence: protonmailcli, whose records pair each code with a kind — the
// ones that agree were judged not worth a user's time, the ones that
// disagree (`exit: 2` beside "usage_error", read as PARTIAL_FAILURE) are
// the faults, and stay flagged, as does a code beside prose or beside a
// call's message string (`die("usage", 3)`); a member of an exit table
// that nothing uses and nothing outside its package can (unexported, or
// declared in a main): no run ends with it (ghr's ExitCodeInvalidURL and
// ExitCodeReleaseError, consul-template's ExitCodeError in main, judged
// not worth a user's time) — an exported member of another package may be
// used by an importer and is judged as before; generated files.
//
// # Example
//
// Flagged:
//
//	os.Exit(5)         // exit code 5 written as a bare integer: spell it exitcode.NotFound …
//	if code == 7 { … } // exit code 7 written as a bare integer: spell it exitcode.PermissionDenied …
//	return 130         // exit code 130 is in the shell-reserved range 126–255 …
//	const exitUsage = 2
//	os.Exit(exitUsage) // exit code exitUsage (2) is a constant of its own, not a member …
//
// Good:
//
//	exitcode.Exit(exitcode.NotFound)
//	os.Exit(int(exitcode.NotFound))
//	exitcode.Exit(exitcode.FromError(err))
//	os.Exit(m.Run()) // TestMain: not a constant
//
// # Fix
//
// For a table code (0–13) the check offers a suggested fix that spells the
// member, adding the import when the file lacks it. In a file that already
// imports exitcode, os.Exit becomes exitcode.Exit, which refuses reserved
// codes and which exitcode.Catch can intercept in tests:
//
//	os.Exit(5)       // becomes exitcode.Exit(exitcode.NotFound) (the file imports exitcode)
//	os.Exit(5)       // becomes os.Exit(int(exitcode.NotFound))  (it does not)
//	exitcode.Code(3) // becomes exitcode.Code(exitcode.ArgError)
//
// os.Exit is kept, with int(...), when the fix would leave the file's import
// of os unused after other fixes: when os is used for nothing but two or
// more os.Exit calls. When the call is the file's only use of os, the fix
// removes the import too.
//
// For a named constant, check that the member its value maps to is the one
// you mean: a private `exitUsage = 2` is PARTIAL_FAILURE in the table, while
// a usage error is `exitcode.ArgError`.
//
// With an enum of your own, mark the type `//exitlint:enum` or pass
// `-config.enum=import/path.Type`; its members are the constants of that
// type declared beside it.
//
// # Flags
//
// None of its own. `-config.enum` names further enum types (see the
// contract pass).
package barecode
