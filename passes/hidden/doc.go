// Package hidden defines the helper analyzer that knows a command line's
// hidden commands and flags.
//
// # Analyzer hidden
//
// hidden: find the commands and flags a program hides from its help, whose code no agent runs
//
// The hidden pass reports nothing. A command or flag that a program hides
// from its help (cobra's and urfave/cli's `Hidden: true`, cobra's
// `MarkHidden`, go-flags' and kong's `hidden` tag) is one of the
// program's internals: the child process it spawns itself, a worker mode
// of its own parent, the generation of its manual, a developer's switch.
// An agent learns a command line from its help and its documentation, and
// so never runs a hidden command or sets a hidden flag: an exit or a code
// there is read by the program's own parent or a developer, and a write
// there is no side effect of an agent's run. The terminal pass reads this
// pass and answers, with the code that runs only at a terminal, the one
// question the checks ask (fallback and barecode for exits, argphase
// through the sideeffects pass for writes): does this code run where no
// agent is.
//
// A hidden command is a composite literal of cobra's `Command` or of
// urfave/cli's (v1, v2, v3) `Command` with `Hidden: true` and no
// non-empty `Deprecated` (a deprecated command is still run by the
// scripts written before it was). The functions it runs (`Run`, `RunE`,
// `PreRun(E)`, `PostRun(E)`, the persistent ones, `Action`, `Before`,
// `After`) are hidden code when each is a function literal, or a function
// of the package that nothing else refers to (unexported, or in a main
// package): a `RunE` function that a visible command shares is not. For
// kong, a field tagged `cmd:""` and `hidden:""` (or `hidden:"true"`) makes
// its type's `Run` method hidden code, when no other field of the package
// has that type and nothing calls the method.
//
// A hidden flag is a bool or string variable or struct field that only a
// hidden flag sets:
//
//   - pflag's `BoolVar(&x, "name", …)`, `BoolVarP`, `StringVar` or
//     `StringVarP`, with `MarkHidden("name")` on the same flag set,
//     spelled the same, in the same function (`cmd.Flags()`);
//   - urfave/cli's `BoolFlag` or `StringFlag` with `Hidden: true` and a
//     `Destination: &x`; and its name (or alias) read by `c.Bool("name")`,
//     `c.IsSet("name")` or `c.String("name")` on a `*cli.Context` or a v3
//     `*cli.Command`, when no visible flag of the package has that name;
//   - a field tagged `hidden:"true"` with `long` or `short` (go-flags) or
//     `hidden:""` (kong), in a package that imports the framework.
//
// A variable or field that other code of the package may set is no hidden
// flag's: an assignment of anything but false or "", its address taken
// anywhere else (bound to a second, visible flag), a composite literal
// that sets the field. A package-level variable or field is followed in
// its package only: another package that sets it is not seen.
//
// The code a hidden flag guards is found as a terminal test's is, by the
// terminal pass's conditions and dominance, with the same exact polarity:
// the body of `if worker { … }` (and `if s != "" { … }` on a string flag),
// the rest of a block after `if !worker { return }`, after an else-if
// chain every branch of which that falls through tests a hidden flag (`if
// manPage { … } else if markdown { … } else { showHelpAndExit }`), and a
// local bool assigned only from one. `if !worker { os.Exit(1) }` guards
// code an agent runs: that exit is judged as any other. Code in another
// function that only hidden code calls is not hidden: the rule is within
// one function.
//
// Not known: a command hidden by assignment (`cmd.Hidden = true`), the
// subcommands of a hidden command, `flag.Lookup("x").Hidden = true`,
// pflag's `Bool("name", …)` pointer and `GetBool("name")`, kong's
// `kong:"…,hidden"` tag form.
//
// Evidence (real command-line programs, read for this rule): beads' `bd`
// has a hidden `db-proxy-child` command that its parent spawns, which
// exits with the proxy's own lock code for the parent to read; rhc
// renders its manual page and markdown reference behind two hidden urfave
// flags, whose failure exit is read by its release scripts; tflint's
// `--act-as-worker` (a go-flags field tagged `hidden:"true"`) is the child
// of its own `--recursive` run, whose exit codes its parent reads.
// agent-minder's `deploy` re-executes itself with a hidden `--daemon`
// (cobra `BoolVar` and `MarkHidden`) and runs the daemon only under it;
// gastown's hidden `status-line` command (a named `RunE` nothing else
// uses) is what tmux calls for its status bar. The look-alikes stay
// reported: a command with `Hidden: true` and a `Deprecated` message, a
// `RunE` a visible command shares, an exit under `if !worker`.
package hidden
