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
	if n := leftOutFindings(res); n > 0 {
		fmt.Fprintf(stderr, "exitlint: %d finding(s) in %d package(s) that only tests import were left out; -scaffolding reports them\n", n, len(res.LeftOut))
	}
	var xe *exitcode.Error
	if !errors.As(err, &xe) {
		return
	}
	switch {
	case code == exitcode.Precondition || len(res.Failed) > 0:
		fmt.Fprintf(stderr, "exitlint: %s\n%s\n", xe.Message, indent(xe.Detail))
	case len(res.fixFailed) > 0, len(res.Unresolved) > 0:
		fmt.Fprintf(stderr, "exitlint: %s\n", xe.Message)
		if xe.Detail != "" {
			fmt.Fprintln(stderr, indent(xe.Detail))
		}
	}
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
