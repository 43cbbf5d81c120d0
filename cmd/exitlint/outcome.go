package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// outcome decides how a run ends: its exit code and, unless that is
// SUCCESS, the error its envelope carries. res is what the run found, nil
// when it ended before analysis; stopped is then what ended it, and a
// *loadFailure is judged here. It reads nothing but its arguments: the exit
// code follows from what the run found, and a table test ends a run in
// every code exitlint declares.
func outcome(res *result, findingsOK bool, stopped error) (exitcode.Code, error) {
	var err error
	var lf *loadFailure
	switch {
	case errors.As(stopped, &lf):
		err = lf.judge()
	case stopped != nil:
		err = stopped
	case len(res.Unresolved) > 0:
		unresolved := slices.Sorted(slices.Values(res.Unresolved))
		err = exitcode.New(exitcode.ArgError, "SETTING_NAMES_NOTHING", unresolved[0]).
			WithDetail(strings.Join(unresolved, "\n")).
			WithSuggestion("correct the setting: it names a type or function as import/path.Name, (import/path.Type).Method or (*import/path.Type).Method")
	case len(res.Unmatched) > 0:
		err = unmatchedError(res)
	case res.baselineErr != nil:
		err = res.baselineErr
	case len(res.fixFailed) > 0:
		err = fixError(res)
	case len(res.Failed) > 0:
		detail := packageErrors(res.Failed)
		if lines := findingLines(res); len(lines) > 0 {
			detail = append(detail, fmt.Sprintf("findings of the checks that ran:\n%s", strings.Join(lines, "\n")))
		}
		detail = append(detail, heldLines(res)...)
		err = exitcode.New(exitcode.GeneralError, "CHECK_FAILED",
			fmt.Sprintf("%d check run(s) failed with an internal error; %d finding(s) from the others%s", len(res.Failed), len(res.Diagnostics), heldNote(res))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("this is a bug in exitlint: report it with the detail; -disable the failing check to run the others cleanly")
	case len(res.Skipped) > 0:
		detail := packageErrors(res.Skipped)
		if lines := findingLines(res); len(lines) > 0 {
			detail = append(detail, fmt.Sprintf("findings in the packages that were analyzed:\n%s", strings.Join(lines, "\n")))
		}
		var names []string
		for _, s := range res.Skipped {
			names = append(names, s.Package)
		}
		detail = append(detail, heldLines(res)...)
		err = exitcode.New(exitcode.Precondition, "PACKAGES_SKIPPED",
			fmt.Sprintf("%d package(s) could not be analyzed (%s); %d analyzed, %d finding(s)%s", len(res.Skipped), strings.Join(names, ", "), len(res.Analyzed), len(res.Diagnostics), heldNote(res))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("fix the errors listed in detail (go build shows them too), then run exitlint again")
	case len(res.Diagnostics) > 0 && !findingsOK && len(res.Fixed) > 0:
		var detail []string
		for _, d := range res.Fixed {
			detail = append(detail, "fixed: "+d.text())
		}
		for _, f := range res.fixWritten {
			detail = append(detail, "written: "+f)
		}
		detail = append(detail, findingLines(res)...)
		for _, n := range res.fixNotWritten {
			detail = append(detail, n.text())
		}
		err = exitcode.New(FindingsAfterFix, "FINDINGS_AFTER_FIX",
			fmt.Sprintf("%d fix(es) written to %d file(s); %d finding(s) remain in %d package(s) analyzed", len(res.Fixed), len(res.fixWritten), len(res.Diagnostics), len(res.Analyzed))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("change the code at each remaining position (each line names its check; a fix -fix did not write says why), then run again")
	case len(res.Diagnostics) > 0 && !findingsOK:
		first := res.Diagnostics[0]
		msg := fmt.Sprintf("%d finding(s) in %d package(s) analyzed", len(res.Diagnostics), len(res.Analyzed))
		if res.Hidden.total() > 0 {
			msg += fmt.Sprintf(" (%s)", res.Hidden)
		}
		detail := findingLines(res)
		if len(res.fixNotWritten) > 0 {
			msg += fmt.Sprintf("; -fix wrote nothing: %d fix(es) not written, each with its reason in error.detail", len(res.fixNotWritten))
		}
		for _, n := range res.fixNotWritten {
			detail = append(detail, n.text())
		}
		err = exitcode.New(Findings, "FINDINGS", msg).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("fix the code at each position (each line names its check; docs at " + strings.TrimSuffix(first.URL, first.Check+".md") + "), or run with -json -findings-ok to receive the findings as data")
	}
	return exitcode.FromError(err), err
}

// fixError says what -fix could not write. -fix writes all or nothing
// (applyFixes), so files are written beside a failure only when replacing
// one file failed after others were replaced: PARTIAL_FAILURE, naming the
// files written and the files not. Otherwise nothing was written, and the
// code follows the cause, the one running again would not clear first when
// files failed for several: a file or file system that is not writable is
// PERMISSION_DENIED; a full device (or quota) is PRECONDITION, to be
// resolved before running again, with nothing changed; another error of
// the file system is GENERAL_ERROR; a file that changed since it was
// analyzed is CONFLICT, cleared by running again.
func fixError(res *result) error {
	var detail []string
	for _, f := range res.fixWritten {
		detail = append(detail, "written: "+f)
	}
	first := res.fixFailed[0]
	for _, f := range res.fixFailed {
		detail = append(detail, "not written: "+f.err.Error())
		if f.kind > first.kind {
			first = f
		}
	}
	for _, n := range res.fixNotWritten {
		detail = append(detail, n.text())
	}
	if len(res.fixWritten) > 0 {
		return exitcode.New(exitcode.PartialFailure, "FIX_INCOMPLETE",
			fmt.Sprintf("-fix wrote %d file(s) and could not write %d (error.detail lists both)", len(res.fixWritten), len(res.fixFailed))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("inspect the working tree (git diff): each file listed as written holds its fixes whole, the others are as they were; then run exitlint -fix again")
	}
	msg := "-fix wrote nothing: " + first.err.Error()
	var e *exitcode.Error
	switch first.kind {
	case failPermission:
		e = exitcode.New(exitcode.PermissionDenied, "FIX_NOT_WRITABLE", msg).
			WithSuggestion("make the file and its directory writable (-fix does not write a read-only file, nor on a read-only file system), or run without -fix")
	case failNoSpace:
		e = exitcode.New(exitcode.Precondition, "FIX_NO_SPACE", msg).
			WithSuggestion("free space on the device (or raise the quota), then run exitlint -fix again")
	case failIO:
		e = exitcode.New(exitcode.GeneralError, "FIX_WRITE_FAILED", msg).
			WithSuggestion("check the file system named in the message, then run exitlint -fix again")
	default:
		e = exitcode.New(exitcode.Conflict, "FIX_CONFLICT", msg).
			WithRetryable(true). // as exitlint declares CONFLICT: running again clears it
			WithSuggestion("run exitlint -fix again on the current files")
	}
	if len(detail) > 1 {
		e = e.WithDetail(strings.Join(detail, "\n"))
	}
	return e
}

// heldNote and heldLines say, in a run that could not analyze everything,
// that -fix wrote nothing: it writes only after a complete analysis.
func heldNote(res *result) string {
	note := ""
	if res.fixHeld > 0 {
		note += fmt.Sprintf("; -fix wrote nothing (%d fix(es) held back)", res.fixHeld)
	}
	if res.baselineHeld {
		note += "; -write-baseline wrote nothing"
	}
	return note
}

func heldLines(res *result) []string {
	var lines []string
	if res.fixHeld > 0 {
		lines = append(lines, fmt.Sprintf("-fix wrote nothing: it writes only when every package is analyzed, and %d fix(es) wait for the errors above to be fixed", res.fixHeld))
	}
	if res.baselineHeld {
		lines = append(lines, "-write-baseline wrote nothing: a baseline is written only when every package is analyzed, or it would lack the findings of those that were not")
	}
	return lines
}

// packageErrors lists packages with their errors indented below each.
func packageErrors(list []Skipped) []string {
	var out []string
	for _, s := range list {
		out = append(out, s.Package+":\n\t"+strings.Join(s.Errors, "\n\t"))
	}
	return out
}

// findingLines are the findings as text prints them.
func findingLines(res *result) []string {
	var lines []string
	for _, f := range res.Diagnostics {
		lines = append(lines, diagnostic(f).text())
	}
	return lines
}
