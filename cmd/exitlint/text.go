package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// writeText writes the findings to stdout, one a line, and to stderr what
// -fix wrote (the fixes and the files) and did not, and, when the run could not analyze everything or -fix could
// not write everything, why. Findings alone add nothing to stderr: the exit
// code says it.
func writeText(stdout, stderr io.Writer, res *result, code exitcode.Code, err error) {
	for _, f := range res.Diagnostics {
		fmt.Fprintln(stdout, diagnostic(f).text())
	}
	for _, d := range res.Fixed {
		fmt.Fprintln(stderr, "fixed: "+d.text())
	}
	if len(res.fixFailed) == 0 { // else the error's detail lists them
		for _, f := range res.fixWritten {
			fmt.Fprintln(stderr, "written: "+f)
		}
		for _, n := range res.fixNotWritten {
			fmt.Fprintln(stderr, n.text())
		}
	}
	if res.baselineWritten != "" {
		fmt.Fprintf(stderr, "exitlint: %d finding(s) recorded in the baseline %s\n", res.Hidden.Baseline, res.baselineWritten)
	} else if res.Hidden.total() > 0 {
		fmt.Fprintf(stderr, "exitlint: %d finding(s) not reported: %s\n", res.Hidden.total(), res.Hidden)
	}
	if n := leftOutFindings(res); n > 0 {
		fmt.Fprintf(stderr, "exitlint: %d finding(s) in %d package(s) that only tests import were left out; -scaffolding reports them\n", n, len(res.LeftOut))
	}
	var xe *exitcode.Error
	if !errors.As(err, &xe) {
		return
	}
	switch {
	case len(res.Unresolved) > 0, len(res.fixFailed) > 0, res.baselineErr != nil:
		fmt.Fprintf(stderr, "exitlint: %s\n", xe.Message)
		if xe.Detail != "" {
			fmt.Fprintln(stderr, indent(xe.Detail))
		}
	case len(res.Unmatched) > 0 || len(res.Skipped) > 0 || len(res.Failed) > 0:
		// The findings are on stdout already: stderr names the gaps.
		fmt.Fprintf(stderr, "exitlint: %s\n", xe.Message)
		if gaps := gapLines(res); len(gaps) > 0 {
			fmt.Fprintln(stderr, indent(strings.Join(gaps, "\n")))
		}
		if xe.Suggestion != "" {
			fmt.Fprintf(stderr, "exitlint: %s\n", xe.Suggestion)
		}
	}
}

// gapLines name what the run could not analyze: the patterns that named no
// package, the packages that did not load, the checks that failed; and the
// fixes -fix held back because of them.
func gapLines(res *result) []string {
	var lines []string
	for _, u := range res.Unmatched {
		lines = append(lines, u.line())
	}
	lines = append(lines, packageErrors(res.Skipped)...)
	for _, f := range res.Failed {
		lines = append(lines, f.Package+": a check failed:\n\t"+strings.Join(f.Errors, "\n\t"))
	}
	return append(lines, heldLines(res)...)
}

// leftOutFindings counts the findings the report left out.
func leftOutFindings(res *result) int {
	n := 0
	for _, l := range res.LeftOut {
		n += l.Findings
	}
	return n
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
