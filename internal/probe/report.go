package probe

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/exitlint/exitlint/envelope"
)

// Check is the kind of promise a finding says the program broke: a closed
// set, one per kind of message, so that outputs (SARIF's rules) and users
// can filter by it.
type Check string

// The checks.
const (
	// CheckHang: the call did not end within the time limit.
	CheckHang Check = "hang"
	// CheckSignal: a signal ended the process, which left no exit code of
	// its own and no envelope.
	CheckSignal Check = "signal"
	// CheckEnvelope: standard output is not exactly one envelope that
	// keeps the contract for the exit code.
	CheckEnvelope Check = "envelope"
	// CheckExitCode: the exit code is outside the table, reserved, or a
	// command-specific code nobody declared.
	CheckExitCode Check = "exit_code"
	// CheckInvalidInput: a command line the program must refuse was not
	// answered with ARG_ERROR (3).
	CheckInvalidInput Check = "invalid_input"
	// CheckPhase: ARG_ERROR in a phase other than validation.
	CheckPhase Check = "phase"
	// CheckRetryable: error.retryable true where the exit code's entry
	// says the call cannot succeed again.
	CheckRetryable Check = "retryable"
	// CheckSideEffects: a call whose exit code promises no side effects
	// created, changed or removed files.
	CheckSideEffects Check = "side_effects"
	// CheckANSI: terminal escape sequences in JSON mode's standard output.
	CheckANSI Check = "ansi"
	// CheckNoColor: colour on a stream with NO_COLOR set.
	CheckNoColor Check = "no_color"
	// CheckManifest: the manifest cannot be read, or contradicts itself.
	CheckManifest Check = "manifest"
	// CheckExpected: a probe file's invocation ended with another code
	// than the file expects.
	CheckExpected Check = "expected_code"
	// CheckInterrupt: SIGINT did not end the program with an envelope and
	// an exit code of its own.
	CheckInterrupt Check = "interrupt"
)

// Checks lists every check, in the order the docs give them.
var Checks = []Check{CheckHang, CheckSignal, CheckEnvelope, CheckExitCode, CheckInvalidInput, CheckPhase,
	CheckRetryable, CheckSideEffects, CheckANSI, CheckNoColor, CheckManifest, CheckExpected, CheckInterrupt}

// Finding is one broken promise: which probe, which command line, what was
// expected and what came back.
type Finding struct {
	Probe   string   `json:"probe"`
	Check   Check    `json:"check"`
	Args    []string `json:"args"`    // the command line, as run
	Message string   `json:"message"` // what an agent would do wrong, and what to change
	// Expected quotes the line of the contract (or states the probe's
	// rule); Got is the exit code and the first bytes of each stream.
	Expected string   `json:"expected"`
	Got      string   `json:"got"`
	Changes  []string `json:"changes,omitempty"` // for side_effects: each change, as the program sees the path
}

// Line is the command line as a shell would take it.
func (f Finding) Line() string { return envelope.ShellQuote(f.Args...) }

// Text is the finding as the command prints it: a line naming the probe,
// the check and the message, then what was expected and what came back,
// indented.
func (f Finding) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s [%s]\n\tcommand: %s\n\texpected: %s\n\tgot: %s", f.Probe, f.Message, f.Check, f.Line(), f.Expected, f.Got)
	for _, c := range f.Changes {
		fmt.Fprintf(&b, "\n\t\t%s", c)
	}
	return b.String()
}

// CallResult is one call a probe made, as the report lists it.
type CallResult struct {
	Probe      string   `json:"probe"`
	Args       []string `json:"args"`
	Exit       int      `json:"exit"` // -1 when the process did not exit
	Signal     string   `json:"signal,omitempty"`
	TimedOut   bool     `json:"timed_out,omitempty"`
	DurationMS int64    `json:"duration_ms"`
	Findings   int      `json:"findings"`
	// Changes are what the call created, changed or removed in its
	// sandbox, the cache directory's included (which is no side effect).
	Changes []string `json:"changes,omitempty"`
	// Note says why a call tells nothing (an interrupt that came after the
	// program had ended).
	Note string `json:"note,omitempty"`
}

// Skipped is a probe that did not run, and why.
type Skipped struct {
	Probe  string `json:"probe"`
	Reason string `json:"reason"`
}

// Report is what a probe run found.
type Report struct {
	Command  []string     `json:"command"`   // CMD ARGS… as given, CMD resolved
	JSONMode string       `json:"json_mode"` // how JSON mode was switched on
	Commands []string     `json:"commands"`  // the commands probed, and where they were learnt
	Source   string       `json:"commands_from,omitempty"`
	Manifest *Manifest    `json:"manifest,omitempty"`
	Runs     []CallResult `json:"runs"`
	Skipped  []Skipped    `json:"skipped"`
	Findings []Finding    `json:"findings"`
}

// Manifest is what the report says of the program's manifest.
type Manifest struct {
	Source      string   `json:"source"` // the command line or file it came from
	Program     string   `json:"program"`
	Commands    int      `json:"commands"`
	ResultTypes []string `json:"result_types"`
}

// excerptLen is how much of each stream a finding quotes.
const excerptLen = 160

// got describes an answer: the exit code (or how the process ended) and the
// first bytes of each stream.
func got(a *Answer) string {
	var parts []string
	switch {
	case a.TimedOut:
		parts = append(parts, "no exit: killed at the time limit")
	case a.Signal != "":
		parts = append(parts, "no exit: ended by "+a.Signal)
	default:
		parts = append(parts, "exit "+describeCode(a.Exit))
	}
	parts = append(parts, "stdout "+excerpt(a.Stdout), "stderr "+excerpt(a.Stderr))
	return strings.Join(parts, "; ")
}

// excerpt quotes the first bytes of a stream, cut at a character.
func excerpt(b []byte) string {
	if len(b) == 0 {
		return "empty"
	}
	if len(b) <= excerptLen {
		return fmt.Sprintf("%q", b)
	}
	cut := excerptLen
	for cut > 0 && !utf8.RuneStart(b[cut]) {
		cut--
	}
	return fmt.Sprintf("%q… (%d bytes)", b[:cut], len(b))
}

// describeCode is "3 (ARG_ERROR)", or the number alone outside the table.
func describeCode(code int) string {
	if name := codeName(code); name != "" {
		return fmt.Sprintf("%d (%s)", code, name)
	}
	return fmt.Sprint(code)
}
