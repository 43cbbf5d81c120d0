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
//   - well-known fatal functions of libraries: `cobra.CheckErr`; kong's
//     `Fatalf`; the `Fatal…`
//     functions and methods of logrus, zap (`Logger.Fatal`,
//     `SugaredLogger.Fatal`, `Fatalf`, `Fatalw`, `Fatalln`), zerolog and
//     charmbracelet/log; the `Exit…` functions of klog and glog; and any
//     function named by `-config.fatals`. klog's and glog's `Fatal…` end
//     with another code (255, or 2 for a glog of v1.1.0 or later): barecode
//     reports them;
//   - kong's `FatalIfErrorf(err)` (`ctx.FatalIfErrorf(ctx.Run())`, the
//     idiom that ends most kong programs) in a program whose module
//     declares no error type with a method `ExitCode() int`: kong exits
//     with an error's `ExitCode()` when it has one, and with 1 for every
//     other error, so every failure of every command ends as
//     GENERAL_ERROR. The advice: give the errors an `ExitCode() int` that
//     returns the code that fits, which kong exits with, or map the error
//     to a code before the exit. With a kong that has no `kong.ExitCoder`
//     (v1.6.0 and before), which always exits 1, the advice is the one for
//     other fatals. Evidence: gafkalo (kmetaxas/gafkalo@2c9ef4f, kafkalo.go:
//     every plan and apply failure against the Kafka clusters), zk
//     (zk-org/zk@fb45445 on kong v0.5.0: the index before a command and
//     each command's error), go-tcg-storage's gosedctl and sedlockctl
//     (open-source-firmware/go-tcg-storage@c04b93d: a drive that will not
//     open, a refused password);
//   - a call of the `Exit` field of kong's parser with 1 (`ctx.Exit(1)`),
//     which is os.Exit unless the package or a package of its module it
//     imports gives kong an exit function of its own (the exits pass says
//     when). Evidence: dasel (TomWright/dasel@008b0ed, internal/cli's
//     MustRun: every command's error), flux-commit-tracker
//     (grafana/flux-commit-tracker@ccaecb1, cmd/main.go: a controller that
//     cannot reach its cluster or GitHub), nctl (internal/format's
//     ExitIfErrorf: a missing subcommand, a usage error, exits 1 instead
//     of kong's parse code). The look-alike stays silent: `kong.Exit(func(int)
//     { helpShown = true })` (vabc) or a no-op (buildkite/cli@f0f6749,
//     lincrawl), after which the field is the program's function;
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
//   - calls of a function of another module that parses the process's
//     command line itself and ends a command line it refuses with 1: it
//     reads os.Args beyond the program's name, directly or through a
//     function of its package, and exits there (the exits pass's
//     ParsesArgs). Such a parser computes its value and takes no error,
//     yet its exit is the program's answer to the agent's own mistake,
//     which ARG_ERROR (3) names: kingpin.Parse(), through MustParse and
//     Fatalf, in ghz, golines, prom2json and speedtest-go. The advice is
//     the library's form that returns the error (kingpin's
//     `app.Parse(os.Args[1:])`), and ARG_ERROR on it. A function that
//     reads only os.Args[0] (a usage line's program name) parses nothing,
//     and one that returns an error reports failure through it;
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
//     A lone `if err != nil { os.Exit(1) }` after an if that classified
//     err is the last branch as a bare exit there is: `if es, ok :=
//     errors.AsType[interp.ExitStatus](err); ok { os.Exit(int(es)) }`
//     then `if err != nil { …; os.Exit(1) }` (a shell's main; the same
//     with `err.(*exec.ExitError)` in wrappers that pass a child's status
//     on: a Terraform runner's handleError, a git-diff forwarder, a
//     container shim's wait).
//     An earlier `os.Exit(0)` or a call of a helper that might exit
//     somewhere below makes no classification, and neither does an
//     earlier check of another value: a catch-all that names a variable
//     (`dep.Must(err)`) is the last branch only of ifs and switches that
//     test it, not of `if *version == "" { … }` before it (the keys of a
//     literal are no variables: `return Failure{Code: kind, Exit: 1}`
//     after `if errors.As(err, &apiErr) { … }` is that classification's
//     last branch, as in docket's mail Classify). The results of one
//     call are one outcome: a catch-all that names the error follows a
//     classification of the status the same call returned
//     (`body, status, err := client.Delete()`, then `if status == 404 {
//     return "", ExitNotFound, err }` and `return "", ExitError, err`),
//     as in gcapi's delete and list requests; a status from another call
//     is no test of that error. A
//     classification tests what went wrong: an error, an integer code (an
//     HTTP status), a value computed from an error (`msg := err.Error()`,
//     matched for words), or the dynamic type of a variable (a server's
//     error object asserted to a map). A switch that is a table of codes
//     tests what went wrong whatever its value's type: one on a value that
//     is no boolean, every clause of which only returns a constant code,
//     two of its cases specific ones. Its value is a category of failure
//     (golazo's `ExitCodeFor(code ErrorCode)`, a string type of
//     categories mapped to 2, 3, 4 and 5 with a default of 1; in the code
//     corpus raids-lab/crater's `ExitCodeForCategory(category string)`,
//     GMVStudio/adex-058-cli's `ExitCodeForCategory(c Category)`,
//     iainmoffat/sophosfw's `ExitCodeFor(kind string)`), and its default
//     is the last branch of the classification; a case it names and gives
//     1 is reported. The catch-all may come first, as a guard that keeps out the
//     errors the table does not know: `if !errors.As(err, &e) { return 1 }`
//     (or `if !ok` after `e, ok := err.(*Error)`), then a
//     classification of `e`; the guard's 1 is that classification's
//     catch-all, as the default after it would be. A guard followed by
//     nothing that tests `e`, or by a classification of another value,
//     is a plain catch-all. Evidence: heycli's ExitCodeFor; in the code
//     corpus nkootstra/floceed's ExitCode, erikvoit/dharana-cli's
//     exitCodeForError (a type assertion), SukramJ/openccu-loom's
//     exitCodeFor (HTTP statuses) and LumoAuth/cli's exitCode. A switch whose clauses do the program's work is no
//     table. A branch on a mode or an option
//     (`if jsonMode`), or a switch that dispatches on a command's name,
//     classifies nothing; nor does a branch that passes on an error that
//     carries no code, and a case that names its error
//     (`case errors.Is(err, ErrLocked): return 1`, a service's
//     `apiErrNoPermission` case returning 1) is no last branch: the
//     specific code for it is what is missing. Whether a word of the
//     contract's table names the case does not decide it: on code nobody
//     tuned for, cases named outside the table (refused input, a failed
//     write) were judged as needing their codes all the same.
//     A code a classifier returns and its caller stores in an error's
//     code field (`c, kind := classify(code); &ExitError{Code: c}`) is
//     followed to the classifier's returns, also from a package that does
//     not see the exit (larksuite's ClassifyLarkError, whose permission,
//     rate-limit, contention and invalid-parameter cases return 1, went
//     unseen). A code computed by a
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
//   - A 1 returned beside an error that is never nil (`return 1, err`
//     under `if err != nil`, `return 1, fmt.Errorf(…)`) by a function whose
//     callers read the code only where the error is nil (`code, err :=
//     refresh(); if err != nil { return mapErrorToExit(err) }; return
//     code`): no run exits with it. What the caller does in the error
//     branch is what it exits with, and is judged there. A caller that
//     reads the code in that branch, or without testing the error, exits
//     with every code the function returns, and they are reported as
//     before (the exits pass's errorGated). Evidence: OpsKit's
//     refreshStatusState and executeStages (nine `return …,
//     exitcode.Failure, err` whose four callers exit through a
//     classification of the error), specd-cli's RenderJSON (a bare 2
//     beside each error, barecode's, whose one caller exits through its
//     own failure path).
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
//   - An exit with 1, or a 1 that becomes the exit code, in the body of
//     `if err != nil` where err is the error of a write to `os.Stdout` or
//     `os.Stderr` (`fmt.Fprintln(os.Stdout, …)`,
//     `json.NewEncoder(os.Stdout).Encode(v)`, the `Flush` of a
//     `bufio.Writer` over it): with the output stream broken, the envelope
//     that would explain any other code is lost too, and GENERAL_ERROR is
//     the last resort the contract keeps it for. The stream may reach the
//     write as a writer parameter: a command runner that main hands the
//     standard streams (`os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))`)
//     and that passes its `stdout` on to each command is writing to
//     os.Stdout wherever it writes to that parameter. That holds when
//     every call of the function outside the test files gives the
//     parameter `os.Stdout` or `os.Stderr`, a writer made over one, or
//     its own such parameter; when the function is unexported or in
//     package main (no other package calls it), is only called, never
//     taken as a value, and never assigns the parameter. A test that
//     hands the runner buffers stands in for the streams and does not
//     count. Evidence: dun (`run(args, stdout, stderr)` from main; `list`,
//     `explain`, `respond` and `check` return 1 when the encode to stdout
//     fails); in the code corpus sagolubev/secscan's tracecheck,
//     taimufuraiyaa/agent-memory's release gate and
//     rickyseezy/AgentMemory's package stager (each `run` returns 1 when
//     its write to the stdout main handed it fails). A parameter some call
//     gives a file keeps its findings, and so does an exported function
//     of a package other than main (`os.Exit(cli.Run(os.Args[1:],
//     os.Stdout, os.Stderr))` in another package): its callers there are
//     not known where it is analyzed. The
//     same for a failed read of `os.Stdin` whole (`io.ReadAll(os.Stdin)`,
//     or of a `bufio.Reader` over it, or `io.Copy` of it into a
//     `bytes.Buffer`), and for the `Stat` of a standard stream's own
//     descriptor: nothing the caller sent is at fault and no code 3–13
//     names a broken input stream (an issue tracker's `compact --summary
//     -`; filters that read their input whole from stdin before parsing
//     it: an ECS task-duration report, a document preparer, an ANSI text
//     wrapper; kubeval's `os.Stdin.Stat()` and `io.Copy(buffer,
//     os.Stdin)`; in the code corpus scholacantorum/public-site-backend's
//     send-raw-email (`io.Copy(&buf, os.Stdin)`) and gochain/chainload's
//     `os.Stdin.Stat()`, each exiting 1). A decoder over stdin is no such read: input that does
//     not parse is the caller's to fix. A fatal that takes the error itself and exits
//     only when it is not nil (`cobra.CheckErr(err)`, kong's
//     `ctx.FatalIfErrorf(err)`) is judged by where its error comes from,
//     as `if err != nil { os.Exit(1) }` is: the call it is given, or the
//     call the statement just before assigns to it (here and in the
//     no-fail rules below). A statement of a switch's `case` or a
//     select's clause has the one before it as a block's does: kong's
//     documented idiom dispatches on `switch ctx.Command()` and checks
//     each command's error in its case (butterfish, bakks/butterfish@3b5359e:
//     `case "wrap <cmd>": err := …; if err != nil { … os.Exit(1) }`;
//     MetalX-Dev/mxd@1eb4734; a Plex poster tool and a traffic generator
//     for an echo server in the code corpus). kong's `PrintUsage` is such
//     a write: it renders the help into the parser's stdout (os.Stdout
//     unless `kong.Writers` sets another), and kong's help printer fails
//     only when that write does; a printer of the program's own
//     (`kong.Help`) fails only in rendering help, which no code 3–13
//     describes. Evidence: `default: ctx.FatalIfErrorf(ctx.PrintUsage(true))`
//     after the cases of `switch ctx.Command()` in mxd (main.go), the Plex
//     poster tool and the traffic generator.
//   - An exit, or a 1 that becomes the exit code (returned, or given to
//     `cli.Exit` or to a constructor that stores it), in the body of `if
//     err != nil` where err is the error of a call that has no failure a
//     specific code could describe: it never fails, so the exit never
//     happens and no agent sees its code, or it fails only inside the
//     program, where no code 3–13 applies and GENERAL_ERROR is the
//     contract's own last resort ("something went wrong internally").
//     Not among them: `http.NewRequest` with a constant method, which
//     fails only on a URL that does not parse, since the URL is most often
//     built from the caller's arguments (a malformed one is an ARG_ERROR);
//     a `text/template` executed into a buffer, which fails on its data as
//     much as on its template. The calls:
//   - a function or a method (of a concrete type; for a method called
//     through an interface, see below; not one declared
//     in a file only some platforms build (a constraint naming an
//     operating system, an architecture, unix or cgo, or such a file
//     name suffix), whose twin for the others may fail: larksuite's
//     PrepareSelfReplace returns nil on Unix and moves the binary aside on
//     Windows; a tag of the program's own, such as gosec's debug, picks
//     a build a user opts into, and the release's twin counts) of the package,
//     or of a package it imports (through a
//     fact), whose every failing `return` returns `nil` for its error,
//     lies in the body of such an `if err != nil`, or returns such a
//     call's results whole (`return json.Marshal(v)`): a config-path
//     lookup that falls back instead of failing, a `writeJSON(v)` that
//     fails only when its Marshal does, and a command's
//     `outputVersion(format, v)` that calls it. A function that returns
//     an error variable, its named result bare, or another call's error
//     (a later `os.WriteFile`) may fail, and the exit after it is
//     reported. Evidence: rhc (ConfigPath), gopass (action.New, in another
//     package, whose only return is `return act, nil`; urfave/cli's
//     ShowSubcommandHelp, in a dependency), gitflow (writeJSON under
//     outputReleaseVersion, outputReleasePreview, outputReleasePublish),
//     linear-cli (marshal under PrintError), clipbeam (wire.MarshalEnvelope
//     in another package); cobra's `Help`, which prints the command's
//     help and returns nil (gcapi's `if err := cmd.Help(); err != nil {
//     log.Fatalf(…) }` in each group command).
//   - a function, of the package or of a package it imports, whose every
//     failure is a failed write to a standard stream (or one of the kinds
//     above): a `printJSON(v)` that returns `enc.Encode(v)` of an encoder
//     over `os.Stdout`, a table printer that flushes a `tabwriter` or a
//     `csv.Writer` made over it, and a renderer that writes only to the
//     writer it is given (`render(w io.Writer, v) error`), where the call
//     gives it `os.Stdout` or `os.Stderr`, directly or through a function
//     that passes its own writer on. A broken stream is what the exit
//     after a direct write already tells (above); written once in a
//     helper, it is the same failure. An error variable counts when only
//     such calls, or nil, are assigned to it (`err = json.WriteReport(w,
//     data)` in each case of a format switch, then `return err`). Given a
//     file, or a writer the program made, the same renderer may fail on
//     the file, and the exit after it is reported; so is a function that
//     also reads a file or refuses its input. Evidence: a trading-API CLI
//     in the code corpus (`printJSON(os.Stdout, result)` then `return 1`,
//     in four commands), an output package in the code corpus
//     (`MustPrintJSON` and `MustPrintDataJSON` exit 1 after
//     `PrintJSON(os.Stdout, …)`). Not yet gosec's printReport: its
//     report formats also encode values with marshalers of gosec's own,
//     whose errors gosec chose. Still reported: a writer held in a
//     struct field or returned by another function (`opts.OutWriter`, a
//     `tabOut()` that makes a tabwriter over stdout), and a printer behind
//     an interface: which stream they are is not known where they are
//     written to.
//   - `json.Marshal` or `json.MarshalIndent` of the program's own value.
//     encoding/json refuses only what the program built: a type it cannot
//     encode (a channel, a function), a float that is NaN or ±Inf, a
//     cycle of pointers, a time.Time past year 9999, a marshaler of a
//     dependency failing. None of these is the caller's input, a missing
//     resource or a refused credential, and with the response itself
//     unencodable no envelope can explain another code. Two values keep
//     their finding, because their failure may mean more: one that holds
//     a `json.RawMessage` (encoding/json refuses bytes that are no JSON,
//     and they may be the caller's input passed through, an ARG_ERROR),
//     and one that runs a MarshalJSON or MarshalText of the program's own
//     module, whose errors the program chose. No judged finding of the
//     tuning programs is an exit after a Marshal that should have had a
//     specific code. The rule that came before it, a value whose type
//     encoding/json always encodes (booleans, integers, strings and
//     pointers, arrays, slices, maps and structs of them), is a case of
//     it. Evidence: tflint (its version command's output, and the issues
//     a worker of `--recursive` sends its parent), linear-cli (the
//     envelope of an unencodable data value), qbo (a batch request, an
//     OAuth token), sops (filestatus.Status, declared in another package),
//     rhc (a list of collectorapi.CollectorInfo), andurel (a failure
//     envelope of strings), pura.
//   - `filepath.Walk`, `filepath.WalkDir` or `fs.WalkDir` whose function
//     (a function literal, or a function of the package) returns nil,
//     `SkipDir` or `SkipAll` in every return: a walk returns only what its
//     function returns, and hands even the root's failure to it. Evidence:
//     gosec (PackagePaths, in another package than its main), a walk
//     function in the code corpus that logs each error and goes on
//     (hsli2020/snippets' VisitFile).
//   - `json.Unmarshal(b, &v)` into an empty interface, where b is only
//     ever what `json.Marshal` or `json.MarshalIndent` returned in the
//     same function: the bytes are JSON by construction, and any JSON
//     decodes into an interface (a map refuses what is no object, and the
//     exit after it is reported). Programs normalize their own value this
//     way before a projection. Evidence: andurel (normalizeJSONValue under
//     `--jq`, `--ids-only` and `--count`), a CLI output package in the
//     code corpus that renders `--template` the same way.
//   - `os.Executable`: the operating system cannot tell the program its
//     own path. Evidence: tflint (spawnWorkers, the workers of
//     `--recursive`), caddy (upgradeBuild's ExitCodeFailedStartup).
//   - `StdinPipe`, `StdoutPipe` and `StderrPipe` of an `exec.Cmd`: a pipe
//     to a child fails only when the stream is already set or the command
//     already started, both defects of the program, or when the process
//     has no descriptor left; starting the child, after it, may fail for
//     a missing program and is reported. Evidence: talisman (the git
//     readers' pipes, `log.Fatal` on each), and in the code corpus a glab
//     wrapper's approve command, a Slurm GPU exporter's Execute and a
//     Zenroom script runner (`log.Fatalf` after each pipe).
//   - A flag's value read by a name the program spells as a constant
//     (`cmd.Flags().GetBool("raw")`, `GetString`, `GetStringSlice` and the
//     other `Get…` of a spf13/pflag `FlagSet`): the caller's flags were
//     parsed before, and refused there if they were wrong; the lookup
//     fails only for a name no flag of that type has, a defect of the
//     program. A name that is not a constant may come from the caller,
//     and the exit after it is reported. Also cobra's `Usage`, which fails
//     only when the command's own usage text cannot be written. Evidence:
//     gcapi (`log.Fatalf` after each `GetBool("raw")` and after `Usage`,
//     and a helper in another package that fails only on its
//     `GetString`), gitleaks (its fatal logger after `GetBool` and `GetInt`
//     of its own flags), and in the code corpus a Cisco API-docs
//     generator's generate command (`os.Exit(1)` after `GetString`), an
//     OpenTDF client's tdf command and a Kubernetes-style printer
//     (`log.Fatal` after `GetString("output")`).
//   - `Stat` of an `*os.File` the same function has just opened
//     (`os.Open`, `OpenFile` or `Create`, the only values of its
//     variable): fstat of an open descriptor fails only for a file
//     already closed or an I/O error of the device, neither of which a
//     code 3–13 describes. A file handed in may be any descriptor, and
//     the exit after its Stat is reported; so is the exit after a
//     `Close`, which for a file written to may report the write's
//     failure. Evidence: chroma (`file.Stat()` before sizing its input
//     under `--fail`), and in the code corpus a QUIC file uploader's
//     doUpload, a browser-kiosk config check and a release uploader
//     (`log.Fatal` after the Stat of the file each just opened).
//   - `kong.New(&grammar, options…)` of github.com/alecthomas/kong, when
//     every option is spelled at the call as a kong option other than
//     `kong.Configuration`: it fails only on a struct tag of the
//     program's own grammar that kong refuses, a defect of the build no
//     input causes. `kong.Configuration` reads the user's configuration
//     files while New runs, and an option held in a variable may be that
//     one: after those the exit is reported. Evidence: vabc (its root
//     parser and its `agent` schema dump), confluence (`INTERNAL`,
//     "rebuild the binary"), a Slack mirror of coding sessions, a forum
//     archive tool's help case.
//   - `zap.NewProduction()` and `zap.NewDevelopment()` of go.uber.org/zap
//     (options or none): the presets log to standard error with an encoder
//     zap registers itself, so building the logger cannot fail. A `Config`
//     of the program's own (`cfg.Build()`) may name an encoding or an
//     output path that does not work, and the exit after it is reported.
//     Evidence: kubesec (`log.Fatalf` when the `--debug` logger cannot be
//     built), and in the code corpus a file server's cobra main
//     (morozovcookie/atlant), an image server's main (cshum/imagor-studio)
//     and a YNAB notifier picking a preset by `-debug`
//     (Roma7-7-7/ynab-notifier).
//   - a method called through an interface declared in the module, from
//     a main package, when every type of the program that implements the
//     interface has a method of that name that cannot fail (each by the
//     rule for a function above). A main package imports, directly or
//     not, every package whose types a run can hold, so it knows every
//     implementation. In a package that is no main another program may
//     bring one, and the exit is reported; so it is when a generic type
//     has a method of the name (its instances are in no scope), or when
//     one implementation may fail. Evidence: kubeval's output managers
//     (`Put` of a stdout, a JSON and a TAP manager, each writing to
//     standard output or returning nil), go-i18n's commands (each
//     `parse` builds a `flag.ExitOnError` flag set, whose Parse exits
//     itself on a bad flag and otherwise returns nil), wazero's CLI
//     (`compiledModule.Close`, the one implementation of the library's
//     `CompiledModule`, returns nil: the `return 1` after it never runs).
//     Limits: the types
//     are found through the packages' import lists, and a dependency read
//     from export data lists only what its export data names, so an
//     implementation in a package reached only through such a dependency,
//     whose API names nothing of it, is not seen (the exit is then left
//     out where it might run: a miss, never a false report); gobuster
//     calls `ResultToString`, whose every implementation writes into a
//     `bytes.Buffer`, from a package that is no main, and the exit after
//     it (in its logger's `Fatal`) stays reported.
//   - `crypto/rand.Read` in a file built with Go 1.24 or later (its
//     go.mod's `go` line or a build constraint), where Read crashes the
//     program instead of returning an error; with an earlier Go it may
//     return one, and the exit after it is reported. Evidence: clipbeam
//     (auth.MakeToken, in another package), and every program that makes
//     a token or a nonce (kbfs's RandRead wraps the same call).
//   - The `Write`, `WriteString`, `WriteByte` and `WriteRune` of a
//     `strings.Builder` or a `bytes.Buffer`, which always return a nil
//     error, and `fmt.Fprint…` or `io.WriteString` into one, also through
//     a parameter every call gives one: of unexported functions, or
//     unexported methods no interface of the package names, that are only
//     called, and pass the writer on from parameter to parameter
//     (`writePreamble(buf io.StringWriter)` calling `writeString(buf, s)`,
//     started with `&builder`); not when some call gives `os.Stdout`, or a
//     function on the way is used as a value or named by an interface;
//     the `Write` of a `hash.Hash`, which the interface says never returns
//     an error. Evidence: gopass (merge's `exit.Error(exit.Unknown, …)`
//     after writes into a bytes.Buffer), gum (its completions'
//     writeString, given a bytes.Buffer or a strings.Builder through
//     writePreamble, gen and writeFlag), a bytes.Buffer writer in the
//     code corpus that exits 1 on Write's error (ljy1814/myetcd), kind (a
//     patched document written into a strings.Builder, its error
//     checked), slackdump (an ID obfuscated through a hash, its Write's
//     error checked).
//   - The `Parse` of a flag set made with `flag.ExitOnError` (or
//     spf13/pflag's): on a bad flag the package prints the error and exits
//     2 itself, and 0 after `-h`, so Parse never returns an error and the
//     exit under `if err := fs.Parse(args); err != nil` never runs. The
//     flag set must be a variable of the package that only
//     `NewFlagSet(…, ExitOnError)` assigns; one handed in, or made with
//     `ContinueOnError`, returns its errors, and the exit after it is
//     reported. Evidence: hc-install (the install command's `return 1`
//     under Parse), kube-score (its lint command wraps Parse's error and
//     returns it); in the code corpus mordilloSan/indexer's index command
//     (`os.Exit(1)` under Parse), w754248A3/WeWeGo's genca command,
//     vertex-language/arc's dis command and rancher/rancher-assets'
//     ChangedMinors (each returns Parse's error). The process's own flag
//     set, `flag.CommandLine` (and pflag's), is made with ExitOnError
//     too, and its Parse never returns an error unless the package
//     replaces it or calls its `Init` with another mode; another package
//     of the program doing so is rare enough to be left out. Evidence:
//     air (`log.Fatal` under `flag.CommandLine.Parse(args)`); in the code
//     corpus netsampler/goflow2's reflow (the same, after handing the flag
//     set to its config package to bind flags), Alvaroalonsobabbel/wordle
//     and facebook/fboss's cgo client (`os.Exit(1)` under it). Programs
//     that call `flag.CommandLine.Init(…, ContinueOnError)` first
//     (tenable/terrascan, laher/regopher) or assign pflag.CommandLine a
//     ContinueOnError set (kubernetes/perf-tests' clusterloader2) keep
//     their findings.
//   - An exit, or a code that becomes one, after a call that never
//     returns: a statement earlier in the same block, or in a block that
//     holds it, calls an exit or a fatal (not `cobra.CheckErr` or kong's
//     `FatalIfErrorf`, which return when the error is nil), panics, calls
//     a function of the package whose every path ends in one of these, or
//     calls through a local or package variable, or a field, that holds
//     only such functions — among them the `Usage` field of a flag set the
//     package made with `NewFlagSet` and never hands to other code, which
//     might set a Usage that returns. The run ends at the earlier call, and
//     the code it exits with is what an agent sees (reported there when it
//     is a catch-all). A label between the two may be a jump's target, and
//     the exit after it is reported; so is the exit after a call that may
//     return on some path, and the exit after a call of another package's
//     function (its body is not read: scionproto/scion's scion-pki calls
//     `cmd.Usage()`, a method of another package that exits 2, then
//     `os.Exit(2)`, and both are reported). Evidence: git-codereview
//     (`exit(2)` after `flags.Usage()`, whose every assignment ends in
//     `exit(2)`, in four commands); in the code corpus Shikkic/gophr-cli
//     (`os.Exit(1)` after its error's PrintErrorAndExit), and `os.Exit(1)`
//     after `log.Fatal` in tMinamiii/lgtm, wrangle, bravetools and
//     predictive-horizontal-pod-autoscaler (five times).
//   - An exit in the body of `if r := recover(); r != nil`: the program
//     panicked, a bug of its own that no specific code describes, and
//     GENERAL_ERROR is what the contract keeps for it. Evidence: tflint
//     (main's "TFLint crashed" handler), xcloud-cli (a panic handler in
//     main).
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
//     (c) in a block that serves a protocol over the standard streams to
//     the host that started the process: an MCP server (mcp-go's
//     `server.ServeStdio`, its `StdioServer.Listen`, the go-sdk's
//     `Server.Run`) or a language server (a JSON-RPC connection of
//     sourcegraph/jsonrpc2 or go.lsp.dev/jsonrpc2 built over `os.Stdin`
//     and `os.Stdout`, glsp's `RunStdio`). Its exits — a flag the server
//     mode refuses before it starts, the `log.Fatalf` after the server
//     returns — reach the MCP client or the editor, which reads the
//     protocol and sees the connection close whatever the status. Only
//     the block holding the serve call counts: a main that serves in one
//     case of its dispatch keeps its commands' exits. Evidence: skink's
//     MCP server (`log.Fatalf` after `ServeStdio`, the shape of most MCP
//     servers written with mcp-go), tflint's `--langserver` mode (its
//     refusals of `--chdir` and `--recursive`, and the handler that fails
//     to start, return 1 to the editor).
//     (d) in code that runs only when a standard stream is a terminal
//     (the terminal pass): the body of `if term.IsTerminal(int(
//     os.Stdin.Fd()))`, of a condition that requires such a test (`a &&
//     isTTY()`, a local flag set only there, a function of the program
//     whose result is true only then), or what follows `if !isTTY() {
//     return }` in its block. An agent runs the command with its streams
//     redirected, never at a terminal; the person answering the prompt
//     reads the exit. The look-alikes stay reported: the exit under
//     `!isTTY()` (what an agent meets), and one that a flag reaches as
//     well (`if interactive || isTTY()`, ohmydot's mode that is
//     interactive at a terminal or under `--interactive`). Evidence:
//     msjurset/gostash (its exit 1 off a terminal stays reported; the
//     approval prompt after it does not), a script-trust gate that asks
//     only at a terminal.
//     (e) in the body of `if err != nil` where err is the error of
//     writing a profile: runtime/pprof's `StartCPUProfile`,
//     `WriteHeapProfile` or a profile's `WriteTo`, runtime/trace's
//     `Start`, or `os.Create`, `os.OpenFile` or `os.CreateTemp` of the
//     file the same function hands to one of them. A profile is written
//     for the developer who asked for it (a `-cpuprofile` flag, a
//     variable of their own); no agent reads its failure's code. A file
//     the command writes for its caller stays reported, even beside a
//     profile. Evidence: gopass (`GOPASS_CPU_PROFILE`,
//     `GOPASS_MEM_PROFILE`: four `log.Fatalf`s), a terminal pager's
//     `startCPUProfile`, a tool's benchmarking mode that profiles to
//     cpu.prof and mem.prof, the `-cpuprofile` idiom of many mains.
//     (f) in code that runs only through a command or flag the program
//     hides from its help (the hidden pass, through the terminal pass):
//     the run function of a cobra or urfave/cli command with `Hidden:
//     true`, the body of `if worker { … }` or what follows `if !worker {
//     return }` on a hidden flag (cobra's `MarkHidden`, urfave's
//     `Hidden: true`, go-flags' and kong's `hidden` tag). An agent
//     learns a command line from its help; the child process or worker
//     mode behind a hidden command or flag is the program's own, and its
//     parent or a developer reads the exit. The look-alikes stay
//     reported: the same command without `Hidden`, a hidden command
//     with a `Deprecated` message, a run function a visible command
//     shares, the exit under `!worker`. Evidence: beads' `db-proxy-child`,
//     tflint's `--act-as-worker` (the child of its `--recursive` run),
//     rhc's `--generate-man-page`.
//   - Computed codes: `exitcode.Exit(exitcode.FromError(err))`,
//     `os.Exit(code)`.
//   - kong's `FatalIfErrorf(err)` where the code is not the program's 1
//     (the exits pass says when): err's type has `ExitCode() int` (spray,
//     jimschubert/spray@3888a30: `ctx.FatalIfErrorf(e)` on the errors
//     `errors.AsType` finds with one); err is the error of kong's `Parse`
//     (`kctx, err := parser.Parse(os.Args[1:])`), whose code is kong's for
//     its parse error (qbo, nctl); the program's module declares an error
//     type with `ExitCode() int` (nctl's `*cli.Error`), so the 1 is the
//     last branch of the codes its errors carry. After an earlier branch
//     that exits with the error's code (`if errors.As(err, &ce) {
//     os.Exit(ce.code) }` then `ctx.FatalIfErrorf(err)`), it is the last
//     branch of that classification, as a bare exit there is. The look-
//     alikes stay reported: the same err reassigned by `ctx.Run()` after
//     the parse, an interface or a non-error type with `ExitCode() int`
//     (they declare no error of the module), an earlier branch on a mode,
//     and kong's `Fatalf`, which always exits 1.
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
//	ctx.FatalIfErrorf(ctx.Run()) // kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR (1) for every error that has no ExitCode() int method …
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
