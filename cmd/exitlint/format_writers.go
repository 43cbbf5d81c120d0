package main

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/version"
)

// FindingsReport is what -format json writes: the run's report as data
// whatever the exit code (-json's envelope holds it as data only on
// success), with the exit code and, when the run did not end in SUCCESS,
// why. docs/findings.schema.json is its JSON Schema.
type FindingsReport struct {
	SchemaVersion string `json:"schema_version"` // "1"
	Tool          struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"tool"`
	ExitCode int `json:"exit_code"`
	// Outcome is the exit code's name: SUCCESS, FINDINGS, PRECONDITION, …
	Outcome string `json:"outcome"`
	// Error says why the run did not succeed ({code, message, detail}, as
	// -json's error), null on SUCCESS.
	Error *FindingsError `json:"error"`
	*Report
}

// FindingsError is the reason a run did not end in SUCCESS.
type FindingsError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
}

func writeFindingsJSON(w io.Writer, res *result, code exitcode.Code, err error) error {
	r := FindingsReport{SchemaVersion: "1", ExitCode: int(code), Outcome: codeName(code), Report: jsonReport(res)}
	r.Tool.Name, r.Tool.Version = "exitlint", version.Read().String()
	var xe *exitcode.Error
	if errors.As(err, &xe) {
		r.Error = &FindingsError{Code: xe.Code, Message: xe.Message, Detail: xe.Detail}
		if xe.Code == "FINDINGS" {
			r.Error.Detail = "" // the findings, which diagnostics holds as data
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// codeName is the name exitlint gives an exit code it declares.
func codeName(code exitcode.Code) string {
	for _, e := range codes.Entries() {
		if e.Code == code {
			return e.Name
		}
	}
	return fmt.Sprint(int(code))
}

// checkstyle's document: the element and attribute names checkstyle
// writes and its consumers (Jenkins' warnings-ng, reviewdog, SonarQube's
// import) read.
type checkstyleDoc struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// writeCheckstyle writes a checkstyle report: a file element for each file
// with findings, an error for each finding (source exitlint.CHECK).
func writeCheckstyle(w io.Writer, res *result) error {
	doc := checkstyleDoc{Version: "4.3"}
	index := map[string]int{}
	for _, f := range res.Diagnostics {
		d := diagnostic(f)
		i, ok := index[d.File]
		if !ok {
			i = len(doc.Files)
			index[d.File] = i
			doc.Files = append(doc.Files, checkstyleFile{Name: d.File})
		}
		doc.Files[i].Errors = append(doc.Files[i].Errors, checkstyleError{Line: d.Line, Column: d.Column, Severity: "error", Message: withRelated(d), Source: "exitlint." + d.Check})
	}
	return writeXML(w, doc)
}

// withRelated is the finding's message with its related positions after
// it, for formats that have no place of their own for them.
func withRelated(d Diagnostic) string {
	s := d.Message
	for _, r := range d.Related {
		s += fmt.Sprintf(" (%s: %s)", r.Posn, r.Message)
	}
	return s
}

// JUnit's document as CI systems read it (GitLab, Jenkins, GitHub test
// reporters): testsuites of testcases, a failure element for each one that
// failed. Each check that ran is a suite and each finding a failing case;
// a check without findings has one passing case, so that it shows as
// passed.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	Error     *junitFailure `xml:"error,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func writeJUnit(w io.Writer, res *result) error {
	doc := junitSuites{Name: "exitlint"}
	index := map[string]int{}
	for _, a := range res.checks {
		index[a.Name] = len(doc.Suites)
		doc.Suites = append(doc.Suites, junitSuite{Name: a.Name})
	}
	for _, f := range res.Diagnostics {
		d := diagnostic(f)
		i, ok := index[d.Check]
		if !ok {
			i = len(doc.Suites)
			index[d.Check] = i
			doc.Suites = append(doc.Suites, junitSuite{Name: d.Check})
		}
		s := &doc.Suites[i]
		s.Cases = append(s.Cases, junitCase{Name: d.Posn, Classname: d.File,
			Failure: &junitFailure{Message: d.Message, Type: d.Check, Text: d.text()}})
		s.Failures++
	}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		if len(s.Cases) == 0 {
			s.Cases = []junitCase{{Name: "no findings", Classname: s.Name}}
		}
		s.Tests = len(s.Cases)
	}
	// What could not be analyzed is an error, not a pass: a suite of its own.
	var gaps junitSuite
	for _, p := range res.Skipped {
		gaps.Cases = append(gaps.Cases, junitCase{Name: p.Package, Classname: p.Package,
			Error: &junitFailure{Message: "the package could not be analyzed", Type: "skipped", Text: strings.Join(p.Errors, "\n")}})
	}
	for _, p := range res.Failed {
		gaps.Cases = append(gaps.Cases, junitCase{Name: p.Package, Classname: p.Package,
			Error: &junitFailure{Message: "a check failed on the package", Type: "failed", Text: strings.Join(p.Errors, "\n")}})
	}
	for _, u := range res.Unmatched {
		gaps.Cases = append(gaps.Cases, junitCase{Name: u.Pattern, Classname: "patterns",
			Error: &junitFailure{Message: "the pattern named no package", Type: "unmatched", Text: u.line()}})
	}
	if len(gaps.Cases) > 0 {
		gaps.Name, gaps.Tests, gaps.Errors = "exitlint: not analyzed", len(gaps.Cases), len(gaps.Cases)
		doc.Suites = append(doc.Suites, gaps)
	}
	for _, s := range doc.Suites {
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
	}
	return writeXML(w, doc)
}

func writeXML(w io.Writer, doc any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// writeGitHub writes GitHub Actions workflow commands, one ::error line
// per finding, which the runner shows as annotations on the job and on
// the pull request's files; and one for a run that could not analyze
// everything. Files are named relative to the repository's root
// ($GITHUB_WORKSPACE, or root, -sarif-root, when given), as GitHub places
// them.
func writeGitHub(w io.Writer, res *result, err error, root string) error {
	base := root
	if base == "" {
		base = os.Getenv("GITHUB_WORKSPACE")
	}
	for _, f := range res.Diagnostics {
		d := diagnostic(f)
		file := d.File
		if base != "" {
			if rel, rerr := filepath.Rel(absPath(base), f.Pos.Filename); rerr == nil && !strings.HasPrefix(rel, "..") {
				file = filepath.ToSlash(rel)
			}
		}
		// Columns in UTF-16 code units, as GitHub's editor counts them.
		props := fmt.Sprintf("file=%s,line=%d,col=%d", ghProperty(file), d.Line, f.Pos.UTF16Column)
		if f.End.Line > 0 && (f.End.Line != d.Line || f.End.UTF16Column != f.Pos.UTF16Column) {
			props += fmt.Sprintf(",endLine=%d", f.End.Line)
			if f.End.Line == d.Line {
				props += fmt.Sprintf(",endColumn=%d", f.End.UTF16Column)
			}
		}
		props += ",title=" + ghProperty("exitlint "+d.Check)
		msg := d.Message
		for _, r := range d.Related {
			msg += "\n" + r.Posn + ": " + r.Message
		}
		msg += "\n" + d.URL
		if _, werr := fmt.Fprintf(w, "::error %s::%s\n", props, ghData(msg)); werr != nil {
			return werr
		}
	}
	// A run that did not end in FINDINGS says why (packages that did not
	// load, a pattern that named nothing, -fix's writes), once.
	var xe *exitcode.Error
	if errors.As(err, &xe) && xe.Code != "FINDINGS" {
		msg := xe.Message
		if gaps := gapLines(res); len(gaps) > 0 {
			msg += "\n" + strings.Join(gaps, "\n")
		} else if xe.Detail != "" {
			msg += "\n" + xe.Detail
		}
		if _, werr := fmt.Fprintf(w, "::error title=%s::%s\n", ghProperty("exitlint "+xe.Code), ghData(msg)); werr != nil {
			return werr
		}
	}
	return nil
}

// ghData escapes a workflow command's message as the runner unescapes
// it: %, carriage return and line feed.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value: as a message,
// and the colon and comma that end a property.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
