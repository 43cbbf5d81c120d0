// Package exits defines the helper analyzer that knows which calls end the
// process, and with which exit codes.
//
// # Analyzer exits
//
// exits: find the calls that end the process and the functions that do
//
// The exits pass reports nothing.
//
// A call ends the process when it is
//
//   - `os.Exit`, `syscall.Exit` or exitlint's `exitcode.Exit`, with the
//     constant value of its argument, or "computed" when the argument is no
//     constant;
//   - `log.Fatal`, `log.Fatalf`, `log.Fatalln` or the same method of a
//     `*log.Logger` (exit code 1);
//   - a well-known fatal function of a logging or command-line library (exit
//     code 1): `cobra.CheckErr`; kong's `Fatalf` (of a `*kong.Kong`, and of
//     a `*kong.Context` through it); the `Fatal…` functions and methods of
//     logrus, zap, zerolog and charmbracelet/log; `Exit…` of klog and glog;
//     and the functions the `-config.fatals` setting adds;
//   - the `Fatal…` functions of klog and glog, which end a run the way a
//     crash does, with a stack dump of every goroutine: klog's (v1 and v2)
//     with 255; glog's with 255 before v1.1.0 and, from v1.1.0 on, by
//     sending the process SIGABRT, which the Go runtime ends with 2. A glog
//     of v1.1.0 or later is told by its API (it declares `FatalDepthf`).
//     Evidence: krew's `klog.Fatal` after every failed command and in its
//     manifest validator, pluto's `klog.Fatal`, kind's kindnetd, and the
//     `klog.Fatalf` after `cmd.Execute()` in the mains of Kubernetes
//     components such as binrclab/headcni's daemon;
//   - kong's `FatalIfErrorf(err)`, the end of kong's documented idiom
//     (`ctx.FatalIfErrorf(ctx.Run())`): when err is not nil it exits with
//     the code err carries — an `ExitCode() int` that errors.As finds — or
//     with 1. Its code is "computed" when the call's own error says it is
//     not the program's 1: err's type has `ExitCode() int` (`var e
//     coder; if errors.As(err, &e) { ctx.FatalIfErrorf(e) }`), or err is
//     last assigned the error of kong's `Parse` (`kctx, err :=
//     parser.Parse(os.Args[1:])`: a `*kong.ParseError`, whose code is
//     kong's, as `kong.Parse`'s own exit is); or when the program's module
//     declares, in the package or a package of the module it imports, a
//     concrete error type with a method `ExitCode() int`: the program gives
//     its errors their codes and kong exits with them, and the 1 is the
//     last branch of that classification. It cannot be proved that the
//     error at hand is one of them; the rule trusts a program that made
//     the type for kong to read. An interface that declares the method, or
//     a type with it that is no error, declares no such type, and neither
//     does another module (a child's `*exec.ExitError` passed through is
//     no code of the program's). Otherwise the code is 1. kong versions
//     that declare no `kong.ExitCoder` (v1.6.0 and before; zk builds with
//     v0.5.0) always exit 1 from it, whatever the error's methods: there
//     only the parse error's 1, kong's own, is "computed".
//   - a call of the `Exit` field of kong's parser (`ctx.Exit(1)` on a
//     `*kong.Context`, `app.Exit(0)` on a `*kong.Kong`), with the constant
//     value of its argument or "computed": kong sets the field to os.Exit,
//     and programs call it as their exit (dasel's MustRun,
//     TomWright/dasel@008b0ed, exits 1 so after every command's error;
//     grafana/flux-commit-tracker@ccaecb1 after its controller fails;
//     cashapp/hermit@6bccbca with `exit.FromError(err)`; a version flag's
//     `app.Exit(0)` in Arthur1/semconview-go@9680e05). Not when the
//     package, or a package of its module it imports, gives kong an exit
//     function of its own — the option `kong.Exit(f)` with f other than
//     os.Exit, or an assignment to the field — since that function may
//     not end the process: programs pass one that does nothing or records
//     that help was shown and go on (buildkite/cli@f0f6749's help
//     renderer, vabc's root command, lincrawl's parser). kong's own calls
//     of the field are its FatalIfErrorf's and Fatalf's exits, above. A
//     parser built with such an option in a package that imports the
//     calling one is not seen;
//   - a call of a function that carries an exit fact;
//   - a call of a package-level function variable that holds one of the
//     exit functions (`var osExit = os.Exit`, the usual test seam), when no
//     code of the program assigns it elsewhere; a test's swap, in a
//     `_test.go` file or a helper that takes a `*testing.T`, does not count.
//     A fact carries it to other packages;
//   - a call of an unexported function field that holds an exit function
//     by default (`terminate: os.Exit` in its constructor) and is
//     otherwise set only from a setter's parameter: an argument parser's
//     `a.terminate(1)` in its Fatalf, FatalIfError and Parse (kingpin;
//     ghz's six exits through it went unseen; kopia's and the Azion CLI's
//     `osExit` fields are the same seam). The setter's callers are
//     not followed: a program that installs a function that returns is
//     taken to exit all the same (exitFields, vars.go).
//
// An exit fact is exported on every function declaration whose body may end
// the process, directly or through calls of other functions of its package
// (followed to a fixed point) or of its dependencies (through their facts),
// so a helper in a dependency that calls `os.Exit(1)` is known at every call
// site. It records the codes (`exits(1 via os.Exit(1))`,
// `exits(1,3 via Die → os.Exit(1))`, `exits(computed via exitcode.Exit(…))`),
// the module that declares the function, so a check can tell a helper of
// the program's own module from a library's, and how many package boundaries
// the shortest path to the exit crosses (`Crossings`: 0 when the exit is in
// the function's own package), so a check can tell an exit helper from a
// function that reaches an exit only deep inside other packages.
// `ByCode` says how the function exits with each code, and when a code
// comes only under `if errors.Is(param, ErrX)` (or a tagless switch's
// `case errors.Is(param, ErrX)`): the parameter and the sentinel, so that a
// call can be judged by the error it passes. Only the pass reads its facts;
// checks ask its result (`exits.Exits`): `Exits.Func` returns what a
// function's exit fact says (`exits.Summary`), `Exits.Code` its code fact's
// parameters (`exits.CodeParams`).
//
// # Exit codes that travel
//
// An exit code is often chosen far from the exit call. The pass follows
// constants to the exits they reach and records them as code sites
// (`Exits.Sites`): the argument of an exit call; a constant assigned to the
// local variable an exit is called with; a constant returned by a function
// whose result becomes the exit code (`os.Exit(run())`,
// `code := run(); os.Exit(code)`, and further through the functions that
// return run's result); and a constant passed to a parameter that a
// function exits with (`die(3)` when `die` calls `os.Exit(c)`) or returns
// (`os.Exit(report(err, 5))`). The code a CLI framework's error carries to
// the framework's exit counts as well: urfave/cli's `cli.Exit("…", 3)` and
// `NewExitError`. An exit-status variable — a package-level integer an exit
// call passes on, `os.Exit(exitStatus)` — makes whatever is stored in it an
// exit code (`exitStatus = 2`), and a function that stores its parameter
// there sets the code it is given (`base.SetExitStatus(2)`). An integer
// field of a struct type of the package whose value reaches an exit is
// followed the same way (`os.Exit(r.ExitCode())` where `ExitCode` returns
// `r.state.exitCode`; `os.Exit(ce.code)` of an error type's field): every
// constant the package assigns to it, or gives it in a composite literal
// (`&codeError{code: 6}`), is an exit code. An error whose value is its
// code (`type errJustExit int` with an Error method; main exits with
// `int(code)` once it finds one in the error chain) is followed as a field
// of its type (interrors.go): every conversion to the type, in the package
// or in a package it imports, stores an exit code (`return
// errJustExit(2)`, `exit.ErrExit(1)`); an integer type that is no error is
// not, and a conversion of a computed status (`ErrExit(m.status)`) carries
// what is stored there. Evidence: garble, gum, and an exit package of Red
// Hat's whose `type Error int` is the code. A named result returned by a
// bare `return` carries what the function assigns it. A code travels
// with other results as well: `out, code = process(f)` follows process's
// one integer result (buildifier's processFile returns its diagnostics and
// the code a bad file earns; a localisation tool's `run` returns
// `(Result, exitCode int)` and main prints the one and exits with the
// other; a YAML test runner's `Run` returns its summary beside the code) —
// unless the caller tests
// the variable for being a code at all (`if code >= 0 { return code }`,
// `code != -1`): then the call's constants include a sentinel, and which of
// them reach the exit is the test's to say, so none are followed. A code
// returned beside an error (`func refresh() (int, error)`) reaches the exit
// only from the calls whose error is nil when the caller tests the error
// first and leaves (`code, err := refresh(); if err != nil { return 4 };
// return code`): then the returns beside an error that is never nil
// (`return 1, err` under `if err != nil`, `return 2, fmt.Errorf(…)`) are
// not followed, within the package and through result facts (a Source
// records it). The branch leaves by a return, a branch statement, panic,
// an exit or log.Fatal; a caller that reads the code in the error branch, or
// without testing the error, exits with them all (errorGated, gated.go).
// A code fact records
// a function's exit, returned and stored parameters, so a helper in a
// dependency is followed too. By
// convention a method `ExitCode() int` of an error type, a function that
// maps an error to an int and is named for exit codes
// (`ExitCode(err error) int`), and a function whose result is of a type
// named for exit codes (`func Main() exitCode`) return exit codes, unless
// they read a child process's status (`exec.ExitError`, `os.ProcessState`,
// `syscall.WaitStatus`). An unexported function named so is one only where
// its result reaches an exit of its package: `gitExitCode(err) int`, which
// maps an error to git's own status for comparing with git's 1, is none.
// So is the `Run(args []string) int` of a command of a framework whose
// commands return their exit status (mitchellh/cli and its hashicorp/cli
// fork: a type that implements `cli.Command`): `CLI.Run` returns it, and
// the program exits with it — hcdiag's own table (16–20, 32–33) reaches
// its exit only so, as do the commands of the many tools built on that
// framework; a `Run` method of a type that is no framework command is
// none. The same holds for the `Execute(ctx, f, args...) ExitStatus` of a
// google/subcommands command, which subcommands.Execute returns to a main
// that exits with it (wire's diff and check, bazenv, go-patchutils).
//
// Code at package level is code of the package. A CLI declares its errors
// as package-level values (`var errUsage = &exitCodeError{code: 2}`,
// `var errTaken = cmderrors.ExitCode(7, err)`) and its commands as
// package-level values whose actions are function literals (`var
// getCommand = &cli.Command{Action: func(…) error { return
// cmderrors.ExitCode(2, err) }}`, a cobra `RunE`). The pass walks the
// initializers of the package's variables as it walks function bodies:
// for the values they store into fields and variables, the calls they
// make and the exits they reach. Evidence: govulncheck's internal/scan
// keeps its codes only in such values (`errVulnerabilitiesFound` carries
// 3, `errUsage`, `errNoPatterns` and `errNoPackagesMatched` carry 2), and
// src-cli's codeowners commands, actions of package-level commands, fail
// with `cmderrors.ExitCode(2, …)` for a repository not found, and its
// `ExitCode1 = &ExitCodeError{exitCode: 1}` is the code of every failed
// login; none was seen while only functions were walked.
//
// # Exit codes that cross a package boundary
//
// A CLI often chooses its codes in one package and exits in another:
// `func main() { os.Exit(cli.Main(os.Args)) }`, `os.Exit(cmd.Execute())`,
// `os.Exit(err.Code())` through an interface whose implementations live in
// an errors package. Facts flow only to importing packages, so the package
// that writes `return 2` cannot know that its result becomes an exit code,
// and the package that exits cannot see the `return 2`. The pass therefore
// summarises forward: every exported function or method with one integer
// result gets a result fact listing the constants its result may be
// (`result(2, 7 ← run, 1 ← run (last branch))`) — returned directly,
// through the functions of its package whose results it returns, through
// another package's function by that function's fact, or stored by the
// package in a field or variable it returns — each with its position, its
// value, the named constant it spells, whether it is the last branch of a
// classification (see Exemptions), and the checks an `//exitlint:ignore`
// directive at it names. A method of an interface the package declares
// gets the union of the package's methods that implement it
// (`errs.Coded.Code`). A method of an interface the exiting package
// declares, or of an anonymous one (`var e interface{ ExitCode() int };
// if errors.As(err, &e) { os.Exit(e.ExitCode()) }`), gets the union of
// the methods that implement it among the named types of that package and
// of every package it imports, directly or not, through their result
// facts: govulncheck's main exits so with the code of an unexported error
// type of its internal/scan. When the value the method is called on comes
// out of an error (the target of an `As` function given an error —
// `errors.As`, `errors.AsType`, an errors package's `AsInterface` — or a
// type assertion of an error, and nothing else gives it a value) only the
// types that are errors count: a meter or a report with an `ExitCode`
// method is in no error chain. The package where such a result reaches an exit
// records each constant as a foreign site (`Exits.ForeignSites`), and the
// checks report it where it is written, in the other package, with how it
// gets to the exit ("cli.Main's result → os.Exit") — unless it is written
// in a dependency (the module cache, a vendor directory): a command
// framework's own codes (mitchellh/cli's 127 for an unknown subcommand, its
// 1s for autocomplete failures, which hcdiag's exit passes on) are the
// library's, and a finding at a line of the module cache names code the
// program's author cannot change. A fact carries at most
// 64 constants. exitlint's runtime and the standard library carry none.
//
// A result has a purpose. A function whose own package uses its result as
// a number of another kind — an index or slice bound, an operand of
// arithmetic, a bound compared with a variable, directly or through the
// local variable it is assigned to — is a general-purpose helper (a
// conversion used for indices and, once, for an exit code): its constants
// are no exit codes, in its package or an importing one (the fact says
// `other uses`).
//
// # The contract's last resort
//
// `Exemptions` decides, for the fallback check and for the result facts
// alike, when a 1 is the contract's last resort rather than a catch-all:
// the last branch of a classification (the `default` of a switch, the final
// `else` or `else if err != nil`, or a statement after `if`s, when another
// branch gives a specific failure code or a code computed from the error
// to where exit codes go: an exit, a return, an error's code field, a
// helper's code parameter, or an error that carries its own code), a 1 that
// guards a computed code (`if e.Code <= 0 { return 1 }; return e.Code`),
// an exit after a failed write to stdout or stderr, an exit after a call
// that never fails or fails only inside the program (nofail.go: json.Marshal
// of the program's own value, os.Executable, a strings.Builder's writes,
// and the functions, of the package or of its dependencies through a
// no-fail fact, that fail only through such calls or through writes to a
// standard stream; the fact names the writer parameters whose writes
// count as such only where a call gives them os.Stdout or os.Stderr:
// `render(os.Stdout, v)`; and the Parse of a flag set made with
// `flag.ExitOnError`, which exits itself on a bad flag), an exit after a
// recovered panic, an exit or a code after a call that never returns
// (noreturn.go: a statement of the same block, or of a block that holds
// it, calls an exit, a fatal, a panic, a function of the package whose
// every path ends in one, or a function variable or field that holds only
// such functions, with no label between them for a jump to land on), and an exit or a code where no agent reads it
// (`Moot`): once a termination signal arrived (SIGTERM, SIGHUP,
// SIGQUIT through `signal.Notify` or `signal.NotifyContext`), in the
// branch for a prompt library's user-abort error (`huh.ErrUserAborted`),
// in code that runs only when a standard stream is a terminal (the
// terminal pass: `if term.IsTerminal(int(os.Stdin.Fd())) { … }`, after
// `if !isTTY() { return }`), in code reached only through a hidden
// command or flag (the hidden pass, in the terminal pass's same answer:
// a cobra `Hidden: true` command's `RunE`, `if worker { … }` on a flag
// hidden from the help), in a block that serves MCP or a language
// server over the standard streams (its host reads the protocol, not the
// status), or after a failure to write a profile (runtime/pprof,
// runtime/trace, or creating the file handed to them).
// Every code site, not only a returned one, is asked.
//
// # Exit tables
//
// Programs keep exit tables of their own. The pass finds them without
// configuration (`Exits.Tables`): the constants of the package that reach
// an exit; every constant of a named type one of them has, or of a type
// named for exit codes (`exitCode`, `ExitStatus`), or the type of an
// exit-status variable or of a parameter that carries a code (`func
// SetExitStatus(n StatusCode)`); the constants of their
// const block named `Exit…`; every integer constant of a package named
// `exitcode`, `exitcodes` or `exitstatus`; a const block whose
// constants are all named `Exit…` (not `ExitOnError`, a mode); and a const
// block whose doc comment begins by calling them exit codes or statuses
// (`// Exit statuses returned by the binary`: a table in a package of its
// own, which only other packages pass to an exit). Bit flags are no
// members (flags.go): a constant declared by a shift of iota, or combined
// by a bitwise operator, itself or the named type it has (`ExitCode(i<<8)
// | ExitCodeCall`, `flag | uint64(code)<<32`), is a part of a value, not a
// value a process exits with, unless it reaches an exit itself. A
// fact on each member tells the packages that use it that it is
// checked where it is declared; a package that exits with another
// package's member through that package's function does not check it
// again. `Meaning` reads which of the contract's
// codes a member's name says (the name table is names.go).
//
// Calls inside function literals belong to the literal, not to the function
// that declares it, for the exit facts; the flow of codes follows them
// inside their function, or inside the package-level initializer that
// holds them. The standard library's packages carry no facts: their
// exits are the ones named above. Calls through interfaces and function
// values are not followed: a logger that exits through a stored `func(int)`
// is known only by name, which is why the list of library fatals exists.
package exits
