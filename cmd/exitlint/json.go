package main

import (
	"fmt"
	"io"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/findings"
)

// Report is the data of a -json run.
type Report struct {
	Analyzed    []string     `json:"analyzed"`
	Skipped     []Skipped    `json:"skipped"`
	Failed      []Skipped    `json:"failed,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Fixed       []Diagnostic `json:"fixed,omitempty"`
	// Written names the files -fix wrote, relative to the working
	// directory; NotFixed the findings whose fix it did not write, and
	// why (the findings stay in Diagnostics).
	Written  []string   `json:"written,omitempty"`
	NotFixed []NotFixed `json:"not_fixed,omitempty"`
	Complete bool       `json:"complete"`
	// LeftOut names the packages analyzed whose findings were not
	// reported, and why: a partial report names its gaps.
	LeftOut []LeftOut `json:"left_out,omitempty"`
	// Hidden counts the findings not reported because -baseline or
	// -new-from-rev hid them; BaselineWritten names the file
	// -write-baseline wrote.
	Hidden          *Hidden `json:"hidden,omitempty"`
	BaselineWritten string  `json:"baseline_written,omitempty"`
}

// LeftOut is a package whose findings were not reported.
type LeftOut struct {
	Package  string `json:"package"`
	Reason   string `json:"reason"`
	Findings int    `json:"findings"` // how many were left out
}

// Diagnostic is one finding as -json reports it.
type Diagnostic struct {
	Check    string    `json:"check"`
	Category string    `json:"category,omitempty"` // the kind of message within the check
	Posn     string    `json:"posn"`
	File     string    `json:"file"`
	Line     int       `json:"line"`
	Column   int       `json:"column"`
	Message  string    `json:"message"`
	URL      string    `json:"url,omitempty"`
	Related  []Related `json:"related,omitempty"`
	Fixes    []string  `json:"fixes,omitempty"`
	// Fingerprint identifies the finding by its content, not its line
	// number (SARIF's primaryLocationLineHash, a baseline's key).
	Fingerprint string `json:"fingerprint,omitempty"`
}

// NotFixed is a finding whose fix -fix did not write, and why: the file
// is not the user's (outside the main module, in GOROOT or the module
// cache, generated), the fix cannot be mapped back from cmd/cgo's rewrite,
// it overlaps a fix written before it, or it does not leave valid Go.
type NotFixed struct {
	Diagnostic
	Reason string `json:"reason"`
}

// text is the line the command prints for a fix it did not write.
func (n NotFixed) text() string {
	return fmt.Sprintf("fix not written: %s [%s]: %s", n.Posn, n.Check, n.Reason)
}

// Related is a position that explains a finding.
type Related struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// Skipped is a package exitlint could not analyze.
type Skipped struct {
	Package string   `json:"package"`
	Errors  []string `json:"errors"`
}

func diagnostic(f findings.Finding) Diagnostic {
	d := Diagnostic{
		Check: f.Check, Category: f.Category, Posn: f.Pos.String(), File: f.Pos.File, Line: f.Pos.Line, Column: f.Pos.Column,
		Message: f.Message, URL: f.URL, Fingerprint: f.Fingerprint,
	}
	for _, r := range f.Related {
		d.Related = append(d.Related, Related{Posn: r.Pos.String(), Message: r.Message})
	}
	for _, fix := range f.Fixes {
		d.Fixes = append(d.Fixes, fix.Message)
	}
	return d
}

// text is the human form of a finding: file:line:col: message [check],
// with its related positions indented below.
func (d Diagnostic) text() string {
	s := fmt.Sprintf("%s: %s [%s]", d.Posn, d.Message, d.Check)
	for _, r := range d.Related {
		s += fmt.Sprintf("\n\t%s: %s", r.Posn, r.Message)
	}
	return s
}

// writeJSON writes the envelope of a run that reached analysis: the report
// as data on success, else the outcome's error, and warnings. What
// -baseline and -new-from-rev hid is counted in meta.hidden whatever the
// exit code, as data is null on every other.
func writeJSON(w io.Writer, start time.Time, res *result, code exitcode.Code, err error, warnings []string) exitcode.Code {
	var data *Report
	if err == nil {
		data = jsonReport(res)
	}
	var extra map[string]any
	if res.Hidden != nil {
		extra = map[string]any{"hidden": res.Hidden}
	}
	return writeEnvelopeMeta(w, start, code, data, err, extra, warnings...)
}

// jsonReport is res as -json's data. The schema's lists are never null.
func jsonReport(res *result) *Report {
	r := &Report{
		Analyzed: nonNil(res.Analyzed), Skipped: nonNil(res.Skipped), Failed: res.Failed,
		Diagnostics: []Diagnostic{}, Fixed: res.Fixed, Complete: res.Complete, LeftOut: res.LeftOut,
		Written: res.fixWritten, NotFixed: res.fixNotWritten,
		Hidden: res.Hidden, BaselineWritten: res.baselineWritten,
	}
	for _, f := range res.Diagnostics {
		r.Diagnostics = append(r.Diagnostics, diagnostic(f))
	}
	return r
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// writeEnvelope writes exitlint's one envelope, built by the runtime's factory.
func writeEnvelope[T any](w io.Writer, start time.Time, code exitcode.Code, data T, err error) exitcode.Code {
	return writeEnvelopeMeta(w, start, code, data, err, nil)
}

// writeEnvelopeMeta is writeEnvelope with extra fields of meta, and
// warnings.
func writeEnvelopeMeta[T any](w io.Writer, start time.Time, code exitcode.Code, data T, err error, extra map[string]any, warnings ...string) exitcode.Code {
	env, buildErr := envelope.New(start, code, data, err, envelope.WithMeta(envelope.Meta{SchemaVersion: "1.0", Extra: extra}), envelope.WithWarnings(warnings...))
	if buildErr != nil {
		code = env.Code()
	}
	if werr := env.Encode(w); werr != nil {
		//exitlint:ignore fallback stdout cannot be written: the envelope that would explain any other code is lost too
		return exitcode.GeneralError
	}
	return code
}
