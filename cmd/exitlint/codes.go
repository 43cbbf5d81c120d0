package main

import (
	"fmt"
	"io"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Findings is exitlint's command-specific exit code: the analysis ran and
// reported findings.
const Findings exitcode.Code = 80

// FindingsAfterFix is exitlint -fix's command-specific exit code: fixes were
// written, and findings without a fix remain.
const FindingsAfterFix exitcode.Code = 81

// codes are the exit codes exitlint declares.
var codes = exitcode.MustDeclare("exitlint",
	exitcode.Entry{Code: exitcode.ArgError, Action: "Fix the flags or patterns (flags go before patterns), then run again"},
	exitcode.Entry{Code: exitcode.Precondition, Action: "Some packages do not type-check (error.detail names the errors), the go command cannot load them here (a Go toolchain the module asks for is not installed, a broken go.mod), or -fix found no space left on the device; nothing was written: resolve it, then run again"},
	exitcode.Entry{Code: exitcode.NotFound, Action: "A pattern matched no package (error.detail names each, and the findings of the others); nothing was written: correct or drop it, then run again"},
	exitcode.Entry{Code: Findings, Name: "FINDINGS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone,
		Action: "The analysis ran and reported findings: fix the code at each position, then run again"},
	exitcode.Entry{Code: FindingsAfterFix, Name: "FINDINGS_AFTER_FIX", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsPartial,
		Action: "-fix wrote the fixes listed in error.detail; the findings that remain have no automatic fix: change the code at each position, then run again"},
	exitcode.Entry{Code: exitcode.PartialFailure, Action: "-fix replaced some files and could not replace others (error.detail lists both; a file written holds its fixes whole), or a profile or a -format file could not be completed: inspect the working tree before running again"},
	// Running -fix again clears a conflict: it analyzes the files as they
	// are then. So the code is retryable here, as its advice says.
	exitcode.Entry{Code: exitcode.Conflict, Retryable: exitcode.RetryYes, Action: "-fix wrote nothing: a file changed since it was analyzed; run again"},
	exitcode.Entry{Code: exitcode.PermissionDenied, Action: "-fix wrote nothing: a file to fix is read-only, or its directory or file system is not writable"},
	// exitlint probe cut short by SIGINT or SIGTERM: its calls ran in
	// sandboxes it removes, so nothing changed and it may run again.
	exitcode.Entry{Code: exitcode.Timeout, Retryable: exitcode.RetryYes, SideEffects: exitcode.EffectsNone, Action: "exitlint probe was interrupted; nothing outside its sandboxes changed: run it again"},
)

// codeRow is one exit code as -exit-codes lists it.
type codeRow struct {
	Code        int    `json:"code"`
	Name        string `json:"name"`
	Retryable   string `json:"retryable"`
	SideEffects string `json:"side_effects"`
	Action      string `json:"action"`
}

func listCodes(stdout io.Writer, asJSON bool, start time.Time) exitcode.Code {
	var rows []codeRow
	for _, e := range codes.Entries() {
		rows = append(rows, codeRow{int(e.Code), e.Name, e.Retryable.String(), e.SideEffects.String(), e.Action})
	}
	if asJSON {
		return writeEnvelope(stdout, start, exitcode.Success, rows, nil)
	}
	for _, r := range rows {
		fmt.Fprintf(stdout, "%3d  %-18s retryable: %-8s side effects: %-8s %s\n", r.Code, r.Name, r.Retryable, r.SideEffects, r.Action)
	}
	return exitcode.Success
}
