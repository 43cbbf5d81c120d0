package probe

import (
	"fmt"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// The lines of the contract a finding quotes as what was expected, word
// for word from its source documents (the envelope in prose, the exit-code
// table, the envelope's JSON Schema, the schema command's ADR). A probe
// that goes beyond the contract says so in its own words instead.
const (
	seedStdout    = `"Standard wrapper for all command stdout output in JSON mode. Shape is invariant — the same keys are always present regardless of success, failure, or result count." (the envelope's schema)`
	seedShape     = `"Shape is invariant — ok, data, error, warnings, meta are always present regardless of success, failure, or result count." (the envelope)`
	seedOK        = `"ok: boolean — Derived from exit code. true iff exit code is SUCCESS (0). Never set by command logic" (the envelope)`
	seedData      = `"data: object | array | null — Primary output. null on failure, never absent" (the envelope)`
	seedError     = `"error: ErrorDetail | null — null on success" (the envelope); "Null on success. Structured error object on any non-zero exit." (the envelope's schema)`
	seedErrorBody = `"ErrorDetail: code — string, required: Stable machine-readable identifier"; "message — string, required: Human-readable summary" (the envelope)`
	seedWarnings  = `"warnings: string[] — Non-fatal messages. May be empty, never null" (the envelope)`
	seedMeta      = `"meta: ResponseMeta — Always present"; "duration_ms: integer, required — Wall-clock ms from entry to last byte" (the envelope)`
	seedRedirect  = `"Present in error.redirect when exit code is REDIRECTED (13)." (the envelope)`
	seedRetryable = `"retryable: boolean — Mirrors ExitCodeEntry.retryable for the emitted exit code" (the envelope)`
	seedRetryAt   = `"retry_after: integer — Seconds to wait before retrying. Only when retryable: true and back-off is known" (the envelope)`
	seedPhase     = `"phase: \"validation\" | \"execution\" | \"cleanup\" — \"validation\" guarantees zero side effects" (the envelope); "ARG_ERROR (3) requires a hard phase boundary between validation and execution. No side effect may begin before this code can be emitted" (the exit-code table)`
	seedRanges    = `"Reserved ranges: 14–63 framework extensions; 64–78 POSIX sysexits compatibility (optional mapping); 79–125 command-specific (declare per REQ-C-001); 126–255 shell-reserved — MUST NOT use" (the exit-code table)`
	seedDeclared  = `"Code in 79–125 — command-specific; consult that command's exit_codes declaration from the manifest before acting" (the exit-code table)`
	seedArgError  = `"| 3 | ARG_ERROR | yes | none | Fix the input, retry immediately — zero side effects guaranteed |" (the exit-code table)`
	seedArgEffect = `"Emitting ARG_ERROR (3) after a side effect. Code 3 carries a hard guarantee of zero side effects." (the exit-code table, common mistakes)`
	seedSignal    = `"130 — Violation: shell-reserved (128 + SIGINT). Codes 126–255 MUST NOT be used by framework commands." (the exit-code table)`
	seedManifest  = `"The schema emitted by td schema (ADR-0006) must list every type string the CLI can produce, so agents can discover them." (the JSON envelope ADR)`
	seedTypeTag   = `"type is a stable string identifying the shape of data" (the JSON envelope ADR)`
)

// Rules of the probe that the contract does not state: what was expected is
// said in the probe's own words.
const (
	ruleHang      = "an answer within the time limit: an agent calls a command and waits for it to end (exitlint's probe rule, not a line of the contract)"
	ruleANSI      = "standard output in JSON mode holds JSON only, with no terminal escape sequences: an agent's parser reads them as part of the text (exitlint's probe rule, not a line of the contract)"
	ruleNoColor   = "with NO_COLOR set to a non-empty value, no ANSI colour on either stream (the NO_COLOR convention, no-color.org; not a line of the contract)"
	ruleExpected  = "the exit code the probe file expects for this command line"
	ruleHelpOnly  = "a request for help is answered without acting: nothing changes but the program's own setup, which its --help makes too (exitlint's probe rule, not a line of the contract)"
	ruleInterrupt = "after SIGINT, an end within the time limit, by an exit of the program's own with a code 1–125 and one envelope (exitlint's probe rule; the runtime ends an interrupted run with TIMEOUT (10))"
)

// seedOf is the line of the contract a violation at path breaks.
func seedOf(path string) string {
	top, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	switch top {
	case "ok":
		return seedOK
	case "data":
		return seedData
	case "warnings":
		return seedWarnings
	case "meta":
		if rest == "type" {
			return seedTypeTag
		}
		return seedMeta
	case "error":
		switch {
		case rest == "":
			return seedError
		case rest == "redirect" || strings.HasPrefix(rest, "redirect/"):
			return seedRedirect
		case rest == "retryable":
			return seedRetryable
		case rest == "retry_after":
			return seedRetryAt
		case rest == "phase":
			return seedPhase
		}
		return seedErrorBody
	}
	return seedShape
}

// tableRow quotes code's row of the exit-code table.
func tableRow(code int) string {
	e, ok := exitcode.Lookup(exitcode.Code(code))
	if !ok {
		return ""
	}
	retry := map[exitcode.Retryability]string{
		exitcode.RetryYes: "yes", exitcode.RetryNo: "no", exitcode.RetryDepends: "depends",
		exitcode.RetryAfterPrerequisite: "yes*", exitcode.RetryNotApplicable: "—",
	}[e.Retryable]
	return fmt.Sprintf(`"| %d | %s | %s | %s | %s |" (the exit-code table)`, code, e.Name, retry, e.SideEffects, e.Action)
}
