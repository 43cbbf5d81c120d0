package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"runtime/debug"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/probe"
)

// probeCheckDocs is what each check of exitlint probe is about, as SARIF's
// rule descriptions.
var probeCheckDocs = map[probe.Check]string{
	probe.CheckHang:         "a call did not end within the time limit",
	probe.CheckSignal:       "a signal ended the process: no exit code of its own, no envelope",
	probe.CheckEnvelope:     "standard output in JSON mode is not exactly one envelope that keeps the contract",
	probe.CheckExitCode:     "an exit code outside the table, reserved, or command-specific and undeclared",
	probe.CheckInvalidInput: "a command line the program must refuse is not answered with ARG_ERROR (3)",
	probe.CheckPhase:        "ARG_ERROR (3) in a phase other than validation",
	probe.CheckRetryable:    "error.retryable contradicts the exit code's entry",
	probe.CheckSideEffects:  "a call whose exit code promises no side effects changed files",
	probe.CheckANSI:         "terminal escape sequences in JSON mode's standard output",
	probe.CheckNoColor:      "ANSI colour with NO_COLOR set",
	probe.CheckManifest:     "the manifest cannot be read, or contradicts itself",
	probe.CheckExpected:     "a probe file's command line ended with a code the file does not expect",
	probe.CheckInterrupt:    "SIGINT did not end the program with an envelope and an exit code of its own",
}

// writeProbeSARIF writes a probe run as a SARIF 2.1.0 log: a rule per
// check, a result per finding. The findings are about a program's
// behaviour, not a line of its source: they carry no location.
func writeProbeSARIF(w io.Writer, rep *probe.Report, code exitcode.Code) error {
	driver := sarifDriver{Name: "exitlint probe", InformationURI: "https://github.com/exitlint/exitlint/blob/main/docs/probe.md"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		driver.Version = strings.TrimPrefix(bi.Main.Version, "v")
	}
	index := map[probe.Check]int{}
	for _, c := range probe.Checks {
		r := sarifRule{ID: string(c), Name: string(c), ShortDescription: sarifMessage{probeCheckDocs[c]},
			FullDescription: sarifMessage{probeCheckDocs[c]}, HelpURI: driver.InformationURI,
			Help:       sarifHelp{Text: probeCheckDocs[c] + "\n\nDocs: " + driver.InformationURI},
			Properties: sarifRuleProperties{"high", []string{"agent-cli-contract", "behaviour"}}}
		r.DefaultConfig.Level = "error"
		index[c] = len(driver.Rules)
		driver.Rules = append(driver.Rules, r)
	}
	inv := sarifInvocation{ExecutionSuccessful: code == exitcode.Success || code == Findings, ExitCode: int(code)}
	if e, ok := exitcode.Lookup(code); ok {
		inv.ExitCodeDescription = e.Name
	} else if d, ok := codes.Lookup(code); ok {
		inv.ExitCodeDescription = d.Name
	}
	run := sarifRun{Tool: sarifTool{driver}, Invocations: []sarifInvocation{inv}, Results: []sarifResult{}}
	for _, f := range rep.Findings {
		sum := sha256.Sum256([]byte(f.Probe + "\x00" + string(f.Check) + "\x00" + f.Line()))
		run.Results = append(run.Results, sarifResult{RuleID: string(f.Check), RuleIndex: index[f.Check], Level: "error",
			PartialFingerprints: map[string]string{"probeCallHash": hex.EncodeToString(sum[:16])},
			Message:             sarifMessage{f.Probe + ": " + f.Line() + ": " + f.Message + "\nexpected: " + f.Expected + "\ngot: " + f.Got},
			Locations:           []sarifLocation{}})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}
