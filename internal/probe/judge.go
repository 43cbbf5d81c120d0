package probe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
)

// expectation is what a probe's call must answer, beyond what every answer
// must keep.
type expectation struct {
	json bool // JSON mode was on: standard output is one envelope
	// invalid names the invalid input of a command line the program must
	// refuse ("an unknown flag"): ARG_ERROR, and no side effects whatever
	// the code.
	invalid string
	codes   []int // the codes allowed; none: any the contract allows
	noColor bool  // NO_COLOR was set
	// unchanged: the call must change nothing, whatever its code (the
	// probe file's side_effects: none).
	unchanged bool
	// helpOnly: the call asks a command for its help, which is answered
	// without acting: it must change nothing beyond the program's setup.
	helpOnly bool
	stdin    StdinMode
	limit    time.Duration
	// only, when set, keeps the findings of that check alone (and a hang):
	// the probe repeats another's command line under another condition
	// (stdin open, NO_COLOR), and the other probe judges the rest.
	only Check
}

// judge holds what every answer is judged against: the manifest and the
// codes the program declares.
type judge struct {
	manifest *envelope.Manifest
	// declared are the command-specific codes (79–125) the program
	// declares: in the probe file, or for any command of its manifest.
	declared []int
	sandbox  *Sandbox // names the changes' paths
	// setup is what the program changed when asked only for its help (a
	// configuration directory, a default file, a cache of its own): its
	// first-run setup, which whatever call comes first makes, and no
	// effect of the command line that made it.
	setup map[string]ChangeKind
}

// addSetup records the changes of a call that asked only for help as the
// program's setup.
func (j *judge) addSetup(changes []Change) {
	if j.setup == nil {
		j.setup = map[string]ChangeKind{}
	}
	for _, c := range stateChanges(changes) {
		j.setup[c.Path] = c.Kind
	}
}

// effects are the changes that count as a call's side effects: all but
// those in the cache directory (stateChanges) and those the program makes
// as its setup, the same path changed the same way.
func (j *judge) effects(changes []Change) []Change {
	var out []Change
	for _, c := range stateChanges(changes) {
		if kind, ok := j.setup[c.Path]; !ok || kind != c.Kind {
			out = append(out, c)
		}
	}
	return out
}

// answerJudged is a call's answer and what its probe was about.
type answerJudged struct {
	probe   string
	command string // the manifest's command the line runs, "" for none
	answer  *Answer
	expect  expectation
}

// findings judges one answer.
func (j *judge) findings(c answerJudged) []Finding {
	out := j.all(c)
	if c.expect.only == "" {
		return out
	}
	return slices.DeleteFunc(out, func(f Finding) bool { return f.Check != c.expect.only && f.Check != CheckHang })
}

func (j *judge) all(c answerJudged) []Finding {
	a, e := c.answer, c.expect
	f := func(check Check, msg, expected string) Finding {
		return Finding{Probe: c.probe, Check: check, Args: a.Args, Message: msg, Expected: expected, Got: got(a)}
	}
	switch {
	case a.TimedOut:
		return []Finding{f(CheckHang, hangMessage(e), ruleHang)}
	case a.Signal != "":
		return []Finding{f(CheckSignal, fmt.Sprintf("ended by %s, with no exit code of its own and no envelope: an agent's shell reports %s, a code no command may use, and the agent learns nothing of what happened; handle the condition (or the signal) and exit with a code of the table", a.Signal, shellStatus(a.Signal)), seedSignal)}
	}
	cm := commandOf(j.manifest, c.command)
	var out []Finding
	var env map[string]json.RawMessage
	if e.json {
		var problems []Finding
		env, problems = j.envelopeFindings(c, cm, f)
		out = append(out, problems...)
		if hasANSI(a.Stdout) {
			out = append(out, f(CheckANSI, "standard output in JSON mode holds terminal escape sequences: an agent's JSON parser fails on them, or keeps them in the text it reads; write no colour or cursor codes when JSON is asked for (nor when stdout is not a terminal)", ruleANSI))
		}
	} else if r := exitcode.Classify(a.Exit); !r.Emittable() {
		out = append(out, f(CheckExitCode, fmt.Sprintf("exit %d lies in the %s range, which no command may use: an agent cannot tell what happened from it; exit with a code of the table", a.Exit, r), seedRanges))
	}
	if cm == nil && a.Exit >= 79 && a.Exit <= 125 && !slices.Contains(j.declared, a.Exit) {
		out = append(out, f(CheckExitCode, fmt.Sprintf("exit %d is a command-specific code that nothing declares (no manifest entry, no codes: in the probe file): an agent has no declaration to consult and cannot tell what it means; declare it in the command's exit codes, or use a code of the table", a.Exit), seedDeclared))
	}
	if len(e.codes) > 0 && !slices.Contains(e.codes, a.Exit) {
		out = append(out, j.unexpected(c, f))
	}
	if phase := errorString(env, "phase"); e.json && a.Exit == int(exitcode.ArgError) && phase != "" && phase != "validation" {
		out = append(out, f(CheckPhase, fmt.Sprintf("ARG_ERROR (3) with error.phase %q: the phase says the call got past validation, where side effects may have begun, and the code says none did; an agent cannot trust either; emit ARG_ERROR only from validation, and a later failure with the code of what happened", phase), seedPhase))
	}
	if len(j.effects(a.Changes)) > 0 && (e.invalid != "" || e.unchanged || e.helpOnly || promisesNone(cm, a.Exit)) {
		out = append(out, j.sideEffects(c, cm, f))
	}
	if e.noColor && (hasANSI(a.Stderr) || hasANSI(a.Stdout)) {
		out = append(out, f(CheckNoColor, "writes ANSI colour with NO_COLOR set: an agent (or a log) that set it to read plain text gets escape codes in it; check NO_COLOR (any non-empty value) before colouring either stream", ruleNoColor))
	}
	return out
}

// envelopeFindings checks that standard output is exactly one envelope
// and runs the runtime's validator on it (envelopetest, the conformance
// helper: the shape, ok derived from the exit code, the payload's rules,
// the command's declared codes and retryability, data against the
// manifest's data_schema). It returns the envelope's top level (nil when
// there is none).
func (j *judge) envelopeFindings(c answerJudged, cm *envelope.CommandManifest, f func(Check, string, string) Finding) (map[string]json.RawMessage, []Finding) {
	a := c.answer
	doc, err := oneJSONValue(a.Stdout)
	if err != nil {
		msg := fmt.Sprintf("standard output in JSON mode is not one envelope: %v; an agent that parses it finds no outcome to act on; write exactly one envelope {ok, data, error, warnings, meta} on stdout, and everything else on stderr", err)
		if a.StdoutCut {
			msg = fmt.Sprintf("standard output in JSON mode runs past %d MiB: an agent reads exactly one envelope; write one envelope on stdout, and everything else on stderr", maxOutput>>20)
		}
		return nil, []Finding{f(CheckEnvelope, msg, seedStdout)}
	}
	command := ""
	if cm != nil {
		command = cm.Name
	}
	r := envelopetest.Checker{}.Output(doc, a.Exit, j.manifest, command, a.Args...)
	var envelopeProblems, codeProblems, retryProblems []string
	var seeds []string
	for _, p := range r.Problems {
		path, msg, _ := strings.Cut(p, ": ")
		switch {
		case path == "manifest":
			continue // the manifest probe reports the manifest once
		case path == "/" && strings.HasPrefix(msg, "exit status"):
			codeProblems = append(codeProblems, msg)
		case path == "/error/retryable":
			retryProblems = append(retryProblems, p)
		default:
			envelopeProblems = append(envelopeProblems, p)
			if s := seedOf(path); !slices.Contains(seeds, s) {
				seeds = append(seeds, s)
			}
		}
	}
	var top map[string]json.RawMessage
	_ = json.Unmarshal(doc, &top)
	var out []Finding
	if len(envelopeProblems) > 0 {
		out = append(out, f(CheckEnvelope, fmt.Sprintf("the envelope breaks the contract for exit %s: %s; an agent that reads it misjudges the outcome or fails to parse it; build every envelope in one factory: the five keys always, ok derived from the exit code, data null on failure and error null on success", describeCode(a.Exit), strings.Join(envelopeProblems, "; ")), strings.Join(seeds, " / ")))
	}
	for _, p := range codeProblems {
		seed := seedRanges
		if cm != nil {
			seed = seedDeclared
		}
		out = append(out, f(CheckExitCode, p+": an agent that consults the command's declaration (or the table) finds no entry for the code and cannot tell what it means; declare the code or exit with one that is declared", seed))
	}
	if len(retryProblems) > 0 {
		out = append(out, f(CheckRetryable, strings.Join(retryProblems, "; ")+": an agent retries a call that cannot succeed, or gives up on one that could; make error.retryable follow the code's entry", seedRetryable))
	} else if cm == nil && top != nil {
		out = append(out, j.tableRetryable(top, a.Exit, f)...)
	}
	return top, out
}

// tableRetryable checks error.retryable against the table where no
// declaration speaks for the code (the validator checks it against a
// declaration): true at a code the table marks not retryable
// (PARTIAL_FAILURE, which the validator always checks, aside). false where
// the table says yes is the more specific signal, and allowed.
func (j *judge) tableRetryable(top map[string]json.RawMessage, exit int, f func(Check, string, string) Finding) []Finding {
	var e struct {
		Retryable *bool `json:"retryable"`
	}
	if json.Unmarshal(top["error"], &e) != nil || e.Retryable == nil || !*e.Retryable {
		return nil
	}
	row, ok := exitcode.Lookup(exitcode.Code(exit))
	if !ok || row.Retryable != exitcode.RetryNo || row.Code == exitcode.PartialFailure {
		return nil
	}
	return []Finding{f(CheckRetryable, fmt.Sprintf("error.retryable is true at exit %s, which the table marks not retryable: an agent retries a call that will fail the same way; set retryable false (or leave it out), or declare the code retryable for this command", describeCode(exit)), seedRetryable+"; "+tableRow(exit))}
}

// unexpected is the finding for an exit code the probe did not allow.
func (j *judge) unexpected(c answerJudged, f func(Check, string, string) Finding) Finding {
	a, e := c.answer, c.expect
	action := "an exit code outside the table"
	if row, ok := exitcode.Lookup(exitcode.Code(a.Exit)); ok {
		action = fmt.Sprintf("%q", row.Action)
	} else if entry, ok := declaredEntry(commandOf(j.manifest, c.command), a.Exit); ok && entry.Action != "" {
		action = fmt.Sprintf("%q", entry.Action)
	}
	if e.invalid != "" {
		want := "ARG_ERROR (3)"
		if slices.Contains(e.codes, int(exitcode.Redirected)) {
			want = "ARG_ERROR (3), or REDIRECTED (13) with the command meant"
		}
		return f(CheckInvalidInput, fmt.Sprintf("%s is answered with exit %s: an agent reads that as %s, not as a mistake of its own to fix and retry at once; refuse invalid input with %s", e.invalid, describeCode(a.Exit), action, want), seedArgError)
	}
	var want []string
	for _, code := range e.codes {
		want = append(want, describeCode(code))
	}
	return f(CheckExpected, fmt.Sprintf("exit %s where the probe file expects %s: an agent reads it as %s; answer this command line with the code its outcome has", describeCode(a.Exit), strings.Join(want, " or "), action), ruleExpected+": "+strings.Join(want, " or "))
}

// sideEffects is the finding for a call that changed files though its code
// (or the invalid input it was given) promises none.
func (j *judge) sideEffects(c answerJudged, cm *envelope.CommandManifest, f func(Check, string, string) Finding) Finding {
	a := c.answer
	changes := describeChanges(j.sandbox, j.effects(a.Changes))
	first := changes[0]
	if len(changes) > 1 {
		first += fmt.Sprintf(" (and %d more)", len(changes)-1)
	}
	var fd Finding
	switch {
	case a.Exit == int(exitcode.ArgError):
		fd = f(CheckSideEffects, fmt.Sprintf("exit 3 (ARG_ERROR) after the call %s: an agent fixes its input and retries at once, trusting that nothing changed; validate the whole command line before writing anything", first), seedArgEffect)
	case c.expect.invalid != "":
		fd = f(CheckSideEffects, fmt.Sprintf("%s, a command line the program must refuse, %s: the agent's mistake changed its machine; validate the whole command line before writing anything", c.expect.invalid, first), seedArgEffect)
	case c.expect.helpOnly:
		fd = f(CheckSideEffects, fmt.Sprintf("asked only for its help, the call %s: an agent that reads a command's usage before calling it has changed its machine; answer --help before anything else runs, and write nothing", first), ruleHelpOnly)
	case c.expect.unchanged && !promisesNone(cm, a.Exit):
		fd = f(CheckSideEffects, fmt.Sprintf("the call %s, and the probe file says it changes nothing (a dry run, a refusal without confirmation): an agent that previews or is refused finds its machine changed; write nothing on this command line", first), "side_effects: none, as the probe file says of this command line")
	default:
		seed := tableRow(a.Exit)
		if e, ok := declaredEntry(cm, a.Exit); ok {
			seed = fmt.Sprintf("the manifest declares %s (%d) for %q with side effects %s", e.Name, a.Exit, cm.Name, e.SideEffects)
		}
		fd = f(CheckSideEffects, fmt.Sprintf("exit %s promises no side effects, but the call %s: an agent retries or moves on trusting that nothing changed; write nothing before the outcome is known, or exit with a code whose side effects say what happened", describeCode(a.Exit), first), seed)
	}
	fd.Changes = changes
	return fd
}

// promisesNone reports whether exit code promises that nothing changed:
// the command's declaration when it has one for the code, else the table.
func promisesNone(cm *envelope.CommandManifest, code int) bool {
	if e, ok := declaredEntry(cm, code); ok {
		return e.SideEffects == exitcode.EffectsNone.String()
	}
	row, ok := exitcode.Lookup(exitcode.Code(code))
	return ok && row.SideEffects == exitcode.EffectsNone
}

func declaredEntry(cm *envelope.CommandManifest, code int) (envelope.ExitCodeEntry, bool) {
	if cm == nil {
		return envelope.ExitCodeEntry{}, false
	}
	for _, e := range cm.ExitCodes {
		if int(e.Code) == code {
			return e, true
		}
	}
	return envelope.ExitCodeEntry{}, false
}

func commandOf(m *envelope.Manifest, name string) *envelope.CommandManifest {
	if m == nil || name == "" {
		return nil
	}
	for i := range m.Commands {
		if m.Commands[i].Name == name {
			return &m.Commands[i]
		}
	}
	return nil
}

// codeName is the table's or a declaration's name of code, "" for none.
func codeName(code int) string {
	if e, ok := exitcode.Lookup(exitcode.Code(code)); ok {
		return e.Name
	}
	return ""
}

// oneJSONValue returns the one JSON value out holds, compacted, or says
// why it does not hold exactly one. Compacting keeps every key, repeated
// ones too: an envelope spread over lines is one envelope.
func oneJSONValue(out []byte) ([]byte, error) {
	trimmed := bytes.TrimSpace(out)
	if len(trimmed) == 0 {
		return nil, errors.New("it is empty")
	}
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	var first json.RawMessage
	if err := dec.Decode(&first); err != nil {
		return nil, fmt.Errorf("it is not JSON (%v)", err)
	}
	n := 1
	for {
		var next json.RawMessage
		err := dec.Decode(&next)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("text follows the first JSON value, at byte %d", dec.InputOffset())
		}
		n++
	}
	if n > 1 {
		return nil, fmt.Errorf("it holds %d JSON values, and an agent reads exactly one", n)
	}
	var b bytes.Buffer
	if err := json.Compact(&b, first); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// errorString is a string field of the envelope's error, "" when absent.
func errorString(env map[string]json.RawMessage, key string) string {
	var e map[string]json.RawMessage
	if json.Unmarshal(env["error"], &e) != nil {
		return ""
	}
	var s string
	_ = json.Unmarshal(e[key], &s)
	return s
}

// hasANSI reports whether b holds an escape character, raw or as a JSON
// escape (\u001b), which begins every terminal control sequence.
func hasANSI(b []byte) bool {
	return bytes.IndexByte(b, 0x1b) >= 0 || bytes.Contains(bytes.ToLower(b), []byte(`\u001b`))
}

func hangMessage(e expectation) string {
	if e.stdin == StdinOpen {
		return fmt.Sprintf("did not end within %s with a standard input that stays open and sends nothing, as an agent's may: it waits for input no agent will type; read stdin only when the command line asks for it (a flag, or -), and never prompt", e.limit)
	}
	return fmt.Sprintf("did not end within %s (standard input at its end): an agent that calls it waits until its own time limit and learns nothing; end with an answer, or with TIMEOUT (10) when what it waits for does not come", e.limit)
}

// shellStatus is the status a shell reports for a process a signal ended:
// 128 + the signal's number.
func shellStatus(name string) string {
	if n := signalNumber(name); n > 0 {
		return fmt.Sprint(128 + n)
	}
	return "128 + the signal's number"
}

func signalNumber(name string) int {
	switch name {
	case "SIGINT":
		return 2
	case "SIGABRT":
		return 6
	case "SIGKILL":
		return 9
	case "SIGSEGV":
		return 11
	case "SIGPIPE":
		return 13
	case "SIGTERM":
		return 15
	}
	return 0
}

// cacheDir is where the sandbox's XDG_CACHE_HOME lies, relative to its root.
const cacheDir = "home/.cache"

// stateChanges are the changes that count as side effects: all but those in
// the cache directory. A cache (the go command's build cache, a
// downloaded index) holds nothing an agent acts on, and a program may fill
// it on any call; it is listed with the call's run, never as a finding.
func stateChanges(changes []Change) []Change {
	var out []Change
	for _, c := range changes {
		if c.Path != cacheDir && !strings.HasPrefix(c.Path, cacheDir+"/") {
			out = append(out, c)
		}
	}
	return out
}

// maxChangesShown bounds the changes a finding lists one a line.
const maxChangesShown = 10

// describeChanges words changes as the program sees their paths, each one
// while they are few; past maxChangesShown a directory created or removed
// stands for everything inside it, and the list stops at maxChangesShown.
func describeChanges(sb *Sandbox, changes []Change) []string {
	var out []string
	if len(changes) <= maxChangesShown {
		for _, c := range changes {
			out = append(out, string(c.Kind)+" "+sb.Display(c.Path))
		}
		return out
	}
	var inside string // the directory created or removed being summed up
	count := 0
	flush := func() {
		if count > 0 {
			out[len(out)-1] += fmt.Sprintf(" (with %d entries inside)", count)
		}
		count = 0
	}
	for _, c := range changes { // sorted by path: a directory before its entries
		if inside != "" && strings.HasPrefix(c.Path, inside+"/") {
			count++
			continue
		}
		flush()
		inside = ""
		if c.Dir && c.Kind != Changed {
			inside = c.Path
		}
		out = append(out, string(c.Kind)+" "+sb.Display(c.Path))
	}
	flush()
	if len(out) > maxChangesShown {
		out = append(out[:maxChangesShown], fmt.Sprintf("and %d more", len(out)-maxChangesShown))
	}
	return out
}
