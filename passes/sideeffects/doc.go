// Package sideeffects defines the helper analyzer that knows which calls may
// change the world outside the process.
//
// # Analyzer sideeffects
//
// sideeffects: find the calls and functions that may change the world outside the process
//
// The sideeffects pass reports nothing. A call has a side effect when its
// callee
//
//   - is in the catalogue of standard-library side effects (`Catalogue`, in
//     `passes/sideeffects/catalogue.go`: file writes, creations, removals,
//     renames, mode and owner changes; HTTP requests other than GET and
//     HEAD; raw network writes; `database/sql`'s Exec and Commit, and its
//     Query and QueryRow given a constant statement that changes data
//     (`ChangesData`, in `passes/sideeffects/sql.go`); starting processes
//     and sending signals);
//   - is marked `//exitlint:sideeffect` — a function, or an interface method,
//     which makes every call through it a side effect;
//   - is named by the `-config.sideeffects` setting;
//   - or carries a side-effect fact (a function of your code that makes such a call).
//
// A call that runs only when a standard stream is a terminal (the
// terminal pass: under `if term.IsTerminal(int(os.Stdout.Fd()))`, after
// `if !isTTY() { return }`, under a local flag set only at a terminal) is
// no side effect, on the syntax side and the SSA side alike: an agent runs
// the command with its streams redirected and never makes it. So is a
// call that runs only through a hidden command or when a hidden flag is
// set (the hidden pass, read through the terminal pass's same answer). A
// function whose only side effects are such carries no fact.
//
// Writes to `os.Stdout` and `os.Stderr` are no side effect: diagnostics
// change nothing an agent would have to undo. Neither are reads, and
// `os.OpenFile` counts only when its flag is a constant that truncates
// (`O_TRUNC`) or creates a file it does not open to append (`O_CREATE`
// without `O_APPEND`): opening a file to write or append changes nothing by
// itself (a log opened with `O_APPEND|O_CREATE` is created empty at most;
// a debug trace a library opens so and writes through a logger changes
// nothing an agent would undo), and what is written then counts —
// `(*os.File).Write` and its kin, and `fmt.Fprint`, `Fprintf`, `Fprintln`,
// `io.WriteString` and `io.Copy` given an `*os.File` other than stdout,
// stderr and a temporary file.
// `(*http.Client).Do` counts unless its request is built by
// `http.NewRequest` or `NewRequestWithContext` with the constant method GET
// or HEAD (`http.MethodGet` included), directly or through the request's
// `WithContext` and `Clone`; a request whose method is not known counts.
// Writing, creating, removing and changing files and directories
// (`os.WriteFile`, `Create`, `OpenFile`, `Mkdir`, `MkdirAll`, `Remove`,
// `RemoveAll`, `Chmod`, `Truncate` and their kin) does not count when the
// path is a directory the same function made with `os.MkdirTemp`, or
// `filepath.Join` (or `path.Join`) of one; neither do writes to a file `os.CreateTemp` made
// or one created or opened there: temporary files are nothing an agent
// would undo. `syscall.Kill` counts unless it signals the process itself (0,
// its group, or `os.Getpid()`): a terminal program suspends itself so.
//
// When the request, file or path such a rule reads is a parameter of the
// function making the call (or the path is the directory of one, or a join
// that starts with one, or the file was opened at one), whether the call counts is for that function's
// callers to tell: its fact carries the condition (`Cond`), and each call of
// it applies the rule to the argument it gives —
// `sideEffect(http.Client.Do sends an HTTP request if parameter 2 is no GET
// or HEAD request)` on a helper that sends what it is given, which a caller
// giving it a GET calls with no side effect. A function with two different
// conditions counts unconditionally.
// A function whose body makes such a call — directly, through a function
// literal it calls, defers, starts or passes as an argument, or through a
// call of another function of its package (to a fixed point) or of a
// dependency (through facts) — carries a fact that names the
// chain down to the catalogue entry:
// `sideEffect(Archive → Save → os.WriteFile writes a file)`. Function
// literals that are only returned or stored are not counted: they run when
// someone else calls them.
//
// A method of an interface the package declares has the side effect of its
// implementations in that package when every one of them (one at least)
// has one whatever it is given: a call through the interface runs one of
// them, whichever value the caller holds.
// `sideEffect(provider.GitHub.CreateRelease → … sends an HTTP request)` on
// `Provider.CreateRelease`, whose GitHub and GitLab implementations both
// send a POST. One implementation without it (an in-memory store beside
// the file store) leaves the method without one, and implementations in
// other packages are not seen: facts flow from a package to its importers,
// never back.
//
// A framework's run method calls the run functions of the commands the
// program gives it, as function values no static call reaches: cobra's
// `Execute` (and `ExecuteC`, `ExecuteContext`, `ExecuteContextC`) calls
// the `RunE`, `PreRunE`, `PostRunE`, `PersistentPreRunE` and
// `PersistentPostRunE` of its commands; urfave/cli's `App.Run` (v1, v2;
// `Command.Run` in v3) calls `Before`, `Action` and `After`. A call of the
// run method has the first side effect of those run functions, given in a
// command literal (`&cobra.Command{Use: "add", RunE: …}`) or assigned
// (`cmd.RunE = runAdd`), in the package or in a package it imports (a
// package fact, `runs(…)`, carries them to importers):
// `sideEffect(cobra.Command.Execute → RunE of add → os.WriteFile writes a
// file)`. Only run functions that return an error count: the run method's
// error follows their side effects. One that returns nothing (cobra's
// `Run`) may write, but no error of the run method follows its writes.
//
// # Housekeeping
//
// A write of the program's own state under the user's home is a side
// effect marked housekeeping (`Effect.Housekeeping`; a fact ends in
// `(housekeeping)`): an agent can neither see it nor be harmed by it, a
// retry repeats it identically, and no run behaves differently on it.
// Checks that promise the agent zero side effects (argphase) leave it out;
// others still see it. It is:
//
//   - creating directories (`os.Mkdir`, `os.MkdirAll`) under the user's
//     config or cache directory;
//   - any write, creation, removal or change under the user's cache
//     directory: a cache is disposable by definition;
//   - creating a file under the user's config directory only when none is
//     there (`os.OpenFile` with `O_CREATE|O_EXCL`), and writing to the file
//     so created: a default config written on first run, which that run
//     reads as the next one will.
//
// The user's cache directory is `os.UserCacheDir()`, `$XDG_CACHE_HOME`,
// `~/.cache` (`filepath.Join(home, ".cache")` of `os.UserHomeDir()` or
// `$HOME`), adrg/xdg's `CacheHome` and `CacheFile`, and any path joined
// under one (but with `..`). The user's config directory is
// `os.UserConfigDir()`, `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`,
// `$XDG_STATE_HOME`, a dot-directory of the home (`~/.config`, `~/.tool`),
// adrg/xdg's `ConfigHome`, `DataHome`, `StateHome` and their `…File`
// helpers, and a path joined under one with constants only: a file or
// directory the user names under it (a profile) is the user's, not the
// program's. A path is followed through local variables, `filepath.Join`,
// `filepath.Dir` and `Clean`, and the program's functions whose every
// return (but those that return an error beside a constant) gives such a
// path: they carry a fact, `homePath(config)` or `homePath(cache)`. A
// helper that writes at the path its caller gives (or at its directory, or
// a join under it) carries a condition saying where the caller's argument
// makes the write housekeeping: `sideEffect(os.MkdirAll creates directories
// if parameter 0 is no temporary path; housekeeping under the user's config
// or cache directory)`.
//
// Still side effects: a directory or file at a path the user gives
// (`os.MkdirAll(out)`), under the home but in no dot-directory, or under
// `os.TempDir()` (no directory `os.MkdirTemp` made); a config written over
// (`os.WriteFile`, `os.Create`, `os.OpenFile` without `O_EXCL`: the next
// run reads what it wrote); a config removed; a path the program reads
// from a flag or a struct field, which cannot be told to be the cache
// directory. A function whose first side effect is housekeeping and which
// then has another carries the other.
// Evidence: docket, which creates its default config on first run
// (`ensureConfig`: `os.Stat`, `os.MkdirAll` of its directory, `os.OpenFile`
// with `O_EXCL`) before it refuses bad input; six ARG_ERROR findings after
// that write were judged noise.
//
// Catalogue entries that happen whole or not at all (`AllOrNothing`:
// opening, creating, removing or renaming one file, starting a process)
// tell checks that a call which returned an error changed nothing.
package sideeffects
