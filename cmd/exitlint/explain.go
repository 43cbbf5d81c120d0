package main

import (
	"fmt"
	"go/doc/comment"
	"io"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/docmd"
	"github.com/exitlint/exitlint/passes/config"
)

// CheckList is the data of exitlint -list-checks -json.
type CheckList struct {
	Checks  []CheckSummary `json:"checks"`  // what -enable and -disable choose from
	Helpers []CheckSummary `json:"helpers"` // the passes the checks build on
}

// CheckSummary names an analyzer, says what it does in a line, and links
// its page for this version of exitlint.
type CheckSummary struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	URL     string `json:"url"`
}

// Explanation is the data of exitlint -explain NAME -json: the analyzer's
// documentation from its doc.go, the text docs/checks/NAME.md is made of.
type Explanation struct {
	CheckSummary
	Check    bool   `json:"check"`    // a check (false: a helper pass)
	Text     string `json:"text"`     // as -explain prints it
	Markdown string `json:"markdown"` // the same as Markdown, as on the page
}

func summaryOf(a *analysis.Analyzer) CheckSummary {
	first, _, _ := strings.Cut(a.Doc, "\n")
	return CheckSummary{Name: a.Name, Summary: first, URL: a.URL}
}

// listChecks answers -list-checks.
func listChecks(stdout io.Writer, asJSON bool, start time.Time) exitcode.Code {
	l := CheckList{Checks: []CheckSummary{}, Helpers: []CheckSummary{}}
	for _, a := range all.Analyzers() {
		l.Checks = append(l.Checks, summaryOf(a))
	}
	for _, a := range all.Helpers() {
		l.Helpers = append(l.Helpers, summaryOf(a))
	}
	if asJSON {
		return writeEnvelope(stdout, start, exitcode.Success, l, nil)
	}
	for _, c := range l.Checks {
		fmt.Fprintf(stdout, "%-11s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintf(stdout, "\nHelper passes the checks build on:\n")
	for _, c := range l.Helpers {
		fmt.Fprintf(stdout, "%-11s %s\n", c.Name, c.Summary)
	}
	fmt.Fprintf(stdout, "\nexitlint -explain NAME explains one; the pages: %s\n", strings.TrimSuffix(analyzerutil.DocsBase, "/"))
	return exitcode.Success
}

// explain answers -explain NAME: the check's or helper pass's
// documentation, or ARG_ERROR for a name that is neither.
func explain(stdout, stderr io.Writer, asJSON bool, start time.Time, name string) exitcode.Code {
	checks, helpers := all.Analyzers(), all.Helpers()
	var names []string
	for _, a := range append(checks, helpers...) {
		names = append(names, a.Name)
		if a.Name != name {
			continue
		}
		e, err := explanation(a, len(names) <= len(checks))
		if err != nil {
			return fail(stdout, stderr, asJSON, start, err)
		}
		if asJSON {
			return writeEnvelope(stdout, start, exitcode.Success, e, nil)
		}
		fmt.Fprintf(stdout, "%s: %s\n\n%s\nDocs: %s\n", e.Name, e.Summary, e.Text, e.URL)
		return exitcode.Success
	}
	msg := fmt.Sprintf("-explain %s: exitlint has no check or helper pass of that name", name)
	if near := config.Closest(name, names); near != "" {
		msg += fmt.Sprintf("; did you mean %s?", near)
	}
	return fail(stdout, stderr, asJSON, start, exitcode.New(exitcode.ArgError, "UNKNOWN_CHECK", msg).
		WithDetail("the checks: "+strings.Join(names[:len(checks)], ", ")+"\nthe helper passes: "+strings.Join(names[len(checks):], ", ")).
		WithSuggestion("exitlint -list-checks lists them with what each does"))
}

// explanation renders a's doc: the body after the summary line, its links
// at this version of exitlint.
func explanation(a *analysis.Analyzer, check bool) (Explanation, error) {
	_, body, _ := strings.Cut(a.Doc, "\n")
	var p comment.Parser
	doc := p.Parse(body)
	for _, l := range doc.Links {
		l.URL = analyzerutil.Versioned(l.URL)
	}
	var pr comment.Printer
	text := string(pr.Text(doc))
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	md, err := docmd.Markdown(body, analyzerutil.Versioned)
	if err != nil {
		// A doc.go without a Markdown form is exitlint's own defect, which
		// checkdocs' test catches before a release.
		return Explanation{}, exitcode.New(exitcode.GeneralError, "DOC_UNRENDERABLE", fmt.Sprintf("the documentation of %s cannot be rendered: %v", a.Name, err))
	}
	return Explanation{CheckSummary: summaryOf(a), Check: check, Text: text, Markdown: md}, nil
}
