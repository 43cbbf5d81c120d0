package cobraenv

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// SetupCode is the error.code of the GENERAL_ERROR envelope every run writes
// while the command tree breaks the contract (see App.Check).
const SetupCode = "CLI_SETUP_ERROR"

// App is a cobra command tree that keeps the contract. Build the tree, Bind
// an envelope.Command to each command that does work, then Run or Main. An
// App runs one command line at a time. cobra keeps a flag's value from one
// run to the next (a process runs one command line), so a test that runs
// several command lines builds a fresh tree for each.
type App struct {
	root      *cobra.Command
	bindings  []*binding
	redirects []envelope.RedirectEntry
	schema    string // the schema command's name, "" for none

	prepared bool
	setupErr error
	registry *envelope.Registry
	helpCmd  *cobra.Command

	state *runState // the run under way

	// The commands prepare made runnable, and those whose Args it wraps
	// (prepare runs again after a change and must not wrap twice).
	groupRunners map[*cobra.Command]bool
	wrappedArgs  map[*cobra.Command]bool
}

type binding struct {
	cc   *cobra.Command
	name string
	make func(name string) envelope.Runnable
	cmd  envelope.Runnable
}

// runState is what one run has written.
type runState struct {
	w     io.Writer
	start time.Time
	wrote bool
	code  exitcode.Code
	ran   envelope.Runnable
}

// New returns the App of the tree under root. The program's name in
// redirect commands and in the manifest is root.Name().
func New(root *cobra.Command) *App {
	return &App{root: root, groupRunners: map[*cobra.Command]bool{}, wrappedArgs: map[*cobra.Command]bool{}}
}

// Bind makes cc run cmd through the envelope runner: cc's RunE becomes the
// runner's, with cobra's positional arguments as Validate's args (read cc's
// flags from the variables they are bound to). cmd.Name may be left empty;
// it is cc's path below the root ("get", "sync run"), and any other name is
// a set-up error.
//
// The bound command declares ARG_ERROR whether or not cmd.Codes does: cobra
// answers a flag it cannot parse, arguments cc's Args refuses and a missing
// required flag with ARG_ERROR before the command runs, so the command's
// manifest entry and its declarations list it. An ARG_ERROR entry in
// cmd.Codes (its own action, say) is kept; otherwise the table's row is
// added. The manifest's summary of the command is cmd.Summary, or cc.Short
// when that is empty.
func Bind[In, Out any](a *App, cc *cobra.Command, cmd envelope.Command[In, Out]) {
	b := &binding{cc: cc, name: cmd.Name, make: func(name string) envelope.Runnable {
		c := cmd
		c.Name = name
		c.Codes = withArgError(cmd.Codes)
		if c.Summary == "" {
			c.Summary = cc.Short
		}
		return c
	}}
	a.bindings = append(a.bindings, b)
	a.prepared = false
	cc.Run = nil
	cc.RunE = func(c *cobra.Command, args []string) error {
		st := a.state
		if st == nil || b.cmd == nil {
			return errors.New("cobraenv: run the tree with App.Run or App.Main, not cobra's Execute")
		}
		st.code = b.cmd.Run(c.Context(), args, st.w)
		st.wrote, st.ran = true, b.cmd
		return nil
	}
}

// withArgError returns codes with ARG_ERROR declared: codes itself when it
// declares ARG_ERROR, else a copy with the table's ARG_ERROR added (never
// appended in place: the caller's slice may have room and other uses).
func withArgError(codes []exitcode.Entry) []exitcode.Entry {
	for _, e := range codes {
		if e.Code == exitcode.ArgError {
			return codes
		}
	}
	out := make([]exitcode.Entry, 0, len(codes)+1)
	return append(append(out, codes...), exitcode.Entry{Code: exitcode.ArgError})
}

// Redirect records that the command from (a path below the root) is now
// invoked as to: a command line naming from answers REDIRECTED with the same
// command line, to in from's place. permanent tells the agent to memorize
// the mapping (a rename).
func (a *App) Redirect(from, to string, permanent bool, reason exitcode.RedirectReason) {
	a.redirects = append(a.redirects, envelope.RedirectEntry{From: from, To: to, Permanent: permanent, Reason: string(reason)})
	a.prepared = false
}

// AddSchemaCommand adds the command that prints the manifest (every
// command, its declared exit codes and the JSON Schema of its data), named
// "schema" or the name given.
func (a *App) AddSchemaCommand(name ...string) {
	a.schema = "schema"
	if len(name) > 0 {
		a.schema = name[0]
	}
	a.prepared = false
}

// Check prepares the tree and returns what in it breaks the contract: a
// runnable command that is not bound (its output would be no envelope), a
// command with neither Run nor subcommands that is not bound (it would
// answer nothing; cobra's help topics are such commands, and an App has
// none: its help is data about the commands themselves), a
// binding whose envelope.Command is refused (exitcode.Declare's errors, a
// name that is not the command's path), a command bound twice or outside
// the tree, a redirect to no command. Every run answers GENERAL_ERROR
// (CLI_SETUP_ERROR) while Check fails; call it in a test.
func (a *App) Check() error { return a.prepare() }

// Manifest returns the manifest of the bound commands. Its result types are
// the commands' and "help", and "version" when the root has a Version.
func (a *App) Manifest() (envelope.Manifest, error) {
	if err := a.prepare(); err != nil {
		return envelope.Manifest{}, err
	}
	return a.manifest(), nil
}

// versionType is the result type of the envelope that answers --version.
const versionType = "version"

// manifest is the registry's manifest, with the version's result type.
func (a *App) manifest() envelope.Manifest {
	m := a.registry.Manifest()
	if a.root.Version != "" {
		i := sort.SearchStrings(m.ResultTypes, versionType)
		if i == len(m.ResultTypes) || m.ResultTypes[i] != versionType {
			m.ResultTypes = append(m.ResultTypes[:i], append([]string{versionType}, m.ResultTypes[i:]...)...)
		}
	}
	return m
}

// path is c's path below the root: "" for the root, "sync run".
func (a *App) path(c *cobra.Command) string {
	p := c.CommandPath()
	if c == a.root {
		return ""
	}
	return strings.TrimPrefix(p, a.root.Name()+" ")
}

func (a *App) prepare() error {
	if a.prepared {
		return a.setupErr
	}
	a.prepared = true
	root := a.root
	root.SilenceErrors, root.SilenceUsage = true, true
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &flagError{err} })
	root.SetHelpFunc(a.writeHelp)
	// --version is answered as data, by Run: cobra's template writes
	// nothing (an empty one would be cobra's default, "tool version 1.2").
	root.SetVersionTemplate(`{{/* the version is the data of Run's envelope */}}`)
	if a.helpCmd == nil {
		a.helpCmd = a.newHelpCommand()
		root.SetHelpCommand(a.helpCmd)
	}
	reg := envelope.NewRegistry(root.Name())
	var errs []error

	if a.schema != "" {
		exists := false
		for _, c := range root.Commands() {
			if c.Name() == a.schema {
				exists = true
			}
		}
		if !exists {
			cc := &cobra.Command{Use: a.schema, Short: "print the manifest: every command, its exit codes, and the JSON Schema of its data"}
			root.AddCommand(cc)
			// The manifest of the tree as it is when the command runs: a
			// later prepare (after more Binds) makes a new registry.
			schema := reg.SchemaCommand(a.schema)
			schema.Execute = func(context.Context, struct{}, *envelope.Output) (envelope.Manifest, error) {
				return a.manifest(), nil
			}
			Bind(a, cc, schema)
			a.prepared = true
		}
	}

	root.InitDefaultHelpCmd() // puts the help command in the tree now, not at Execute

	bound := map[*cobra.Command]*binding{}
	for _, b := range a.bindings {
		if _, dup := bound[b.cc]; dup {
			errs = append(errs, fmt.Errorf("cobraenv: cobra command %q is bound twice", b.cc.CommandPath()))
			continue
		}
		bound[b.cc] = b
		if b.cc != root && b.cc.Root() != root {
			errs = append(errs, fmt.Errorf("cobraenv: cobra command %q is bound but not in the tree of %q; add it with AddCommand", b.cc.CommandPath(), root.Name()))
		}
	}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c == a.helpCmd {
			return
		}
		if b, ok := bound[c]; ok {
			path := a.path(c)
			if path == "" {
				path = root.Name()
			}
			if b.name != "" && b.name != path {
				errs = append(errs, fmt.Errorf("cobraenv: envelope command %q is bound to cobra command %q; leave its Name empty or make it %q", b.name, c.CommandPath(), path))
			} else {
				b.cmd = b.make(path)
				if err := reg.Add(b.cmd); err != nil {
					errs = append(errs, err)
				}
			}
		} else if c.Runnable() && !a.groupRunners[c] {
			errs = append(errs, fmt.Errorf("cobraenv: cobra command %q runs outside the envelope runner (its own Run or RunE): bind it with cobraenv.Bind so it answers with an envelope", c.CommandPath()))
		} else if !c.HasSubCommands() {
			errs = append(errs, fmt.Errorf("cobraenv: cobra command %q has no Run and no subcommands, so it answers no command line: bind it with cobraenv.Bind, give it subcommands, or take it out of the tree", c.CommandPath()))
		} else {
			c.RunE = a.runGroup
			c.Args = cobra.ArbitraryArgs
			a.groupRunners[c] = true
		}
		if c.Args != nil && !a.wrappedArgs[c] {
			validate := c.Args
			c.Args = func(cmd *cobra.Command, args []string) error {
				if err := validate(cmd, args); err != nil {
					return &argsError{err}
				}
				return nil
			}
			a.wrappedArgs[c] = true
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	for _, rd := range a.redirects {
		if err := reg.Redirect(rd.From, rd.To, rd.Permanent, exitcode.RedirectReason(rd.Reason)); err != nil {
			errs = append(errs, err)
		}
	}
	a.registry = reg
	a.setupErr = errors.Join(errs...)
	return a.setupErr
}

// flagError is a flag cobra could not parse; argsError arguments a
// command's Args validator refused.
type flagError struct{ err error }

func (e *flagError) Error() string { return e.err.Error() }
func (e *flagError) Unwrap() error { return e.err }

type argsError struct{ err error }

func (e *argsError) Error() string { return e.err.Error() }
func (e *argsError) Unwrap() error { return e.err }

// Run runs the command line args on the tree, writes its one envelope to w
// and returns the exit code the process should end with. A panic outside the
// runner's phases (in a hook, in cobra) is recovered into GENERAL_ERROR
// (error.code INTERNAL_PANIC) when no envelope was written yet. A shell
// completion request is the exception: cobra writes its answer to w, in its
// own protocol (see the package's doc).
func (a *App) Run(ctx context.Context, args []string, w io.Writer) (code exitcode.Code) {
	start := time.Now()
	if err := a.prepare(); err != nil {
		return envelope.WriteError(w, start, exitcode.New(exitcode.GeneralError, SetupCode,
			"the CLI's command tree does not keep the agent contract").WithDetail(err.Error()))
	}
	st := &runState{w: w, start: start}
	a.state = st
	defer func() {
		if p := recover(); p != nil {
			if st.wrote {
				code = st.code
			} else {
				code = envelope.WriteError(w, start, envelope.Recovered(ctx, p, "the command line panicked outside the command's phases"))
			}
		}
		a.state = nil
	}()

	if a.completionRequest(args) {
		return a.complete(ctx, args, w)
	}
	if err := a.precheck(args); err != nil {
		return envelope.WriteError(w, start, err)
	}
	a.root.SetArgs(append([]string{}, args...))
	setContext(a.root, ctx)
	// cobra's completion command is there only for completion requests:
	// the tree of every other run is the one prepare checked.
	disabled := a.root.CompletionOptions.DisableDefaultCmd
	a.root.CompletionOptions.DisableDefaultCmd = true
	cmd, err := a.root.ExecuteContextC(ctx)
	a.root.CompletionOptions.DisableDefaultCmd = disabled
	if st.wrote {
		return st.code
	}
	if err == nil && a.versionAsked(cmd) {
		env, _ := envelope.New(start, exitcode.Success, Version{Program: a.root.Name(), Version: a.root.Version}, nil,
			envelope.WithMeta(envelope.Meta{SchemaVersion: envelope.SchemaVersion, Type: versionType}))
		if werr := env.Encode(w); werr != nil {
			return exitcode.GeneralError
		}
		return env.Code()
	}
	if err == nil {
		err = exitcode.New(exitcode.GeneralError, "NO_RESPONSE", "the command line ran nothing that answers")
	}
	return envelope.WriteError(w, start, a.classify(cmd, err))
}

// setContext gives every command of the tree the run's context: cobra
// hands its context only to commands that have none, so a command would
// keep the (cancelled) context of the tree's first run.
func setContext(c *cobra.Command, ctx context.Context) {
	c.SetContext(ctx)
	for _, sub := range c.Commands() {
		setContext(sub, ctx)
	}
}

// completionRequest reports whether args ask for shell completion, which
// cobra answers itself: its hidden __complete and __completeNoDesc commands,
// which the completion scripts run at each Tab, and its completion command,
// which writes the scripts. A command of the tree of the same name wins;
// the completion command is there only when the root has subcommands (the
// word is a root command's argument otherwise) and its
// CompletionOptions.DisableDefaultCmd is not set.
func (a *App) completionRequest(args []string) bool {
	if len(args) == 0 || child(a.root, args[0]) != nil {
		return false
	}
	switch args[0] {
	case cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
		return true
	case completionCmd:
		for _, c := range a.root.Commands() {
			if c != a.helpCmd {
				return !a.root.CompletionOptions.DisableDefaultCmd
			}
		}
	}
	return false
}

// completionCmd is the name of cobra's completion command.
const completionCmd = "completion"

// complete lets cobra answer a completion request: its plain text protocol
// (the candidates, one a line, then ":" and the directive) or the shell's
// script on w, and an error on the root's error writer (standard error
// unless set). The code is SUCCESS; ARG_ERROR when cobra refuses the
// command line (an argument or a flag the completion command does not
// take); GENERAL_ERROR when w fails. Help asked of the completion command,
// or the command run without a shell, is help as data, as everywhere. The
// commands cobra adds to the tree for the request are taken out again.
func (a *App) complete(ctx context.Context, args []string, w io.Writer) exitcode.Code {
	root := a.root
	had := map[*cobra.Command]bool{}
	for _, c := range root.Commands() {
		had[c] = true
	}
	out := root.OutOrStdout()
	ew := &errWriter{w: w}
	root.SetOut(ew)
	defer func() {
		for _, c := range root.Commands() {
			if !had[c] {
				root.RemoveCommand(c)
			}
		}
		if out == os.Stdout {
			out = nil // cobra's default, read when it writes
		}
		root.SetOut(out)
	}()
	root.SetArgs(append([]string{}, args...))
	setContext(root, ctx)
	_, err := root.ExecuteContextC(ctx)
	if a.state.wrote {
		return a.state.code
	}
	switch {
	case ew.err != nil:
		fmt.Fprintln(root.ErrOrStderr(), "Error:", ew.err)
		return exitcode.GeneralError
	case err != nil:
		fmt.Fprintln(root.ErrOrStderr(), "Error:", err)
		return exitcode.ArgError
	}
	return exitcode.Success
}

// errWriter keeps the first error of the writes to w.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	n, err := e.w.Write(p)
	if err != nil && e.err == nil {
		e.err = err
	}
	return n, err
}

// Version is the data of the envelope that answers --version (meta.type
// "version"), when the root command has a Version.
type Version struct {
	Program string `json:"program"`
	Version string `json:"version"`
}

// versionAsked reports whether cobra answered --version (with the empty
// template the adapter gives it, writing nothing).
func (a *App) versionAsked(cmd *cobra.Command) bool {
	if a.root.Version == "" || cmd == nil {
		return false
	}
	f := cmd.Flags().Lookup("version")
	return f != nil && f.Changed && f.Value.String() == "true"
}

// precheck answers a command line whose command words leave the tree (an
// unknown command, a typo, a renamed command, no command at all) before
// cobra parses flags that belong to the command the words should have named.
// It reads the words as cobra does when it looks for the command: flags
// (the command's own and those it inherits) are skipped with their values,
// wherever they stand. A flag no command on the way defines, a "--", help
// and version flags are left to cobra.
func (a *App) precheck(args []string) error {
	cur := a.root
	var words, others []string
	sawFlag := false
	for i := 0; i < len(args); i++ {
		if _, bound := a.boundCmd(cur); bound || cur == a.helpCmd {
			return nil // the rest are the command's arguments
		}
		word := args[i]
		if word == "--" {
			return nil // what follows is arguments: cobra decides
		}
		if strings.HasPrefix(word, "-") {
			f, takesNext := flagOf(cur, word)
			if f == nil || f.Name == "help" || f.Name == "version" {
				return nil // cobra reports it, or answers --help and --version
			}
			sawFlag = true
			others = append(others, word)
			if takesNext && i+1 < len(args) {
				i++
				others = append(others, args[i])
			}
			continue
		}
		next := child(cur, word)
		if next == nil {
			// The command words first, then the flags and the rest in
			// their order: a redirect keeps every flag.
			restWords, restOthers := splitWords(cur, args[i:])
			line := append(append(words, restWords...), append(others, restOthers...)...)
			return a.registry.Unknown(line)
		}
		words = append(words, word)
		cur = next
	}
	if _, bound := a.boundCmd(cur); !bound && cur != a.helpCmd && !sawFlag {
		return a.missing(cur)
	}
	return nil
}

// flagOf returns the flag that the argument arg ("--name", "--name=v",
// "-n") names among c's flags, its own or inherited, and whether it takes
// the next argument as its value, as cobra reads it when it looks for the
// command: a "--name" or "-n" without "=" whose flag needs a value. It
// returns nil for a flag c does not define and for a run of shorthands
// ("-abc").
func flagOf(c *cobra.Command, arg string) (f *pflag.Flag, takesNext bool) {
	c.InheritedFlags() // merges the persistent flags of c's parents into c.Flags()
	name, _, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	switch {
	case strings.HasPrefix(arg, "--"):
		f = c.Flags().Lookup(name)
	case len(name) == 1:
		f = c.Flags().ShorthandLookup(name)
	}
	if f == nil {
		return nil, false
	}
	return f, !hasValue && f.NoOptDefVal == ""
}

// splitWords splits args, which follow the last command word that names a
// command of the tree (c), into the words cobra would take for command
// names and everything else (flags, their values, and all from a "--"
// on), each in order. A flag c does not define is read as cobra reads it:
// taking the next argument unless it is "--name=v" or a run of shorthands
// ("-abc").
func splitWords(c *cobra.Command, args []string) (words, others []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			return words, append(others, args[i:]...)
		case strings.HasPrefix(arg, "-"):
			f, takesNext := flagOf(c, arg)
			if f == nil {
				takesNext = !strings.Contains(arg, "=") && (strings.HasPrefix(arg, "--") || len(arg) == 2)
			}
			others = append(others, arg)
			if takesNext && i+1 < len(args) {
				i++
				others = append(others, args[i])
			}
		default:
			words = append(words, arg)
		}
	}
	return words, others
}

// child returns c's subcommand named (or aliased) word.
func child(c *cobra.Command, word string) *cobra.Command {
	for _, sub := range c.Commands() {
		if sub.Name() == word || sub.HasAlias(word) {
			return sub
		}
	}
	return nil
}

func (a *App) boundCmd(c *cobra.Command) (*binding, bool) {
	for _, b := range a.bindings {
		if b.cc == c {
			return b, true
		}
	}
	return nil, false
}

// subcommands lists the names of c's commands an agent may run.
func (a *App) subcommands(c *cobra.Command) string {
	var subs []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub == a.helpCmd {
			subs = append(subs, sub.Name())
		}
	}
	sort.Strings(subs)
	return strings.Join(subs, ", ")
}

// missing is the error of a group command run without a subcommand.
func (a *App) missing(c *cobra.Command) error {
	line := strings.TrimSpace(c.CommandPath())
	return envelope.UsageError("COMMAND_MISSING", fmt.Sprintf("%s needs a command", line),
		fmt.Sprintf("run %s COMMAND; the commands are: %s", line, a.subcommands(c)))
}

// afterDash is the error of a group given arguments after "--": they are
// arguments, not command words, and a group takes none. Where they name a
// command, the suggestion is the command line that runs it.
func (a *App) afterDash(c *cobra.Command, args []string) error {
	line := append(strings.Fields(c.CommandPath()), args...)
	suggestion := fmt.Sprintf("run %s COMMAND; the commands are: %s", strings.TrimSpace(c.CommandPath()), a.subcommands(c))
	if target, _, err := a.root.Find(line[1:]); err == nil && target != c {
		if _, bound := a.boundCmd(target); bound {
			suggestion = "run " + envelope.ShellQuote(line...)
		}
	}
	return envelope.UsageError("BAD_ARGUMENTS",
		fmt.Sprintf("%s takes a command, not arguments: the words after \"--\" (%s) are arguments", strings.TrimSpace(c.CommandPath()), envelope.ShellQuote(args...)),
		suggestion)
}

// runGroup is the RunE of a command that only groups others.
func (a *App) runGroup(c *cobra.Command, args []string) error {
	var err error
	switch {
	case len(args) == 0:
		err = a.missing(c)
	case c.ArgsLenAtDash() == 0:
		err = a.afterDash(c, args)
	default:
		err = a.registry.Unknown(append(strings.Fields(a.path(c)), args...))
	}
	a.write(envelope.WriteError(a.state.w, a.state.start, err))
	return nil
}

func (a *App) write(code exitcode.Code) {
	a.state.code, a.state.wrote = code, true
}

// classify turns an error cobra returned before any command ran into the
// error of its envelope.
func (a *App) classify(cmd *cobra.Command, err error) error {
	helpLine := func() string {
		if cmd == nil {
			cmd = a.root
		}
		return envelope.ShellQuote(append(strings.Fields(cmd.CommandPath()), "--help")...)
	}
	var fe *flagError
	if errors.As(err, &fe) {
		return envelope.UsageError("BAD_FLAG", fe.Error(), "run "+helpLine()+" for the flags")
	}
	var ae *argsError
	if errors.As(err, &ae) {
		return envelope.UsageError("BAD_ARGUMENTS", ae.Error(), "run "+helpLine()+" for the arguments")
	}
	if cmd != nil {
		for _, check := range []func() error{cmd.ValidateRequiredFlags, cmd.ValidateFlagGroups} {
			if cerr := check(); cerr != nil && cerr.Error() == err.Error() {
				return envelope.UsageError("BAD_FLAG", err.Error(), "run "+helpLine()+" for the flags")
			}
		}
	}
	return err // a hook's error: its own code, or what exitcode.FromError makes of it
}

// Main runs the process's command line and ends the process with the code,
// through the declarations of the command that ran (so exitcode.Catch(nil,
// app.Main) checks it): it is envelope.Main(a), which keeps standard output
// to one envelope (what a command or a hook prints there goes to standard
// error), answers SIGINT and SIGTERM with the CANCELLED envelope of the
// phase the command was in (exit code TIMEOUT; a second signal ends the run
// at once), and ends a panic outside the runner with GENERAL_ERROR, not
// Go's 2.
func (a *App) Main() { envelope.Main(a) }

// MainContext is Main under the caller's context (envelope.MainContext).
func (a *App) MainContext(ctx context.Context) { envelope.MainContext(ctx, a) }

// Help is the data of a help envelope (meta.type "help").
type Help struct {
	Program     string                    `json:"program"`
	Command     string                    `json:"command"` // the path below the root; "" for the root
	Summary     string                    `json:"summary,omitempty"`
	Description string                    `json:"description,omitempty"`
	Usage       string                    `json:"usage"`
	Aliases     []string                  `json:"aliases"`
	Flags       []Flag                    `json:"flags"`
	Subcommands []envelope.CommandSummary `json:"subcommands"`
	// Manifest is the command's manifest entry (its exit codes and data
	// schema), for a bound command.
	Manifest *envelope.CommandManifest `json:"manifest,omitempty"`
}

// Flag is one flag of a command's help.
type Flag struct {
	Name      string `json:"name"`
	Shorthand string `json:"shorthand,omitempty"`
	Type      string `json:"type"`
	Default   string `json:"default"`
	Usage     string `json:"usage"`
	Required  bool   `json:"required"`
	Inherited bool   `json:"inherited"`
}

func (a *App) helpOf(c *cobra.Command) Help {
	h := Help{
		Program: a.root.Name(), Command: a.path(c), Summary: c.Short, Description: c.Long,
		Usage: c.UseLine(), Aliases: append([]string{}, c.Aliases...), Flags: []Flag{}, Subcommands: []envelope.CommandSummary{},
	}
	add := func(inherited bool) func(f *pflag.Flag) {
		return func(f *pflag.Flag) {
			if f.Hidden || f.Name == "help" {
				return
			}
			_, required := f.Annotations[cobra.BashCompOneRequiredFlag]
			h.Flags = append(h.Flags, Flag{Name: f.Name, Shorthand: f.Shorthand, Type: f.Value.Type(), Default: f.DefValue, Usage: f.Usage, Required: required, Inherited: inherited})
		}
	}
	c.NonInheritedFlags().VisitAll(add(false))
	c.InheritedFlags().VisitAll(add(true))
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			h.Subcommands = append(h.Subcommands, envelope.CommandSummary{Name: sub.Name(), Summary: sub.Short})
		}
	}
	if b, ok := a.boundCmd(c); ok && b.cmd != nil {
		if d, err := b.cmd.Describe(); err == nil {
			h.Manifest = &d
		}
	}
	return h
}

// writeHelp is the tree's help function: the help as data.
func (a *App) writeHelp(c *cobra.Command, _ []string) {
	if a.state == nil {
		return
	}
	env, err := envelope.New(a.state.start, exitcode.Success, a.helpOf(c), nil,
		envelope.WithMeta(envelope.Meta{SchemaVersion: envelope.SchemaVersion, Type: "help"}))
	code := env.Code()
	if werr := env.Encode(a.state.w); werr != nil || err != nil {
		code = exitcode.GeneralError
	}
	a.write(code)
}

// newHelpCommand is the tree's help command: help about a command, as data,
// or, for a command that does not exist, UNKNOWN_COMMAND or a redirect to
// help about the renamed command or the typo's correction.
func (a *App) newHelpCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "help about any command, as data",
		Args:  cobra.ArbitraryArgs,
		RunE: func(c *cobra.Command, args []string) error {
			target, rest, err := a.root.Find(args)
			_, bound := a.boundCmd(target)
			switch {
			case err != nil || target == nil:
				a.write(envelope.WriteError(a.state.w, a.state.start, a.registry.UnknownHelp(args)))
			case len(rest) > 0 && !bound:
				// Words below a group that name none of its commands:
				// a redirect asks for help about the correction.
				topic := append(strings.Fields(a.path(target)), rest...)
				a.write(envelope.WriteError(a.state.w, a.state.start, a.registry.UnknownHelp(topic)))
			default:
				a.writeHelp(target, nil) // words after a command's name are its arguments
			}
			return nil
		},
	}
}
