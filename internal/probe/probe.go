package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
)

// The probes, by name: the names a report gives each call and that skip
// takes.
const (
	ProbeHelp           = "help"            // --help in JSON mode
	ProbeHelpText       = "help_text"       // --help without it (when JSON mode is a switch)
	ProbeVersion        = "version"         // --version
	ProbeManifest       = "manifest"        // the schema command
	ProbeNoCommand      = "no_command"      // the program alone
	ProbeUnknownCommand = "unknown_command" // a word that is no command
	ProbeCommandTypo    = "command_typo"    // a known command misspelt
	ProbeUnknownFlag    = "unknown_flag"    // a flag the program does not have
	ProbeStdinOpen      = "stdin_open"      // the program alone, stdin open and silent
	ProbeNoColor        = "no_color"        // --help with NO_COLOR set
	ProbeCommandHelp    = "command_help"    // COMMAND --help
	ProbeBadFlag        = "bad_flag"        // COMMAND with a flag it does not have
	ProbeMissingArgs    = "missing_args"    // COMMAND without the arguments its usage requires
	ProbeInvocation     = "invocation"      // a command line of the probe file
	ProbeInterrupt      = "interrupt"       // a command line of the probe file, interrupted
)

// Probes lists every probe, in the order they run.
var Probes = []string{ProbeHelp, ProbeHelpText, ProbeManifest, ProbeVersion, ProbeNoCommand, ProbeUnknownCommand,
	ProbeCommandTypo, ProbeUnknownFlag, ProbeStdinOpen, ProbeNoColor, ProbeCommandHelp, ProbeBadFlag,
	ProbeMissingArgs, ProbeInvocation, ProbeInterrupt}

// perCommand are the probes that run once per command; skip may name one
// command's ("bad_flag sync").
var perCommand = []string{ProbeCommandHelp, ProbeBadFlag, ProbeMissingArgs}

// The words the probes use for what no program has.
const (
	noSuchFlag    = "--exitlint-probe-no-such-flag"
	noSuchCommand = "exitlint-probe-no-such-command"
)

// Position is where the JSON switch goes on a command line.
type Position string

// The positions.
const (
	AtCommand Position = "command" // after the command's words: tool get --json NAME
	AtFirst   Position = "first"   // right after the program: tool --json get NAME
	AtLast    Position = "last"    // at the end: tool get NAME --json
)

// ParsePosition reads a Position.
func ParsePosition(s string) (Position, error) {
	switch p := Position(s); p {
	case AtCommand, AtFirst, AtLast:
		return p, nil
	}
	return "", fmt.Errorf("%q is no position: command (after the command's words), first (after the program) or last", s)
}

// JSONMode is how the program's JSON mode is switched on: flags (Args,
// placed At), variables (Env), or nothing (the program always answers with
// an envelope). Always declares that last: without a switch and without
// it, a program none of whose answers is JSON is taken to have no JSON
// mode, and its text answers are not held to the envelope.
type JSONMode struct {
	Args   []string
	At     Position
	Env    []string
	Always bool
}

func (m JSONMode) switched() bool { return len(m.Args) > 0 || len(m.Env) > 0 }

// String says how JSON mode is switched on, for the report.
func (m JSONMode) String() string {
	var parts []string
	if len(m.Args) > 0 {
		at := m.At
		if at == "" {
			at = AtCommand
		}
		parts = append(parts, fmt.Sprintf("the flags %s, placed %s", strings.Join(m.Args, " "), map[Position]string{
			AtCommand: "after the command's words", AtFirst: "right after the program", AtLast: "at the end"}[at]))
	}
	if len(m.Env) > 0 {
		parts = append(parts, "the environment "+strings.Join(m.Env, " "))
	}
	switch {
	case len(parts) > 0:
	case m.Always:
		return "always on, as declared: every answer is held to the envelope"
	default:
		return "always on (no switch given)"
	}
	return strings.Join(parts, ", and ")
}

// Config is what a probe run needs.
type Config struct {
	// Command is CMD ARGS…: the program (an absolute path) and the words
	// every command line starts with.
	Command []string
	JSON    JSONMode
	Env     []string // KEY=VALUE for every call, PATH among them
	Timeout time.Duration
	// Manifest is the program's manifest when the user gave it
	// (ManifestSource says where from); else Schema is the command line
	// that prints it, or, when nil, `schema` is asked when the program's
	// help lists that command.
	Manifest       *envelope.Manifest
	ManifestSource string
	Schema         []string
	Commands       []string // the commands, when the user names them
	Codes          []int    // command-specific codes the program declares
	Invocations    []Invocation
	Interrupts     []Interrupt
	Skip           []string
	TempDir        string    // where sandboxes are made ("": the system's)
	Progress       io.Writer // each call as it ends, when not nil
}

// CheckSkip says what is wrong with a skip entry: a probe's name, or a
// per-command probe's name and a command ("bad_flag sync").
func CheckSkip(s string) error {
	name, command, _ := strings.Cut(strings.TrimSpace(s), " ")
	switch {
	case !slices.Contains(Probes, name):
		return fmt.Errorf("%q names no probe; the probes are %s", name, strings.Join(Probes, ", "))
	case command != "" && !slices.Contains(perCommand, name):
		return fmt.Errorf("%q: %s runs once, not per command; skip it whole", s, name)
	}
	return nil
}

// runner is one probe run under way.
type runner struct {
	ctx      context.Context
	cfg      Config
	report   *Report
	judge    judge
	commands []string
	usage    map[string]string // a command's usage line, from its help
	// sawJSON is set once a call in JSON mode answers with JSON (its
	// standard output begins with an object or an array).
	sawJSON bool
}

// Run runs every probe the configuration allows and reports what each
// call broke. Its error is what kept it from finishing (a sandbox that
// cannot be made, a program that cannot be started); the report then holds
// what ran.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 10 * time.Second
	}
	r := &runner{ctx: ctx, cfg: cfg, usage: map[string]string{},
		report: &Report{Command: cfg.Command, JSONMode: cfg.JSON.String(), Commands: []string{}, Runs: []CallResult{}, Skipped: []Skipped{}, Findings: []Finding{}}}
	r.judge.declared = cfg.Codes
	for _, step := range []func() error{r.discover, r.manifest, r.generic, r.eachCommand, r.invocations, r.interrupts} {
		if err := step(); err != nil {
			r.withoutJSONMode()
			return r.report, err
		}
		r.report.Commands = append([]string{}, r.commands...)
	}
	r.withoutJSONMode()
	return r.report, nil
}

// NoJSONMode is what the report says of the JSON mode of a program that
// was given no switch and answered no call with JSON.
const NoJSONMode = "none found: no switch was given and no answer was JSON, so no answer was held to the envelope (give the switch with -json-args or -json-env if the program has one, or -json-always if it answers in JSON with none)"

// withoutJSONMode drops the envelope's findings when the program was given
// no JSON switch and answered no call with JSON: it has no JSON mode (or
// one the probe was not told of), and its text answers are no broken
// envelopes. The contract's envelope is the output of JSON mode; its exit
// codes, the refusal of invalid input and its zero side effects, hold for
// every program, and those findings stay.
func (r *runner) withoutJSONMode() {
	if r.cfg.JSON.switched() || r.cfg.JSON.Always || r.sawJSON || len(r.report.Runs) == 0 {
		return
	}
	r.report.JSONMode = NoJSONMode
	kept := r.report.Findings[:0]
	for _, f := range r.report.Findings {
		if f.Check != CheckEnvelope && f.Check != CheckANSI {
			kept = append(kept, f)
			continue
		}
		for i := range r.report.Runs {
			if run := &r.report.Runs[i]; run.Probe == f.Probe && slices.Equal(run.Args, f.Args) && run.Findings > 0 {
				run.Findings--
				break
			}
		}
	}
	r.report.Findings = kept
}

// call is one command line a probe runs.
type call struct {
	probe   string
	command string   // the command's words, "" for none
	rest    []string // after the command's words
	json    bool     // in JSON mode
	// help: the line asks for the command's help, and is not the
	// command's run: its answer is no data of the command's result type.
	help   bool
	stdin  StdinMode
	env    []string
	expect expectation
	// interrupt, when positive, sends SIGINT this long after the start.
	interrupt time.Duration
}

// line builds the command line: CMD ARGS…, the command's words, the JSON
// switch where it goes, the rest.
func (r *runner) line(c call) []string {
	words := strings.Fields(c.command)
	out := slices.Clone(r.cfg.Command)
	if !c.json || len(r.cfg.JSON.Args) == 0 {
		return slices.Concat(out, words, c.rest)
	}
	switch r.cfg.JSON.At {
	case AtFirst:
		return slices.Concat(out, r.cfg.JSON.Args, words, c.rest)
	case AtLast:
		return slices.Concat(out, words, c.rest, r.cfg.JSON.Args)
	}
	return slices.Concat(out, words, r.cfg.JSON.Args, c.rest)
}

// run runs c in a fresh sandbox, judges its answer and records both.
func (r *runner) run(c call) (*Answer, error) {
	env := slices.Clone(c.env)
	if c.json {
		env = append(env, r.cfg.JSON.Env...)
	}
	sb, err := NewSandbox(r.cfg.TempDir, r.cfg.Env)
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	a, err := sb.Run(r.ctx, Call{Args: r.line(c), Env: env, Stdin: c.stdin, Timeout: r.cfg.Timeout, Interrupt: c.interrupt})
	if err != nil {
		return nil, err
	}
	if err := r.ctx.Err(); err != nil {
		return nil, err // cancelled: the answer says nothing of the program
	}
	c.expect.json, c.expect.stdin, c.expect.limit = c.json, c.stdin, r.cfg.Timeout
	r.judge.sandbox = sb
	if trimmed := bytes.TrimSpace(a.Stdout); c.json && len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		r.sawJSON = true
	}
	if c.probe == ProbeHelp || c.probe == ProbeHelpText {
		r.judge.addSetup(a.Changes)
	}
	var found []Finding
	note := ""
	if c.interrupt > 0 {
		found, note = r.judgeInterrupt(c, a)
	} else {
		command := r.manifestCommand(c.command)
		if c.help {
			command = ""
		}
		found = r.judge.findings(answerJudged{probe: c.probe, command: command, answer: a, expect: c.expect})
	}
	r.report.Findings = append(r.report.Findings, found...)
	r.report.Runs = append(r.report.Runs, CallResult{Probe: c.probe, Args: a.Args, Exit: a.Exit, Signal: a.Signal, TimedOut: a.TimedOut,
		DurationMS: a.Duration.Milliseconds(), Findings: len(found), Note: note, Changes: describeChanges(sb, a.Changes)})
	if r.cfg.Progress != nil {
		fmt.Fprintf(r.cfg.Progress, "exitlint probe: %s: %s: %s, %d finding(s)\n", c.probe, envelope.ShellQuote(a.Args...), exitText(a), len(found))
	}
	return a, nil
}

func exitText(a *Answer) string {
	switch {
	case a.TimedOut:
		return "killed at the time limit"
	case a.Signal != "":
		return "ended by " + a.Signal
	}
	return "exit " + describeCode(a.Exit)
}

// manifestCommand is the manifest's name of command, "" when the manifest
// does not list it.
func (r *runner) manifestCommand(command string) string {
	if commandOf(r.judge.manifest, command) != nil {
		return command
	}
	return ""
}

// skipped reports whether the user skips probe (for command, when it runs
// per command), and records it.
func (r *runner) skipped(probe, command string) bool {
	for _, s := range r.cfg.Skip {
		name, cmd, _ := strings.Cut(strings.TrimSpace(s), " ")
		if name == probe && (cmd == "" || strings.Join(strings.Fields(cmd), " ") == command) {
			what := probe
			if command != "" {
				what += " " + command
			}
			r.skip(what, "skipped as asked")
			return true
		}
	}
	return false
}

func (r *runner) skip(probe, reason string) {
	r.report.Skipped = append(r.report.Skipped, Skipped{Probe: probe, Reason: reason})
}

// discover asks the program for help, in JSON mode and (when JSON mode is a
// switch) without it, and learns its commands.
func (r *runner) discover() error {
	var fromData, fromText []string
	if !r.skipped(ProbeHelp, "") {
		a, err := r.run(call{probe: ProbeHelp, rest: []string{"--help"}, json: true})
		if err != nil {
			return err
		}
		fromData = commandsFromData(helpData(a.Stdout))
		if len(fromData) == 0 {
			fromText = commandsFromText(append(a.Stdout, a.Stderr...))
		}
	}
	if r.cfg.JSON.switched() && !r.skipped(ProbeHelpText, "") {
		a, err := r.run(call{probe: ProbeHelpText, rest: []string{"--help"}})
		if err != nil {
			return err
		}
		if len(fromText) == 0 {
			fromText = commandsFromText(append(a.Stdout, a.Stderr...))
		}
	}
	switch {
	case len(r.cfg.Commands) > 0:
		r.commands, r.report.Source = r.cfg.Commands, "the probe file"
	case len(fromData) > 0:
		r.commands, r.report.Source = fromData, "the help envelope"
	case len(fromText) > 0:
		r.commands, r.report.Source = fromText, "the help text"
	}
	return nil
}

// manifest reads the manifest the user gave, or asks the program's schema
// command for it, and checks it.
func (r *runner) manifest() error {
	m, source := r.cfg.Manifest, r.cfg.ManifestSource
	if m == nil {
		schema, guessed := r.cfg.Schema, false
		if schema == nil && slices.Contains(r.commands, "schema") {
			schema, guessed = []string{"schema"}, true
		}
		if schema == nil || r.skipped(ProbeManifest, "") {
			return nil
		}
		a, err := r.run(call{probe: ProbeManifest, command: schema[0], rest: schema[1:], json: true})
		if err != nil {
			return err
		}
		source = envelope.ShellQuote(a.Args...)
		if m = r.manifestOf(a, guessed); m == nil {
			return nil
		}
	}
	r.judge.manifest = m
	r.report.Manifest = &Manifest{Source: source, Program: m.Program, Commands: len(m.Commands), ResultTypes: m.ResultTypes}
	if problems := envelopetest.ManifestProblems(m); len(problems) > 0 {
		r.report.Findings = append(r.report.Findings, Finding{Probe: ProbeManifest, Check: CheckManifest, Args: []string{source},
			Message:  fmt.Sprintf("the manifest contradicts itself: %s; an agent that picks a parser by result type, or consults a command's exit codes, is misled; generate the manifest from the commands' declarations", strings.Join(problems, "; ")),
			Expected: seedManifest + " / " + seedDeclared, Got: fmt.Sprintf("%d command(s), result types %s", len(m.Commands), strings.Join(m.ResultTypes, ", "))})
	}
	if len(r.cfg.Commands) == 0 && len(m.Commands) > 0 {
		r.commands, r.report.Source = nil, "the manifest"
		for _, c := range m.Commands {
			r.commands = appendCommand(r.commands, c.Name)
		}
	}
	for _, c := range m.Commands {
		for _, e := range c.ExitCodes {
			if exitcode.Classify(int(e.Code)) == exitcode.RangeCommand && !slices.Contains(r.judge.declared, int(e.Code)) {
				r.judge.declared = append(r.judge.declared, int(e.Code))
			}
		}
	}
	return nil
}

// manifestOf reads the manifest from the schema command's answer; a
// finding says why there is none. When the command is the probe's guess (a
// command named schema in the help) and not the user's, an answer without
// a manifest is no finding: a command of that name may be of another
// purpose (an API's schema, a description in the program's own format),
// and the report says why no manifest was read.
func (r *runner) manifestOf(a *Answer, guessed bool) *envelope.Manifest {
	fail := func(msg string) *envelope.Manifest {
		if guessed {
			r.skip(ProbeManifest, fmt.Sprintf("%s: no manifest (%s), so it is taken for a command of another purpose; name the command that prints the manifest with -schema (or the probe file's schema:) to have it checked", envelope.ShellQuote(a.Args...), msg))
			return nil
		}
		r.report.Findings = append(r.report.Findings, Finding{Probe: ProbeManifest, Check: CheckManifest, Args: a.Args,
			Message: msg + "; an agent cannot learn the commands, their exit codes or their result types from it", Expected: seedManifest, Got: got(a)})
		r.report.Runs[len(r.report.Runs)-1].Findings++
		return nil
	}
	if a.Exit != 0 {
		return fail("the schema command does not succeed")
	}
	data := helpData(a.Stdout)
	if data == nil {
		return fail("the schema command's answer holds no manifest as data")
	}
	var m envelope.Manifest
	if err := json.Unmarshal(data, &m); err != nil || len(m.Commands) == 0 {
		why := "it lists no commands"
		if err != nil {
			why = err.Error()
		}
		return fail("the schema command's data is no manifest (" + why + ")")
	}
	return &m
}

// generic runs the probes every program must answer the same way.
func (r *runner) generic() error {
	var calls []call
	add := func(c call) {
		if !r.skipped(c.probe, "") {
			calls = append(calls, c)
		}
	}
	add(call{probe: ProbeVersion, rest: []string{"--version"}, json: true})
	add(call{probe: ProbeNoCommand, json: true})
	if len(r.commands) > 0 {
		add(call{probe: ProbeUnknownCommand, command: noSuchCommand, json: true,
			expect: expectation{invalid: "a command that does not exist", codes: []int{3, 13}}})
		if typo, of, ok := makeTypo(r.commands); ok {
			add(call{probe: ProbeCommandTypo, command: typo, json: true,
				expect: expectation{invalid: fmt.Sprintf("%q, a misspelling of the command %q,", typo, of), codes: []int{3, 13}}})
		}
	} else {
		r.skip(ProbeUnknownCommand, "the program names no commands (in its help or manifest, or in the probe file's commands:): a word in their place may be a valid argument")
		r.skip(ProbeCommandTypo, "the program names no commands")
	}
	add(call{probe: ProbeUnknownFlag, rest: []string{noSuchFlag}, json: true,
		expect: expectation{invalid: "an unknown flag", codes: []int{3}}})
	add(call{probe: ProbeStdinOpen, json: true, stdin: StdinOpen, expect: expectation{only: CheckHang}})
	add(call{probe: ProbeNoColor, rest: []string{"--help"}, json: !r.cfg.JSON.switched(), env: []string{"NO_COLOR=1", "TERM=xterm-256color"},
		expect: expectation{noColor: true, only: CheckNoColor}})
	for _, c := range calls {
		if _, err := r.run(c); err != nil {
			return err
		}
	}
	return nil
}

// eachCommand runs the per-command probes: help, an unknown flag, and the
// command without the arguments its usage requires.
func (r *runner) eachCommand() error {
	for _, command := range r.commands {
		if !r.skipped(ProbeCommandHelp, command) {
			a, err := r.run(call{probe: ProbeCommandHelp, command: command, rest: []string{"--help"}, json: true, help: true, expect: expectation{helpOnly: true}})
			if err != nil {
				return err
			}
			r.usage[command] = usageFromData(helpData(a.Stdout))
			if r.usage[command] == "" {
				r.usage[command] = usageFromText(append(a.Stdout, a.Stderr...))
			}
		}
		if !r.skipped(ProbeBadFlag, command) {
			if _, err := r.run(call{probe: ProbeBadFlag, command: command, rest: []string{noSuchFlag}, json: true,
				expect: expectation{invalid: fmt.Sprintf("an unknown flag of %q", command), codes: []int{3}}}); err != nil {
				return err
			}
		}
		if r.skipped(ProbeMissingArgs, command) {
			continue
		}
		required := requiredArgs(r.usage[command], strings.Fields(command))
		if len(required) == 0 {
			// Without an argument the usage requires, running the command
			// could be a valid call, which only the probe file may make.
			r.skip(ProbeMissingArgs+" "+command, "its usage names no required argument")
			continue
		}
		if _, err := r.run(call{probe: ProbeMissingArgs, command: command, json: true,
			expect: expectation{invalid: fmt.Sprintf("%q without %s, which its usage requires,", command, strings.Join(required, " ")), codes: []int{3}}}); err != nil {
			return err
		}
	}
	return nil
}

// invocations runs the probe file's command lines.
func (r *runner) invocations() error {
	for _, inv := range r.cfg.Invocations {
		if r.skipped(ProbeInvocation, "") {
			return nil
		}
		command, rest := r.splitCommand(inv.Args)
		e := expectation{codes: inv.Expect, unchanged: inv.NoSideEffects}
		if slices.Equal(inv.Expect, []int{int(exitcode.ArgError)}) {
			e.invalid = "a command line the probe file says is invalid"
		}
		if _, err := r.run(call{probe: ProbeInvocation, command: command, rest: rest, json: true, expect: e}); err != nil {
			return err
		}
	}
	return nil
}

// splitCommand splits a command line into the longest known command its
// words begin with and the rest.
func (r *runner) splitCommand(args []string) (string, []string) {
	best := 0
	for _, c := range r.commands {
		words := strings.Fields(c)
		if len(words) > best && len(words) <= len(args) && slices.Equal(args[:len(words)], words) {
			best = len(words)
		}
	}
	if best == 0 && len(args) > 0 && !strings.HasPrefix(args[0], "-") && len(r.commands) == 0 {
		best = 1 // no commands known: the first word stands for one
	}
	return strings.Join(args[:best], " "), args[best:]
}

// interrupts runs the probe file's long command lines and interrupts them.
func (r *runner) interrupts() error {
	for _, in := range r.cfg.Interrupts {
		if r.skipped(ProbeInterrupt, "") {
			return nil
		}
		if !CanInterrupt {
			r.skip(ProbeInterrupt, "this system cannot send SIGINT")
			return nil
		}
		command, rest := r.splitCommand(in.Args)
		if _, err := r.run(call{probe: ProbeInterrupt, command: command, rest: rest, json: true, interrupt: in.After}); err != nil {
			return err
		}
	}
	return nil
}

// judgeInterrupt judges a call interrupted with SIGINT: it must end within
// the time limit, by exiting (not by the signal), with a code 1–125 and
// one envelope.
func (r *runner) judgeInterrupt(c call, a *Answer) ([]Finding, string) {
	f := func(msg, expected string) []Finding {
		return []Finding{{Probe: c.probe, Check: CheckInterrupt, Args: a.Args, Message: msg, Expected: expected, Got: got(a)}}
	}
	switch {
	case a.EndedFirst:
		return nil, fmt.Sprintf("it ended (exit %s) before the interrupt at %s: nothing was tested; give a command line that runs longer, or a shorter after:", describeCode(a.Exit), c.interrupt)
	case a.TimedOut:
		return f(fmt.Sprintf("did not end within %s of SIGINT: an agent that interrupts it (a time limit, a user's Ctrl-C) must kill it, and learns nothing of what it had done; on SIGINT stop the work, write the envelope and exit", r.cfg.Timeout), ruleInterrupt), ""
	case a.Signal != "":
		return f(fmt.Sprintf("ended by %s itself, with no exit code of its own and no envelope: the agent's shell reports %s, and the agent cannot tell what was done; catch SIGINT, then write an envelope and exit with a code of the table (TIMEOUT (10) for work cut short)", a.Signal, shellStatus(a.Signal)), seedSignal), ""
	case a.Exit == 0:
		return f("exits 0 (SUCCESS) after SIGINT: an agent takes the interrupted work for done; exit with the code of work cut short (TIMEOUT (10), with error.phase)", ruleInterrupt), ""
	}
	found := r.judge.findings(answerJudged{probe: c.probe, command: r.manifestCommand(c.command), answer: a, expect: expectation{json: true}})
	return found, ""
}
