// Package cobraenv makes a cobra command tree keep the agent CLI contract:
// every command line, whether it reaches a command or not, ends with exactly
// one envelope on standard output and an exit code from the contract's
// table.
//
//	root := &cobra.Command{Use: "notes"}
//	get := &cobra.Command{Use: "get NAME", Short: "print one note"}
//	root.AddCommand(get)
//
//	app := cobraenv.New(root)
//	cobraenv.Bind(app, get, envelope.Command[string, Note]{
//		Codes:    []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
//		Validate: ..., // reads get's flags and args; changes nothing
//		Execute:  ...,
//	})
//	app.AddSchemaCommand() // `notes schema` prints the manifest
//	app.Main()
//
// What the adapter does with the tree:
//   - Each bound command's RunE runs its envelope.Command through the
//     runner (validate, then execute, one envelope). The envelope.Command's
//     Name is the cobra command's path below the root ("get", "sync run").
//     A runnable command that is not bound, and one with neither Run nor
//     subcommands that is not bound (cobra would take it for a help topic),
//     is a set-up error: App.Check reports it, and every run answers
//     GENERAL_ERROR (CLI_SETUP_ERROR) until it is fixed.
//   - A flag cobra cannot parse, arguments the command's Args validator
//     refuses, a required flag that is missing and a broken flag group are
//     ARG_ERROR (BAD_FLAG, BAD_ARGUMENTS, phase validation): nothing ran.
//     Any bound command can end so, so every bound command declares
//     ARG_ERROR, and its manifest entry lists it: the command's own
//     ARG_ERROR entry where its Codes have one, the table's row otherwise.
//   - An unknown command is ARG_ERROR (UNKNOWN_COMMAND), or REDIRECTED with
//     reason typo_corrected and the corrected command line when exactly one
//     command or group is a typo away ("tool linsk" → "tool links"); a word
//     after a group that is none of its commands and no typo of one is
//     UNKNOWN_COMMAND naming the group's commands; a command recorded with App.Redirect answers
//     REDIRECTED with its new command line; a group command run without a
//     subcommand, and the root without one, is ARG_ERROR (COMMAND_MISSING).
//     Command words are found as cobra finds them, past the flags and their
//     values, and a redirect's command line keeps every flag of the one it
//     corrects ("tool --context prod shwo x" → "tool show x --context
//     prod"): an agent runs it verbatim.
//   - --help, -h and the help command write the help as data: SUCCESS,
//     meta.type "help", the command's usage, flags, subcommands and its
//     manifest entry. Help about a command that does not exist redirects to
//     help about the correction ("tool help show x" for "tool help shwo x"),
//     never to running it.
//   - --version, when the root has a Version, is SUCCESS with the program
//     and its version as data (meta.type "version", which the manifest's
//     result types list).
//   - Words after "--" are arguments: a group (the root included) given
//     some is ARG_ERROR (BAD_ARGUMENTS), suggesting the command line that
//     runs the command they name ("tool hi x" for "tool -- hi x").
//   - An error a PersistentPreRunE or PreRunE hook returns is written as
//     the envelope of its code (exitcode.FromError); a panic in a hook is
//     INTERNAL_PANIC, its stack on standard error (and in error.detail in
//     test mode: envelope.Recovered).
//   - The manifest's summary of a bound command is its envelope.Command's
//     Summary, or else the cobra command's Short.
//   - cobra's error and usage printing are silenced: standard output
//     carries envelopes only, with one exception below.
//
// App.Main runs the tree as a process through envelope.Main: what a command
// or a hook prints to os.Stdout goes to standard error (a warning says so;
// in test mode the envelope is STRAY_OUTPUT), SIGINT and SIGTERM cancel the
// run's context (every command of the tree gets it, cobra's hooks too) and
// end it with the CANCELLED envelope of the phase it was in, exit code
// TIMEOUT (a second signal ends it at once), and the process ends through
// the declarations of the command that ran. App.MainContext does the same
// under the caller's context.
//
// Shell completion is for the shell, not for agents, and cobra answers it
// itself, in its own protocol rather than in envelopes: its hidden
// __complete and __completeNoDesc commands, which the completion scripts
// run at each Tab (the candidates, one a line, then ":" and the directive),
// and its completion command, which writes the script for bash, zsh, fish
// or powershell ("source <(tool completion bash)"). They exit SUCCESS, or
// ARG_ERROR for a command line cobra refuses (its error goes to the root's
// error writer, standard error unless set), or GENERAL_ERROR when standard
// output fails; help about the completion command is help as data. The
// completion command is there when the root has subcommands and its
// CompletionOptions.DisableDefaultCmd is not set, only for completion
// requests: it is in no help, no manifest, and no typo correction; a
// command of the tree named completion is the tree's.
//
// The package is a module of its own, so that the exitcode and envelope
// modules stay free of dependencies.
package cobraenv
