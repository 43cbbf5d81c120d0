// Package fallback defines an Analyzer that reports GENERAL_ERROR used as a
// catch-all exit.
//
// # Analyzer fallback
//
// fallback: report GENERAL_ERROR (1) used as a catch-all exit
//
// The contract: "GENERAL_ERROR is a last resort. If the condition matches
// any specific code (3–13), use that code instead." Exit code 1 tells an
// agent only that something failed — not whether to retry, fix its input,
// authenticate or give up. A program that ends with 1 wherever anything goes
// wrong hides the specific code the agent needs.
//
// # What it flags
//
// The places where a program ends the process with exit code 1:
//
//   - `os.Exit(1)`, `syscall.Exit(1)`, `exitcode.Exit(exitcode.GeneralError)`,
//     `exitcode.Exit(1)`, `os.Exit(int(exitcode.GeneralError))` — any
//     constant 1;
//   - `log.Fatal`, `log.Fatalf`, `log.Fatalln` and the same methods of a
//     `*log.Logger`, which exit with 1;
//   - well-known fatal functions of libraries: `cobra.CheckErr`; the `Fatal…`
//     functions and methods of logrus, zap (`Logger.Fatal`,
//     `SugaredLogger.Fatal`, `Fatalf`, `Fatalw`, `Fatalln`), zerolog, klog and
//     glog (`Fatal…` and `Exit…`) and charmbracelet/log; and any function
//     named by `-config.fatals`;
//   - calls of a function of another module that ends the process only ever
//     with 1 — a dependency's `Must(err)` helper that calls `os.Exit(1)`,
//     known through the facts of the exits pass. The exit must lie in the
//     helper's own package (`Must` → `fail` → `os.Exit(1)`): a client's `Get`
//     that reaches a decoder's fatal in another package deep below it is no
//     exit helper, and neither is a function that returns an error
//     (`Convert(in, out) error` whose exit is an internal assertion), since
//     it reports failure through its error, nor one that computes a value
//     and takes no error to check (a command's `UsageString`, whose exit is
//     its own rendering failing): `Must(err)` and `MustParse(s, err)` are
//     exit helpers, the caller's error their reason to exit;
//   - a constant 1 that travels to an exit: returned by a function whose
//     result becomes the exit code (`return exitError` in `run() int` that
//     main passes to `os.Exit`, or in a function returning a type named for
//     exit codes), assigned to the variable an exit is called with, or
//     passed to a helper's code parameter (`die(1)`); also when the
//     function is in another package than the exit (`os.Exit(cli.Main())`
//     with `return 1` in package cli): the `return` is reported in that
//     package, where the code must change, unless it is the last branch
//     of a classification there.
//
// Inside a function that returns an error (a command's handler), the advice
// is to return the error, so that the exit code is chosen in one place; in
// main, to exit with the code that fits.
//
// Findings are reported where the code must change: a helper of the
// program's own module that exits with 1 is reported inside the helper, the
// one place to change, and not at each call of it; a library's helper is
// reported at the call.
//
// # Not flagged
//
//   - A 1 that is the last branch of a classification, one rule however the
//     code is spelled and however it travels (the exits pass's Exemptions):
//     the `default` of a `switch`, the final `else` of an `if`/`else if`
//     chain (or a final `else if err != nil`, which tests only that
//     something failed), or a statement after `if`s in the same block,
//     when another branch gives a specific failure code (any but 0 and 1:
//     a code the contract reserves is barecode's to report, and classifies
//     all the same) or a code computed from what went wrong to where exit
//     codes go: an exit (`os.Exit(ce.code)`), a return
//     (`return apiErr.ExitCode()`), the variable the exit reads
//     (`code = e.Code`), an error's code field
//     (`&ExitError{Code: exitConfig}`), a helper's code parameter
//     (`errs.New(errs.ExitCancelled, …)`, `ErrAPI(int(code), msg)`), or an
//     error that carries its own code, passed on as the branch's test
//     found it (`if e, ok := err.(*cli.ExitError); ok { return e }`). The
//     store counts where the exit is not seen too: a client package that
//     classifies an HTTP status into its error's code field classifies,
//     though main, which exits with the field, is elsewhere. The
//     assignment form counts both ways: `code := 1` that a following
//     `switch` overwrites for the errors it knows, and `default: code = 1`.
//     So does `if e.Code <= 0 { return 1 }` followed by `return e.Code`.
//     An earlier `os.Exit(0)` or a call of a helper that might exit
//     somewhere below makes no classification, and neither does an
//     earlier check of another value: a catch-all that names a variable
//     (`dep.Must(err)`) is the last branch only of ifs and switches that
//     test it, not of `if *version == "" { … }` before it. A
//     classification tests what went wrong: an error, an integer code (an
//     HTTP status), a value computed from an error (`msg := err.Error()`,
//     matched for words), or the dynamic type of a variable (a server's
//     error object asserted to a map). A branch on a mode or an option
//     (`if jsonMode`), or a switch that dispatches on a command's name,
//     classifies nothing; nor does a branch that passes on an error that
//     carries no code, and a case that names its error
//     (`case errors.Is(err, ErrLocked): return 1`) is no last branch: the
//     specific code for it is what is missing. A code computed by a
//     helper from a 1 (`os.Exit(emit(msg, 1))`) is no branch of one.
//     Evidence: gh (internal/ghcmd), task, clipbeam (exitCodeFor's
//     `code := ExitGeneric`), hop (printCLIError's `code := 1`); for the
//     stored and passed-on spellings: gitflow (releaseExitError's
//     `cli.ExitError{Code: …}`), qbo (mapHTTPError's switch on the
//     status), sops (updatekeys' `*cli.ExitError` passed on), linear-cli
//     (a `*CLIError` printed with its code), vabc (emitError's
//     `errs.New(errs.ExitCancelled, …)`), larksuite
//     (classifyMCPPayloadError's `ErrAPI(int(code), …)`), skink (ExitCode's
//     words of `err.Error()`).
//   - A use of a member of the program's own exit table whose name says a
//     specific code of the contract while its value is 1 (`ExitUsage = 1`,
//     `exitInvalidArgs = 1`): each use picks the member that fits its
//     case, and the fault is in one place, the declaration, which barecode
//     reports (the name says ARG_ERROR, the value is GENERAL_ERROR). A
//     member named for failure in general (`ExitError`, `ExitGeneral`) or
//     for nothing the contract names (`ExitAPI`) is a catch-all at each
//     use and stays reported there. This is the rule of helpers above:
//     a finding goes where the code must change, once. Its cost: a use of
//     such a member for a case it does not fit (`ExitUsage` for failed
//     health checks) is not reported either. Evidence: andurel
//     (`ExitUsage = 1` returned for ten usage errors), gocryptfs
//     (`os.Exit(exitcodes.Usage)` with `Usage = 1`, 23 uses), go-broadcast
//     (`checkAuthExitNoToken = 1`), axonops/audit's audit-gen
//     (`exitInvalidArgs = 1` for each bad flag).
//   - An exit with 1 in the body of `if err != nil` where err is the error
//     of a write to `os.Stdout` or `os.Stderr` (`fmt.Fprintln(os.Stdout, …)`,
//     `json.NewEncoder(os.Stdout).Encode(v)`, the `Flush` of a
//     `bufio.Writer` over it): with the output stream broken, the envelope
//     that would explain any other code is lost too, and GENERAL_ERROR is
//     the last resort the contract keeps it for.
//   - An exit in the body of `if err != nil` where err is the error result
//     of a function of the package that returns `nil` for it in every
//     `return` (a config-path lookup that falls back instead of failing):
//     the exit never happens, so no agent sees its code. A function that
//     returns an error variable, or its named result bare, may fail, and
//     the exit after it is reported.
//   - An exit in the body of `if err != nil` where err is the error of
//     `json.Marshal` or `json.MarshalIndent` of a value whose type
//     encoding/json always encodes: booleans, integers and strings, and
//     pointers, arrays, slices, string- or integer-keyed maps and structs
//     made only of them (fields tagged `json:"-"` and unexported fields are
//     never encoded). A program marshalling its own version, status or
//     error record has no failure there for any code to describe. A float
//     (NaN and ±Inf are refused), an interface, a type with its own
//     MarshalJSON or MarshalText (time.Time's refuses years past 9999) or
//     a type that contains itself may fail, and the exit after it is
//     reported. Evidence: tflint (its version command's output), andurel
//     (a failure envelope of strings), pura.
//   - An exit with 1, or a 1 that becomes the exit code, where no agent
//     reads it:
//     (a) once the process received a termination signal — after a
//     receive from a channel that `signal.Notify` relays SIGTERM, SIGHUP
//     or SIGQUIT to (every signal when it names none), or from the `Done`
//     of a context `signal.NotifyContext` cancels on one, made earlier in
//     the same function (an earlier statement of an enclosing block, the
//     case of an enclosing `select`, the range of an enclosing loop), also
//     through a function of the package that returns such a channel, and
//     in a function literal that a function of the package calls only
//     after such a receive (the cleanup handed to a shutdown handler).
//     The caller or a supervisor is stopping the process and knows it did;
//     no code of the table describes a stopped run (130 is the shell's),
//     so 1 is the last resort. A handler of `os.Interrupt` alone is the
//     user's Ctrl-C at a terminal during an interactive operation (a
//     full-screen view, a password prompt): a program with a code for a
//     cancelled operation should use it there, and it stays reported.
//     Evidence: beads (the second SIGINT/SIGTERM/SIGHUP force-exits),
//     task (the third one), tflint (the plugins' cleanup on SIGTERM).
//     (b) in the branch that runs only when the error is a prompt
//     library's user abort: `if err == huh.ErrUserAborted`, `if
//     errors.Is(err, terminal.InterruptErr)`, or a switch case testing
//     that, where the errors are charmbracelet/huh's `ErrUserAborted`,
//     bubbletea's `ErrInterrupted`, survey's `terminal.InterruptErr` and
//     promptui's `ErrInterrupt` (v1 and v2 import paths). Only the person
//     at the terminal aborts a prompt. A prompt's other errors stay
//     reported — a missing terminal, a closed stdin (`io.EOF`), a timeout
//     (`huh.ErrTimeout`), a declined confirmation — since an agent's run
//     meets them. Evidence: larksuite (its huh login and config-init
//     forms), a survey-driven stacked-diff tool (`if err ==
//     terminal.InterruptErr { os.Exit(1) }`).
//   - Computed codes: `exitcode.Exit(exitcode.FromError(err))`,
//     `os.Exit(code)`.
//   - Helpers whose exits are not all 1 (`flag`'s exit 2, a helper that
//     exits with 0 or 1, one that takes the code as a parameter).
//   - Test files (TestMain's `os.Exit(m.Run())`, `log.Fatal` in a test
//     helper): tests are no part of the command's contract.
//   - A method of your own named `Exit` or `Fatal` that is no process exit.
//   - Generated files.
//
// # Example
//
// Flagged:
//
//	if err := cmd.Execute(); err != nil {
//		os.Exit(1) // os.Exit(1) ends the process with GENERAL_ERROR (1), a catch-all …
//	}
//	log.Fatalf("load: %v", err) // log.Fatalf ends the process with GENERAL_ERROR (1) …
//	cobra.CheckErr(err)         // cobra.CheckErr ends the process with GENERAL_ERROR (1) …
//
// Good:
//
//	if err := cmd.Execute(); err != nil {
//		fmt.Fprintln(os.Stderr, err)
//		exitcode.Exit(exitcode.FromError(err)) // a specific code when one applies
//	}
//
//	// A classification may end with GENERAL_ERROR as its last branch.
//	switch {
//	case errors.Is(err, fs.ErrNotExist):
//		exitcode.Exit(exitcode.NotFound)
//	case errors.Is(err, fs.ErrPermission):
//		exitcode.Exit(exitcode.PermissionDenied)
//	default:
//		exitcode.Exit(exitcode.GeneralError)
//	}
//
// # Fix
//
// Choose the code that tells the agent what to do: `exitcode.FromError(err)`
// maps `context.DeadlineExceeded`, `fs.ErrNotExist`, `fs.ErrPermission` and
// errors carrying an `*exitcode.Error` to their codes. For an exit inside
// `if err != nil { … }` in a file that imports exitlint's `exitcode`
// package, the check offers a suggested fix that maps the error:
//
//	if err != nil {
//		os.Exit(1) // becomes exitcode.Exit(exitcode.FromError(err))
//	}
//
// For `log.Fatal` there is no automatic fix: print the message, then exit
// with a specific code.
//
// # Flags
//
// `-config.fatals=LIST`: further functions that end the process with 1,
// comma-separated, as `import/path.Func`, `(import/path.Type).Method` or
// `(*import/path.Type).Method`; for example
// `-config.fatals='(*example.com/log.Logger).Die'`. A malformed name, or one
// that names no function of the program, is an ARG_ERROR (see the config
// pass). `-fallback.fatals` is an earlier spelling of the same setting.
package fallback
