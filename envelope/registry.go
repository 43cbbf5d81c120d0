package envelope

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Registry holds the commands of one CLI. It checks each command's
// declarations when the command is added, runs the command a command line
// names, answers the command lines that name none (help, unknown and renamed
// commands) with envelopes of their own, and generates the CLI's Manifest.
//
//	r := envelope.NewRegistry("notes")
//	r.MustAdd(get, add, rm)
//	r.MustAdd(r.SchemaCommand()) // `notes schema` prints the manifest
//	r.Main()
type Registry struct {
	program string

	mu        sync.Mutex
	commands  map[string]entry
	order     []string
	redirects map[string]RedirectEntry
}

type entry struct {
	cmd  Runnable
	desc CommandManifest
}

// NewRegistry returns an empty registry for the program of that name (the
// word an agent types first, as in redirect commands).
func NewRegistry(program string) *Registry {
	return &Registry{program: program, commands: map[string]entry{}, redirects: map[string]RedirectEntry{}}
}

// Program returns the program's name.
func (r *Registry) Program() string { return r.program }

// Add checks and adds commands: each needs a name no other command or
// redirect has, both phases, declarations exitcode.Declare accepts, data
// that can be a JSON object or array (see Command.Describe), and a result
// type that is no other command's with data of another shape, nor "help"
// (the registry's help). All problems are returned together; no command is
// added if any is refused.
func (r *Registry) Add(cmds ...Runnable) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	var ok []entry
	seen := map[string]bool{}
	for _, c := range cmds {
		desc, err := c.Describe()
		if err != nil {
			errs = append(errs, err)
			continue
		}
		name := normalize(desc.Name)
		if _, dup := r.commands[name]; dup || seen[name] {
			errs = append(errs, fmt.Errorf("envelope: command %q is added twice", desc.Name))
			continue
		}
		if _, dup := r.redirects[name]; dup {
			errs = append(errs, fmt.Errorf("envelope: command %q is also a redirect", desc.Name))
			continue
		}
		if err := r.typeTaken(desc, ok); err != nil {
			errs = append(errs, err)
			continue
		}
		seen[name] = true
		desc.Name = name
		ok = append(ok, entry{cmd: c, desc: desc})
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for _, e := range ok {
		r.commands[e.desc.Name] = e
		r.order = append(r.order, e.desc.Name)
	}
	return nil
}

// helpType is the result type of the registry's help envelopes.
const helpType = "help"

// typeTaken says why desc's result type may not be added: it is the help's,
// or another command's (added or about to be) whose data has another
// shape. An agent picks its parser for data by meta.type, so a type tag
// names one shape.
func (r *Registry) typeTaken(desc CommandManifest, adding []entry) error {
	if desc.ResultType == helpType {
		return fmt.Errorf("envelope: command %q: result type %q is the registry's help; set another Type", desc.Name, helpType)
	}
	others := make([]entry, 0, len(r.commands)+len(adding))
	for _, name := range r.order {
		others = append(others, r.commands[name])
	}
	for _, e := range append(others, adding...) {
		if e.desc.ResultType == desc.ResultType && !reflect.DeepEqual(e.desc.DataSchema, desc.DataSchema) {
			return fmt.Errorf("envelope: command %q: result type %q is also the result type of %q, whose data has another shape: an agent picks its parser by the type, so give each shape its own Type", desc.Name, desc.ResultType, e.desc.Name)
		}
	}
	return nil
}

// MustAdd is Add for a program's set-up: it panics on error, which the
// program's first test run shows.
func (r *Registry) MustAdd(cmds ...Runnable) *Registry {
	if err := r.Add(cmds...); err != nil {
		panic(err)
	}
	return r
}

// Redirect records that the command from is now invoked as to: a command
// line naming from is answered with REDIRECTED, error.redirect.command being
// the same command line with to in from's place. permanent tells the agent
// to memorize the mapping (a rename); reason is optional.
func (r *Registry) Redirect(from, to string, permanent bool, reason exitcode.RedirectReason) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	from, to = normalize(from), normalize(to)
	if _, isCmd := r.commands[from]; isCmd {
		return fmt.Errorf("envelope: %q is a command; it cannot also redirect", from)
	}
	if _, isCmd := r.commands[to]; !isCmd {
		return fmt.Errorf("envelope: redirect target %q is not a command; add it first", to)
	}
	switch reason {
	case exitcode.ReasonUnstated, exitcode.ReasonRenamed, exitcode.ReasonRestructured, exitcode.ReasonDeprecated, exitcode.ReasonTypo:
	default:
		return fmt.Errorf("envelope: redirect reason %q is not renamed, restructured, deprecated or typo_corrected", reason)
	}
	r.redirects[from] = RedirectEntry{From: from, To: to, Permanent: permanent, Reason: string(reason)}
	return nil
}

// normalize spells a command name with single spaces.
func normalize(name string) string { return strings.Join(strings.Fields(name), " ") }

// Manifest describes every command, in the order they were added.
func (r *Registry) Manifest() Manifest {
	r.mu.Lock()
	defer r.mu.Unlock()
	m := Manifest{Program: r.program, SchemaVersion: SchemaVersion, Commands: []CommandManifest{}, ResultTypes: []string{}, Redirects: []RedirectEntry{}}
	types := map[string]bool{helpType: true}
	for _, name := range r.order {
		d := r.commands[name].desc
		m.Commands = append(m.Commands, d)
		types[d.ResultType] = true
	}
	for t := range types {
		m.ResultTypes = append(m.ResultTypes, t)
	}
	sort.Strings(m.ResultTypes)
	for _, rd := range r.redirects {
		m.Redirects = append(m.Redirects, rd)
	}
	sort.Slice(m.Redirects, func(i, j int) bool { return m.Redirects[i].From < m.Redirects[j].From })
	return m
}

// SchemaCommand returns the command that prints the registry's Manifest as
// its data (result type "manifest", never cut by the size cap); add it with
// r.MustAdd(r.SchemaCommand()).
// It is named "schema"; pass another name to rename it.
func (r *Registry) SchemaCommand(name ...string) Command[struct{}, Manifest] {
	n := "schema"
	if len(name) > 0 {
		n = name[0]
	}
	return Command[struct{}, Manifest]{
		Name:    n,
		Summary: "print the manifest: every command, its exit codes, and the JSON Schema of its data",
		Type:    "manifest",
		Codes:   []exitcode.Entry{{Code: exitcode.ArgError}},
		// The manifest is read whole: an agent cannot page it.
		MaxBytes: -1,
		Validate: func(_ context.Context, args []string, _ *Output) (struct{}, error) {
			if len(args) > 0 {
				return struct{}{}, exitcode.New(exitcode.ArgError, "UNEXPECTED_ARGUMENT",
					fmt.Sprintf("%s takes no arguments, got %q", n, args[0])).
					WithSuggestion("run " + ShellQuote(r.program, n))
			}
			return struct{}{}, nil
		},
		Execute: func(context.Context, struct{}, *Output) (Manifest, error) {
			return r.Manifest(), nil
		},
	}
}

// Help is the data of a help envelope (result type "help"): the program's
// commands, or one command's manifest entry.
type Help struct {
	Program  string           `json:"program"`
	Usage    string           `json:"usage"`
	Commands []CommandSummary `json:"commands"`
	// Command is set when help was asked for one command.
	Command *CommandManifest `json:"command,omitempty"`
}

// CommandSummary is one line of help.
type CommandSummary struct {
	Name    string `json:"name"`
	Summary string `json:"summary,omitempty"`
}

// find returns the command args name (the longest match of leading words),
// and the arguments after its name.
func (r *Registry) find(args []string) (entry, []string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for n := len(args); n > 0; n-- {
		if e, ok := r.commands[strings.Join(args[:n], " ")]; ok {
			return e, args[n:], true
		}
	}
	return entry{}, nil, false
}

func (r *Registry) names() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.order...)
}

// groups returns the CLI's groups: the words that begin command names
// without naming a command ("links" of "links check", "remote" and "remote
// origin" of "remote origin show"), each with the words that follow it in
// those names, sorted.
func groups(names []string) map[string][]string {
	isCmd := map[string]bool{}
	for _, n := range names {
		isCmd[n] = true
	}
	seen := map[string]map[string]bool{}
	for _, n := range names {
		words := strings.Fields(n)
		for i := 1; i < len(words); i++ {
			g := strings.Join(words[:i], " ")
			if isCmd[g] {
				continue
			}
			if seen[g] == nil {
				seen[g] = map[string]bool{}
			}
			seen[g][words[i]] = true
		}
	}
	out := map[string][]string{}
	for g, next := range seen {
		for w := range next {
			out[g] = append(out[g], w)
		}
		sort.Strings(out[g])
	}
	return out
}

// prefixes returns the distinct names of n words that begin the command
// names: the commands of n words and the groups of n words.
func prefixes(names []string, n int) []string {
	var out []string
	seen := map[string]bool{}
	for _, name := range names {
		words := strings.Fields(name)
		if len(words) < n {
			continue
		}
		p := strings.Join(words[:n], " ")
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// Run runs the command that args name on the rest of args and writes its
// envelope to w. The command lines that name no command get envelopes of
// their own, with meta.schema_version like every other:
//   - "help" or "--help"/"-h" (alone, or before or after a command's name
//     and its arguments): SUCCESS with the Help as data (meta.type "help");
//     help about a command that does not exist is answered as below, its
//     redirects asking for help (UnknownHelp);
//   - no arguments: ARG_ERROR COMMAND_MISSING, the commands in the suggestion;
//   - a redirected (renamed) command: REDIRECTED with the new command line;
//   - a group (the words that begin command names without naming a
//     command: "links" of "links check"): alone, ARG_ERROR COMMAND_MISSING,
//     its commands in the suggestion; followed by a typo of one of its
//     commands, REDIRECTED as below; followed by any other word, ARG_ERROR
//     UNKNOWN_COMMAND naming its commands. Help about a group lists its
//     commands;
//   - a typo of exactly one command or group ("lsit" for "list", "linsk"
//     for "links"): REDIRECTED, reason typo_corrected, not permanent, with
//     the corrected command line;
//   - anything else: ARG_ERROR UNKNOWN_COMMAND.
func (r *Registry) Run(ctx context.Context, args []string, w io.Writer) exitcode.Code {
	code, _ := r.run(ctx, args, w)
	return code
}

func (r *Registry) run(ctx context.Context, args []string, w io.Writer) (exitcode.Code, Runnable) {
	start := time.Now()
	if help, topic := helpRequest(args); help {
		return r.writeHelp(w, start, topic), nil
	}
	if e, rest, ok := r.find(args); ok {
		return e.cmd.Run(ctx, rest, w), e.cmd
	}
	return WriteError(w, start, r.Unknown(args)), nil
}

// helpRequest reports whether args ask for help, and about which words.
func helpRequest(args []string) (bool, []string) {
	if len(args) > 0 && args[0] == "help" {
		return true, args[1:]
	}
	for i, a := range args {
		if a == "--help" || a == "-h" {
			return true, append(append([]string(nil), args[:i]...), args[i+1:]...)
		}
		if a == "--" {
			break
		}
	}
	return false, nil
}

func (r *Registry) writeHelp(w io.Writer, start time.Time, topic []string) exitcode.Code {
	h := Help{Program: r.program, Usage: r.program + " COMMAND [ARGS...]", Commands: []CommandSummary{}}
	r.mu.Lock()
	for _, n := range r.order {
		h.Commands = append(h.Commands, CommandSummary{Name: n, Summary: r.commands[n].desc.Summary})
	}
	r.mu.Unlock()
	if len(topic) > 0 {
		// Words after a command's name are its arguments: "get x --help"
		// is help about get.
		e, _, ok := r.find(topic)
		g := strings.Join(topic, " ")
		switch {
		case ok:
			d := e.desc
			h.Command = &d
			h.Usage = r.program + " " + d.Name + " [ARGS...]"
		case groups(r.names())[g] != nil:
			// Help about a group lists its commands.
			var in []CommandSummary
			for _, c := range h.Commands {
				if strings.HasPrefix(c.Name, g+" ") {
					in = append(in, c)
				}
			}
			h.Commands = in
			h.Usage = r.program + " " + g + " COMMAND [ARGS...]"
		default:
			return WriteError(w, start, r.UnknownHelp(topic))
		}
	}
	env, _ := New(start, exitcode.Success, h, nil, WithMeta(Meta{SchemaVersion: SchemaVersion, Type: helpType}))
	if err := env.Encode(w); err != nil {
		return exitcode.GeneralError
	}
	return env.Code()
}

// Unknown returns the error for a command line that names no command:
// COMMAND_MISSING (no command, or a group alone), a redirect of a renamed
// command, a typo_corrected redirect, or UNKNOWN_COMMAND (see Run). A CLI
// framework's adapter calls it for the command lines its framework cannot
// dispatch. Words that do name a command (read as arguments, after "--")
// are BAD_ARGUMENTS, suggesting the command line that runs it: never a
// redirect to themselves.
func (r *Registry) Unknown(args []string) *exitcode.Error {
	return r.unknown(args, nil)
}

// UnknownHelp returns the error for help asked about a command line that
// names no command: UNKNOWN_COMMAND, or a redirect that asks for help about
// the renamed command or the typo's correction ("notes help list" for
// "notes help lsit" and "notes lsit --help"). An agent runs a redirect
// verbatim, so the redirect of a request for help must not run the command.
func (r *Registry) UnknownHelp(topic []string) *exitcode.Error {
	return r.unknown(topic, []string{"help"})
}

// unknown is Unknown with lead, words a redirect puts between the program
// and the corrected command line.
func (r *Registry) unknown(args, lead []string) *exitcode.Error {
	names := r.names()
	list := strings.Join(names, ", ")
	if len(args) == 0 {
		return UsageError("COMMAND_MISSING", "no command given",
			fmt.Sprintf("run %s COMMAND; the commands are: %s", r.program, list))
	}
	if e, _, ok := r.find(args); ok {
		// Words an adapter read as arguments (after "--") that name a
		// command: no typo of itself.
		return UsageError("BAD_ARGUMENTS", fmt.Sprintf("the words %s name the command %q but were read as arguments", ShellQuote(args...), e.desc.Name),
			"run "+ShellQuote(append(append([]string{r.program}, lead...), args...)...))
	}
	r.mu.Lock()
	for n := len(args); n > 0; n-- {
		if rd, ok := r.redirects[strings.Join(args[:n], " ")]; ok {
			r.mu.Unlock()
			line := append(append(append([]string{r.program}, lead...), strings.Fields(rd.To)...), args[n:]...)
			return exitcode.New(exitcode.Redirected, "COMMAND_RENAMED",
				fmt.Sprintf("%q is now %q", r.program+" "+rd.From, r.program+" "+rd.To)).
				WithPhase(exitcode.PhaseValidation).
				WithRedirect(ShellQuote(line...), rd.Permanent, exitcode.RedirectReason(rd.Reason))
		}
	}
	r.mu.Unlock()
	typo := func(n int, fix string) *exitcode.Error {
		line := append(append(append([]string{r.program}, lead...), strings.Fields(fix)...), args[n:]...)
		return exitcode.New(exitcode.Redirected, "COMMAND_TYPO",
			fmt.Sprintf("there is no command %q; did you mean %q?", strings.Join(args[:n], " "), fix)).
			WithPhase(exitcode.PhaseValidation).
			WithRedirect(ShellQuote(line...), false, exitcode.ReasonTypo)
	}
	// A group: alone it needs a command; the word after it is one of its
	// commands, or a typo of one, or no command at all.
	grps := groups(names)
	for n := len(args); n > 0; n-- {
		g := strings.Join(args[:n], " ")
		subs, ok := grps[g]
		if !ok {
			continue
		}
		path := ShellQuote(append([]string{r.program}, args[:n]...)...)
		if n == len(args) {
			return UsageError("COMMAND_MISSING", path+" needs a command",
				fmt.Sprintf("run %s COMMAND; the commands are: %s", path, strings.Join(subs, ", ")))
		}
		// Read as one phrase with the group, as a typo of the first two
		// words is: "notes ad" is a typo of "notes add".
		var full []string
		for _, sub := range subs {
			full = append(full, g+" "+sub)
		}
		if fix := Closest(g+" "+args[n], full); fix != "" {
			return typo(n+1, fix)
		}
		return UsageError("UNKNOWN_COMMAND", fmt.Sprintf("there is no command %q", g+" "+args[n]),
			fmt.Sprintf("the commands of %s are: %s; run %s", path, strings.Join(subs, ", "),
				ShellQuote(append([]string{r.program, "help"}, args[:n]...)...)))
	}
	// A typo: the first word, or the first two for a subcommand, of a
	// command or a group.
	for n := min(2, len(args)); n > 0; n-- {
		if fix := Closest(strings.Join(args[:n], " "), prefixes(names, n)); fix != "" {
			return typo(n, fix)
		}
	}
	return UsageError("UNKNOWN_COMMAND", fmt.Sprintf("there is no command %q", args[0]),
		fmt.Sprintf("the commands are: %s; run %s help", list, r.program))
}

// Main runs the command the process's command line names and ends the
// process with the code, through the declarations of the command that ran
// (so exitcode.Catch(nil, r.Main) checks it): see envelope.Main, which it
// calls, for standard output, signals and panics.
func (r *Registry) Main() { Main(r) }

// MainContext is Main under the caller's context (see envelope.MainContext).
func (r *Registry) MainContext(ctx context.Context) { MainContext(ctx, r) }
