// Package argphase defines an Analyzer that reports ARG_ERROR emitted after
// a side effect.
//
// # Analyzer argphase
//
// argphase: report ARG_ERROR reachable after a side effect
//
// ARG_ERROR (3) tells the agent to fix its input and retry at once, with
// zero side effects guaranteed. The contract: "If any write occurred before
// the error, emit PARTIAL_FAILURE (2) instead"; "No side effect may begin
// before this code can be emitted." An agent that gets ARG_ERROR after a
// write repeats a half-done operation.
//
// # What it flags
//
// An emission of ARG_ERROR that some path of the function's control-flow
// graph reaches after a side effect.
//
// Emissions (the [argerror] pass knows which functions may return one):
//
//   - returning a value that carries ARG_ERROR: `exitcode.ArgError` (or your
//     enum's 3, including `return 3` into an enum-typed result), directly or
//     through a local variable or a branch; an error from
//     `exitcode.New(exitcode.ArgError, …)` and its `With…` and `Wrap`
//     copies; a package-level sentinel holding one (`return errNoFormat`),
//     in this package or another; your own error type holding the code
//     (`&ExitError{Code: exitcode.ArgError}`); an error wrapping one
//     (`fmt.Errorf("…%w", e)`, not `%v`; `errors.Join`, including of a
//     slice an element was appended to); the result of a function that may
//     return one, in this package or another (`return validate(name)`), or
//     of a function literal the function calls (`check := func() error
//     {…}; return check()`); a framework error that takes the exit code,
//     given 3 (urfave/cli's `cli.Exit("…", 3)`), and the program's own
//     error of that kind: a type whose `ExitCode() int` returns one of its
//     fields, built with 3 there (`ExitError{Code: exitUsage}` where
//     `exitUsage = 3`) or by its constructor given 3 (`Exit("…", 3)`).
//     In a function with
//     defers, a return reads what reaches it, not every value its result
//     ever holds;
//   - returning 3 from a function whose integer result becomes the exit
//     code: `return exitUsage` in `run` when `main` calls `os.Exit(run())`
//     (the exit-code flow of the [exits] pass);
//   - exiting with it: `exitcode.Exit(exitcode.ArgError)`,
//     `os.Exit(int(exitcode.ArgError))`, `os.Exit(3)` (also through a
//     variable holding `os.Exit`), `os.Exit(report(err, 3))` where `report`
//     returns the code it is given, `exitcode.Exit(exitcode.FromError(err))`
//     where `err` carries ARG_ERROR, calling a helper that exits with the
//     code it is given with 3 (`die(3, "…")`, `must(err,
//     exitcode.ArgError)`), or calling a helper that may exit with 3. A
//     helper that exits with 3 only when its error matches a sentinel
//     (`errors.Is(err, ErrNotFound)`) emits it only at a call given an
//     error that may be that sentinel: not nil, not `errors.New`, not an
//     error of the standard library, not `fmt.Errorf` wrapping only such
//     with `%w`.
//
// Comparing with ArgError, printing it or passing it along is no emission.
//
// A call that both makes a side effect and may return ARG_ERROR checks its
// own order inside its callee (`return copyOne(name)`), except in a loop
// that calls it again after it succeeded: the next entry's refusal follows
// the last entry's write ("in an earlier iteration"). A loop that calls it
// again only when it failed (a retry) is no such loop.
//
// Side effects are the calls the [sideeffects] pass knows, directly or
// through any chain of calls in your code or your dependencies:
//
//   - files: `os.WriteFile`, `Create`, `OpenFile` that truncates or creates
//     a file it does not open to append (a log opened with
//     `O_APPEND|O_CREATE` counts through what is written to it),
//     `Remove`,
//     `RemoveAll`, `Rename`, `Mkdir`, `MkdirAll`, `Chmod`, `Chown`,
//     `Chtimes`, `Truncate`, `Symlink`, `Link`, `CopyFS`, writes to an
//     `*os.File` other than `os.Stdout` and `os.Stderr` (its methods, and
//     `fmt.Fprint*`, `io.WriteString`, `io.Copy` given it), `os.Root`'s
//     writers, `ioutil.WriteFile`;
//   - network: `http.Post`, `PostForm`, `Client.Post`, `Client.PostForm`,
//     `Client.Do` (unless its request is built with the constant method GET
//     or HEAD), connection writes, `smtp.SendMail`;
//   - databases: `database/sql`'s `Exec`, `ExecContext`, `Tx.Commit`, and
//     `Query`, `QueryRow` (and their `Context` forms) when the query is a
//     constant statement that changes data or schema: its first keyword is
//     `INSERT`, `UPDATE`, `DELETE`, `MERGE`, `REPLACE`, `CREATE`, `DROP`,
//     `ALTER`, `TRUNCATE`, `GRANT`, `REVOKE`, `COPY` or `CALL`, or it
//     begins with `WITH` and holds an `INSERT`, `UPDATE` (not `FOR
//     UPDATE`), `DELETE` or `MERGE` (comments and quoted text are skipped).
//     A query built at run time is not read, and counts as no side effect;
//   - processes: `exec.Cmd`'s `Run`, `Start`, `Output`, `CombinedOutput`,
//     `os.StartProcess`, `syscall.Exec`, signals (`Process.Kill`, `Signal`,
//     `syscall.Kill` of a process other than this one);
//   - functions marked `//exitlint:sideeffect` (an SDK wrapper exitlint
//     cannot see into), and functions named with `-config.sideeffects`;
//     the directive on an interface method makes every call through that
//     method a side effect, whatever the type behind it;
//   - a call through an interface whose concrete value the function itself
//     put there (`var out Store = diskStore{…}; out.Save(…)`): the concrete
//     method's side effects, or none;
//   - a call through an interface whose every implementation in the
//     interface's own package has a side effect (`p.CreateRelease(…)` where
//     both providers the package declares send a POST);
//   - any of these in a function literal the function calls, defers, starts
//     or hands to a call (`filepath.WalkDir`'s callback);
//   - a framework's run method, which calls the run functions the program
//     gives its commands (cobra's `Execute` calls `RunE`, urfave/cli's
//     `App.Run` calls `Action`): their side effects, when they return an
//     error after them. `if err := rootCmd.Execute(); err != nil {
//     os.Exit(3) }` exits with ARG_ERROR after a command's failed write.
//
// The catalogue of the standard library's side effects lives in one place,
// `passes/sideeffects/catalogue.go`; a test resolves every entry against the
// standard library and checks that a call of it is found. No side effects:
// writing to stdout or stderr, reads, GET and HEAD requests, temporary files
// and directories, files written into a directory `os.MkdirTemp` made or
// that `os.CreateTemp` made, and signals the process sends itself (job
// control: `syscall.Kill(0, SIGTSTP)`).
//
// Which request, file or path a call is given is followed wherever the code
// says: through local variables, the variables a function literal captures,
// a request's `WithContext` and `Clone`, the parameters of an unexported
// function that only this package's calls call (every call must give a GET,
// or a temporary file), and the parameters of a helper in another package,
// whose fact says it sends, writes or removes what its caller gives it (a
// `ctxhttp.Do`-style wrapper given a GET is no side effect).
//
// The finding is reported at the emission; the side-effecting call is
// attached as related information, with the chain of calls across packages
// (`store.Archive → store.Save → os.WriteFile writes a file`).
//
// # Not flagged
//
// An emission that no path reaches after a side effect; mentions of
// ARG_ERROR that are no emission; test files; generated files.
//
// A 3 the program spells only as a member of its own exit table named for
// another outcome than a bad argument (`FailedUpdate = 3`, `ExitAuth = 3`,
// `CouldNotWriteOutputFile = 3`, `NotFound = 3`; the [argerror] pass's
// MeantOther) is no ARG_ERROR the program means. Its fault is the member's
// value, one fault in one place: the barecode check reports it at the
// declaration ("ExitAuth is 3, which the contract calls ARG_ERROR;
// AUTH_REQUIRED is 8"), and renumbering the member ends both the wrong
// meaning and the broken side-effect promise, where a finding at each exit
// after a write would name the same fault again with advice (validate
// earlier) that does not fit. A bare 3, `exitcode.ArgError`, a constant of
// a dependency, and a member whose name says a bad argument (`ExitUsage`,
// `exitInvalidArgs`) or nothing (`Exit3`) are ARG_ERROR, and reported.
// Evidence: sops (`CouldNotWriteOutputFile` after an audit INSERT), monkey
// (`FailedUpdate`), tui-goggles (`ExitAssertionFailed`), rare
// (`ExitCodeReadError` after a CSV write), gitflow, agnes, linear-cli,
// copera and quarry (their 3s named for a provider, auth, not-found and
// policy failure), each member reported by barecode at its declaration;
// in the code corpus, kmail's `ExitPartial = 3` after mail went out,
// restow's `exitPartial = 3` after a backup snapshot, dorm-gateway's
// `ExitNetworkError = 3` after a portal login, chunk-cli's `ExitAuthError
// = 3` after a token was saved.
//
// A side effect that runs only when a standard stream is a terminal (the
// terminal pass) is none an agent meets: an agent runs the command with
// its streams redirected, so the write never happens in its run, and
// ARG_ERROR after it still promises that agent zero side effects. That is
// a write in the body of `if term.IsTerminal(int(os.Stdout.Fd()))`, after
// `if !isTTY() { return }` in its block, or under a local flag set only at
// a terminal (`persist := false; if isTTY { …; persist = true }; if
// !persist { return }`), and a function whose only writes are such has no
// side-effect fact. The same write under `!isTTY()`, under `interactive ||
// isTTY()`, or under a flag that a terminal or `--force` sets, counts.
// Nor is ARG_ERROR emitted only at a terminal reported (a declined
// question's code after `if !isTTY() { return nil }`): no agent receives
// it. The one emitted under `!isTTY()` is what an agent meets.
// Evidence: sops, whose repair of an old encryption-context bug writes the
// file back only when the person at a terminal says yes (six findings
// after that write, one of them an ARG_ERROR emitted only past the
// terminal test, were judged noise); a script-trust gate that records
// the trust only after asking at a terminal.
//
// So too a side effect, or ARG_ERROR, that runs only through a command or
// flag the program hides from its help (the hidden pass: a cobra or
// urfave/cli command with `Hidden: true`; `if daemon { … }` on a flag
// hidden with `MarkHidden`, urfave's `Hidden: true` or a go-flags or kong
// `hidden` tag): an agent learns the command from its help and never sets
// the flag; agent-minder writes its daemon's PID file only under its
// hidden `--daemon`. The same write under `!daemon` counts.
//
// Housekeeping is not counted (see [sideeffects]): the program's own
// config or cache directory created (`os.MkdirAll` of a path under
// `os.UserConfigDir()`, `os.UserCacheDir()`, `$XDG_CONFIG_HOME`, a
// dot-directory of the home), any write under its cache directory, and a
// default config created only when none exists (`os.OpenFile` with
// `O_EXCL`). An agent can neither see these writes nor be harmed by them,
// and a retry after ARG_ERROR repeats them identically, so ARG_ERROR after
// them still keeps its promise. A directory at a path the user gives, a
// config written over, a file the user names under the config directory
// or under `os.TempDir()` still count. Evidence: docket, which writes its
// default config on first run before it refuses bad input (five findings
// judged noise are gone; the sixth now names the login's token request).
// Not yet followed: a cache directory held in a struct field or a
// package variable a flag sets (slackdump's `-cache-dir`, gopass's
// `OnDisk.dir`), which stay reported.
//
// # Example
//
// Flagged:
//
//	func deploy(env string) error {
//		if err := os.WriteFile(".lock", nil, 0o644); err != nil {
//			return err
//		}
//		if env == "" {
//			return exitcode.New(exitcode.ArgError, "EMPTY_ENV", "env is empty")
//			// ARG_ERROR returned (exitcode.New) after a side effect: os.WriteFile writes a file (line 2) …
//		}
//		…
//	}
//
// Good — validate first, then report what happened:
//
//	func deploy(env string) error {
//		if env == "" {
//			return exitcode.New(exitcode.ArgError, "EMPTY_ENV", "env is empty")
//		}
//		if err := os.WriteFile(".lock", nil, 0o644); err != nil {
//			return err
//		}
//		if err := push(env); err != nil {
//			return exitcode.New(exitcode.PartialFailure, "PUSH_FAILED", err.Error())
//		}
//		…
//	}
//
// # How precise
//
//   - The check works on the SSA form of each function that may emit
//     ARG_ERROR, path-sensitive on its control-flow graph: a side effect on
//     one branch and ARG_ERROR on the other is fine; a write in one loop
//     iteration before a rejection in the next is a finding.
//   - An emission is paired with a side effect only on the path of the
//     ARG_ERROR it emits. The value is followed back along every path to
//     each origin of its ARG_ERROR (the call whose result carries it, or
//     where a constant 3 is chosen: a case that sets `code = 3`), and a side
//     effect counts when it runs before that origin, or between the origin
//     and the emission. The cases of a dispatch never run in one
//     invocation: in `switch args[0] { case "seed": err = seed(…); case
//     "put": err = put(…) }; exitcode.Exit(exitcode.FromError(err))`, the
//     ARG_ERROR of `seed` follows nothing `put` wrote. Evidence: dispatches
//     over subcommands in hand-written mains, where one exit maps every
//     case's error.
//   - Deferred calls run after the return and are not counted; calls that
//     never return (`os.Exit`, `log.Fatal`, `exitcode.Exit`) end their paths.
//   - Function literals: a literal the function calls (or starts) counts
//     with its side effects; one it only returns or stores does not. Each
//     literal is checked as a function of its own (a cobra `RunE`).
//   - `return f()` where `f` both writes and may return ARG_ERROR is not
//     reported at the caller: the order inside `f` is `f`'s, and is checked
//     there. When `f` writes but returns ARG_ERROR only before its writes,
//     its ARG_ERROR follows none of its own side effects; when it may
//     return ARG_ERROR after them, the finding is inside `f`. Another
//     origin of the same emission is still paired with `f`'s side effects:
//     `err := f(); if err == nil { err = validate() }` returns
//     `validate`'s ARG_ERROR after `f` wrote.
//   - ARG_ERROR chosen only under a test of what a call's error is, other
//     than whether it is nil (`errors.Is`, `errors.As`, a type assertion, a
//     function of the error such as `isUsage(err)`), is for one class of
//     that call's errors: whether the call returns an error of that class
//     after its side effect is the callee's to tell, so the call's side
//     effect is not counted for it. A framework's run method returns its own
//     usage errors (an unknown flag, a missing argument) before any run
//     function runs; a main that exits with 3 for those alone keeps the
//     contract, and one that exits with 3 for every error does not.
//   - A helper that gives ARG_ERROR to one type of the error it is given
//     alone (`if errors.As(err, &providerErr) { return ExitError{Code: 3}
//     }`) emits it only where it is given an error that may be of that
//     type: one of the types the call that made the error may return (see
//     [argerror]). `return exitError(err)` after `err := workflow.Release()`,
//     which returns no provider error, emits no ARG_ERROR; after
//     `workflow.Publish()`, whose provider may refuse, it does. Evidence:
//     gitflow's releaseExitError (3 for provider errors, which only its
//     publish step returns); c8volt's HandleAndExit is the same shape for
//     exits, which the exits pass reads for sentinels.
//   - Flags a cobra command declares mutually exclusive
//     (`MarkFlagsMutuallyExclusive("copy-to", "move-to")`) are never both
//     set in one run: cobra refuses the command line before any run
//     function runs. A side effect that runs only when one is set (under
//     `if copyTo != ""`, read with `GetString("copy-to")` or bound with
//     `StringVar`) is not paired with an ARG_ERROR chosen only when the
//     other is. Evidence: ohmydot's `add --copy-to` and `--move-to`; the
//     same declarations are in cli, beads, c8volt, basecamp-cli and
//     fft-cli.
//   - Facts say "may": a library function that writes only under a condition
//     (an option you do not set) still counts. Suppress such a finding with
//     a reason.
//   - A failed call of an operation that happens whole or not at all
//     (opening, creating, removing or renaming one file, changing its mode,
//     starting a process or sending a signal) changed nothing: an emission
//     reached only on the branch where that call's error is not nil does
//     not count it. A failed `os.WriteFile` (which may have truncated the
//     file), `MkdirAll`, `RemoveAll` or request still counts.
//   - Not followed: calls through function values (other than a
//     framework's run functions), and through interface values whose
//     concrete type the function did not choose, unless the method is the
//     catalogue's (`net.Conn.Write`), marked, or has the side effect of
//     every implementation its package declares. An implementation in
//     another package (a storage backend registered by main) is not seen.
//
// # Cost
//
// No SSA is built for a package that cannot emit ARG_ERROR — one that
// mentions no ARG_ERROR value, has no exit with 3, and calls no function
// that may return or exit with one; there the check costs nothing beyond
// the helper passes, whose side-effect and ARG_ERROR facts are computed from
// syntax and types. See [performance].
//
// # Fix
//
// Move the validation before the first side effect, so that ARG_ERROR is
// emitted while nothing has changed; where the input can only be judged
// after a write, emit PARTIAL_FAILURE instead.
//
// # Flags
//
// `-config.sideeffects=LIST`: third-party functions with side effects,
// comma-separated, as `import/path.Func` or `(*import/path.Type).Method`; for
// example `-config.sideeffects='(*cloud.google.com/go/storage.Writer).Close'`.
// A name that names no function of the program is an ARG_ERROR (see the
// config pass). `-argphase.sideeffects` is an earlier spelling of the same
// setting.
//
// [argerror]: https://github.com/exitlint/exitlint/blob/main/docs/checks/argerror.md
// [exits]: https://github.com/exitlint/exitlint/blob/main/docs/checks/exits.md
// [sideeffects]: https://github.com/exitlint/exitlint/blob/main/docs/checks/sideeffects.md
// [performance]: https://github.com/exitlint/exitlint/blob/main/docs/performance.md
package argphase
