package main

import (
	"errors"
	"fmt"
	"io/fs"
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
	case res.fixErr != nil:
		err = fixError(res)
	case len(res.Failed) > 0:
		detail := packageErrors(res.Failed)
		if lines := findingLines(res); len(lines) > 0 {
			detail = append(detail, fmt.Sprintf("findings of the checks that ran:\n%s", strings.Join(lines, "\n")))
		}
		err = exitcode.New(exitcode.GeneralError, "CHECK_FAILED",
			fmt.Sprintf("%d check run(s) failed with an internal error; %d finding(s) from the others", len(res.Failed), len(res.Diagnostics))).
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
		err = exitcode.New(exitcode.Precondition, "PACKAGES_SKIPPED",
			fmt.Sprintf("%d package(s) could not be analyzed (%s); %d analyzed, %d finding(s)", len(res.Skipped), strings.Join(names, ", "), len(res.Analyzed), len(res.Diagnostics))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("fix the errors listed in detail (go build shows them too), then run exitlint again")
	case len(res.Diagnostics) > 0 && !findingsOK && len(res.Fixed) > 0:
		var fixed []string
		for _, d := range res.Fixed {
			fixed = append(fixed, "fixed: "+d.text())
		}
		err = exitcode.New(FindingsAfterFix, "FINDINGS_AFTER_FIX",
			fmt.Sprintf("%d fix(es) written; %d finding(s) remain in %d package(s) analyzed", len(res.Fixed), len(res.Diagnostics), len(res.Analyzed))).
			WithDetail(strings.Join(append(fixed, findingLines(res)...), "\n")).
			WithSuggestion("change the code at each remaining position (each line names its check), then run again")
	case len(res.Diagnostics) > 0 && !findingsOK:
		first := res.Diagnostics[0]
		err = exitcode.New(Findings, "FINDINGS",
			fmt.Sprintf("%d finding(s) in %d package(s) analyzed", len(res.Diagnostics), len(res.Analyzed))).
			WithDetail(strings.Join(findingLines(res), "\n")).
			WithSuggestion("fix the code at each position (each line names its check; docs at " + strings.TrimSuffix(first.URL, first.Check+".md") + "), or run with -json -findings-ok to receive the findings as data")
	}
	return exitcode.FromError(err), err
}

// fixError says what -fix could not do: PARTIAL_FAILURE once it wrote a
// file, and otherwise, since nothing changed, why it wrote nothing.
func fixError(res *result) error {
	var detail []string
	for _, f := range res.fixWritten {
		detail = append(detail, "written: "+f)
	}
	detail = append(detail, res.fixErr.Error())
	switch {
	case len(res.fixWritten) > 0:
		return exitcode.New(exitcode.PartialFailure, "FIX_INCOMPLETE", fmt.Sprintf("-fix wrote %d file(s) and could not fix others", len(res.fixWritten))).
			WithDetail(strings.Join(detail, "\n")).WithSuggestion("inspect the working tree (git diff), then run exitlint -fix again")
	case errors.Is(res.fixErr, fs.ErrPermission):
		return exitcode.New(exitcode.PermissionDenied, "FIX_NOT_WRITABLE", "-fix wrote nothing: "+res.fixErr.Error()).
			WithSuggestion("make the files writable, or run without -fix")
	}
	return exitcode.New(exitcode.Conflict, "FIX_CONFLICT", "-fix wrote nothing: "+res.fixErr.Error()).
		WithSuggestion("run exitlint -fix again on the current files")
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
