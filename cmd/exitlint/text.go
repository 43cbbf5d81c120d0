package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/passes/config"
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
		fmt.Fprintf(stderr, "exitlint: %d finding(s) were left out: %s\n", n, leftOutSummary(res.LeftOut))
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

// leftOutSummary says what was left out, by why: "3 in test scaffolding
// (-scaffolding reports them); 12 in dev tooling, demos and test programs:
// examples/demo, scripts/gen (-config.devcode=. reports them)".
func leftOutSummary(list []LeftOut) string {
	var scaffolding, unreached, product int
	var names []string
	for _, l := range list {
		if strings.HasPrefix(l.Reason, "imported only by tests") {
			scaffolding += l.Findings
			continue
		}
		if l.Reason == unreachedReason {
			unreached += l.Findings
			continue
		}
		product += l.Findings
		if l.Findings > 0 {
			names = append(names, l.Package)
		}
	}
	var parts []string
	if scaffolding > 0 {
		parts = append(parts, fmt.Sprintf("%d in test scaffolding (-scaffolding reports them)", scaffolding))
	}
	if unreached > 0 {
		parts = append(parts, fmt.Sprintf("%d in code no main of its module reaches (-unreached reports them)", unreached))
	}
	if product > 0 {
		shown := names
		if len(shown) > 5 {
			shown = append(slices.Clone(shown[:5]), fmt.Sprintf("%d more", len(names)-5))
		}
		parts = append(parts, fmt.Sprintf("%d in dev tooling, demos and test programs: %s (%s=. reports them)", product, strings.Join(shown, ", "), config.DevCode.Flag()))
	}
	return strings.Join(parts, "; ")
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
