package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"io/fs"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
	"github.com/exitlint/exitlint/passes/contract"
)

// Findings is exitlint's command-specific exit code: the analysis ran and
// reported findings.
const Findings exitcode.Code = 80

// FindingsAfterFix is exitlint -fix's command-specific exit code: fixes were
// written, and findings without a fix remain.
const FindingsAfterFix exitcode.Code = 81

// codes are the exit codes exitlint declares.
var codes = exitcode.MustDeclare("exitlint",
	exitcode.Entry{Code: exitcode.ArgError, Action: "Fix the flags or patterns, then run again"},
	exitcode.Entry{Code: exitcode.Precondition, Action: "Some packages do not type-check: fix the errors named in error.detail, then run again"},
	exitcode.Entry{Code: exitcode.NotFound, Action: "The patterns matched no package: check the patterns and the directory"},
	exitcode.Entry{Code: Findings, Name: "FINDINGS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone,
		Action: "The analysis ran and reported findings: fix the code at each position, then run again"},
	exitcode.Entry{Code: FindingsAfterFix, Name: "FINDINGS_AFTER_FIX", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsPartial,
		Action: "-fix wrote the fixes listed in error.detail; the findings that remain have no automatic fix: change the code at each position, then run again"},
	exitcode.Entry{Code: exitcode.PartialFailure, Action: "-fix wrote some files and failed on others (error.detail): inspect the working tree before running again"},
	exitcode.Entry{Code: exitcode.Conflict, Action: "-fix wrote nothing: a file changed since it was analyzed, or its fixes did not fit; run again"},
	exitcode.Entry{Code: exitcode.PermissionDenied, Action: "-fix wrote nothing: a file to fix is not writable"},
)

// Diagnostic is one finding as -json reports it.
type Diagnostic struct {
	Check   string    `json:"check"`
	Posn    string    `json:"posn"`
	File    string    `json:"file"`
	Line    int       `json:"line"`
	Column  int       `json:"column"`
	Message string    `json:"message"`
	URL     string    `json:"url,omitempty"`
	Related []Related `json:"related,omitempty"`
	Fixes   []string  `json:"fixes,omitempty"`
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

// Report is the data of a -json run.
type Report struct {
	Analyzed    []string     `json:"analyzed"`
	Skipped     []Skipped    `json:"skipped"`
	Failed      []Skipped    `json:"failed,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	Fixed       []Diagnostic `json:"fixed,omitempty"`
	Complete    bool         `json:"complete"`
}

// result is what a run found.
type result struct {
	Analyzed    []string           // the packages analyzed, sorted
	Skipped     []Skipped          // the packages that could not be, and why
	Failed      []Skipped          // the checks that failed on a package, and how
	Diagnostics []findings.Finding // sorted; after -fix, the findings it left
	Fixed       []Diagnostic       // the findings -fix fixed, in the order it wrote them
	Complete    bool               // nothing was skipped and no check failed

	checks []*analysis.Analyzer // the checks that ran: SARIF's rules
	dir    string               // the working directory, to which file names are relative
	fset   *token.FileSet       // the files as analyzed: -fix refuses one that changed since
}

type options struct {
	json, sarif, findingsOK, tests, listCodes, fix bool
	enable, disable                                string
	cpuProfile, memProfile                         string
}

// usageError is a problem with the command line: ARG_ERROR.
func usageError(format string, args ...any) error {
	return exitcode.New(exitcode.ArgError, "USAGE", fmt.Sprintf(format, args...)).
		WithSuggestion("run exitlint -h for the flags and checks")
}

// run is the standalone command. It writes findings (or the -json envelope)
// to stdout, messages to stderr, and returns the exit code.
func run(args []string, stdout, stderr io.Writer) exitcode.Code {
	start := time.Now()
	fs := flag.NewFlagSet("exitlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.BoolVar(&o.json, "json", false, "write one response envelope (JSON) instead of text")
	fs.BoolVar(&o.sarif, "sarif", false, "write a SARIF 2.1.0 log (for GitHub code scanning and other SARIF viewers) instead of text")
	fs.BoolVar(&o.findingsOK, "findings-ok", false, "exit 0 when findings are reported, with the findings as the envelope's data")
	fs.BoolVar(&o.tests, "test", true, "analyze test files too")
	fs.BoolVar(&o.listCodes, "exit-codes", false, "list the exit codes exitlint declares and exit")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes to the source files (gofmt-formatted); the findings that remain are reported")
	fs.StringVar(&o.enable, "enable", "", "comma-separated checks to run (default: all)")
	fs.StringVar(&o.disable, "disable", "", "comma-separated checks not to run")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the analysis to this file (for go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile, taken when the analysis ends, to this file")
	analyzers := all.Analyzers()
	registerAnalyzerFlags(fs, append(analyzers, contract.Analyzer))

	wantJSON := hasFlag(args, "json")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, fs, analyzers)
			return exitcode.Success
		}
		return fail(stdout, stderr, wantJSON, start, usageError("%v", err))
	}
	if o.json && o.sarif {
		return fail(stdout, stderr, true, start, usageError("-json and -sarif both choose the output: pass one"))
	}
	if o.listCodes {
		return listCodes(stdout, o.json, start)
	}
	selected, err := selectAnalyzers(o.enable, o.disable)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	stopProfiles, err := startProfiles(o.cpuProfile, o.memProfile)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	rep, err := analyze(selected, patterns, o.tests)
	if perr := stopProfiles(); perr != nil && err == nil {
		err = perr
	}
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	var fixErr error
	if o.fix {
		fixErr = fix(rep)
	}
	return report(stdout, stderr, o, start, rep, fixErr)
}

// hasFlag reports whether args set the boolean flag name before flag parsing
// fails, so a usage error can still be written as JSON.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || a == "-"+name+"=true" || a == "--"+name+"=true" {
			return true
		}
		if a == "--" {
			break
		}
	}
	return false
}

// registerAnalyzerFlags exposes each analyzer's flags as -NAME.flag.
func registerAnalyzerFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		prefix := a.Name + "."
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, prefix+f.Name, f.Usage)
		})
	}
}

func selectAnalyzers(enable, disable string) ([]*analysis.Analyzer, error) {
	selected, err := all.Select(strings.Split(enable, ","), strings.Split(disable, ","), "-enable", "-disable")
	if err != nil {
		return nil, usageError("%v", err)
	}
	return selected, nil
}

// analyze loads the packages and runs the checks on those that load.
func analyze(analyzers []*analysis.Analyzer, patterns []string, tests bool) (*result, error) {
	graph, err := driver.Load(driver.Config{Tests: tests}, patterns...)
	if err != nil {
		//exitlint:ignore argphase go list is what validates the patterns; without overlays packages.Load writes nothing
		return nil, loadError(err, patterns)
	}
	dir, _ := os.Getwd()
	rep := &result{checks: analyzers, dir: dir, fset: graph.Fset}
	var notFound []string
	listed := 0
	for _, p := range graph.Roots {
		switch {
		case len(p.ListErrors) == 0:
			listed++
		case missing(p):
			notFound = append(notFound, p.ListErrors...)
		default:
			rep.Skipped = append(rep.Skipped, Skipped{Package: p.ID, Errors: p.ListErrors})
		}
	}
	if listed == 0 && len(rep.Skipped) == 0 {
		if err := classifyRootErrors(notFound); err != nil {
			//exitlint:ignore argphase go list is what validates the patterns; without overlays packages.Load writes nothing
			return nil, err
		}
		msg := fmt.Sprintf("the patterns %s matched no Go package", strings.Join(patterns, " "))
		e := exitcode.New(exitcode.NotFound, "NO_PACKAGES", msg).
			WithSuggestion("run exitlint from inside a Go module, or pass patterns such as ./... or a package path")
		if len(notFound) > 0 {
			e = e.WithDetail(strings.Join(notFound, "\n"))
		}
		return nil, e
	}
	res := graph.Run(analyzers)
	analyzed := map[string]bool{}
	for _, p := range graph.Roots {
		if len(p.ListErrors) > 0 {
			continue
		}
		errs, dep := p.Broken()
		switch {
		case dep != nil:
			rep.Skipped = append(rep.Skipped, Skipped{Package: p.ID, Errors: []string{brokenDependency(dep)}})
		case len(errs) > 0:
			rep.Skipped = append(rep.Skipped, Skipped{Package: p.ID, Errors: errs})
		default:
			analyzed[p.PkgPath] = true
		}
	}
	c := findings.NewCollector(graph.Fset, dir, os.ReadFile)
	for _, act := range res.Actions {
		if act.Err != nil {
			// A check failed on this package (an internal error, or a
			// panic its Guard caught); the other checks' findings stand.
			rep.Failed = append(rep.Failed, Skipped{Package: act.Package.ID, Errors: []string{act.Analyzer.Name + ": " + firstLine(act.Err.Error())}})
			continue
		}
		for _, d := range act.Diagnostics {
			c.Add(act.Analyzer, d)
		}
	}
	rep.Analyzed = slices.Sorted(maps.Keys(analyzed))
	rep.Diagnostics = c.Findings()
	rep.Complete = len(rep.Skipped) == 0 && len(rep.Failed) == 0
	return rep, nil
}

// brokenDependency names the package at the bottom of a chain of imports
// that did not load, and its first error.
func brokenDependency(dep *driver.Package) string {
	for {
		errs, next := dep.Broken()
		if next == nil {
			msg := "its dependency " + dep.ID + " does not load"
			if len(errs) > 0 {
				msg += ": " + firstLine(errs[0])
			}
			return msg
		}
		dep = next
	}
}

// classifyRootErrors turns go list's errors for patterns that matched
// nothing into a bad pattern (ARG_ERROR) or a missing module (NOT_FOUND).
func classifyRootErrors(errs []string) error {
	all := strings.Join(errs, "\n")
	switch {
	case strings.Contains(all, "malformed import path") || strings.Contains(all, "path@version syntax"):
		return usageError("bad package pattern: %s", firstLine(all))
	case strings.Contains(all, "does not contain main module") || strings.Contains(all, "go.mod file not found") || strings.Contains(all, "cannot find main module"):
		return exitcode.New(exitcode.NotFound, "NO_MODULE", "no Go module here: "+firstLine(all)).
			WithSuggestion("run exitlint inside a Go module (a directory with go.mod, or below one)")
	}
	return nil
}

// loadError classifies a failure of go list itself.
func loadError(err error, patterns []string) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "malformed import path") || strings.Contains(msg, "invalid pattern") || strings.Contains(msg, "invalid import path"):
		return usageError("bad package pattern: %v", err)
	case strings.Contains(msg, "go.mod file not found") || strings.Contains(msg, "cannot find main module"):
		return exitcode.New(exitcode.NotFound, "NO_MODULE", "no Go module here: "+firstLine(msg)).
			WithSuggestion("run exitlint inside a Go module (a directory with go.mod, or below one)")
	}
	return exitcode.New(exitcode.Precondition, "LOAD_FAILED", "go list could not load "+strings.Join(patterns, " ")+": "+firstLine(msg)).
		WithDetail(msg).WithSuggestion("check that the go command works here (go list " + strings.Join(patterns, " ") + ")")
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// missing reports whether a root package exists only as an error for a path
// with no Go files.
func missing(p *driver.Package) bool {
	return p.NoFiles()
}

func diagnostic(f findings.Finding) Diagnostic {
	d := Diagnostic{
		Check: f.Check, Posn: f.Pos.String(), File: f.Pos.File, Line: f.Pos.Line, Column: f.Pos.Column,
		Message: f.Message, URL: f.URL,
	}
	for _, r := range f.Related {
		d.Related = append(d.Related, Related{Posn: r.Pos.String(), Message: r.Message})
	}
	for _, fix := range f.Fixes {
		d.Fixes = append(d.Fixes, fix.Message)
	}
	return d
}

// text is the human form of a finding: file:line:col: message [check].
func (d Diagnostic) text() string {
	s := fmt.Sprintf("%s: %s [%s]", d.Posn, d.Message, d.Check)
	for _, r := range d.Related {
		s += fmt.Sprintf("\n\t%s: %s", r.Posn, r.Message)
	}
	return s
}

// report writes the outcome and returns the exit code:
// SUCCESS when clean; FINDINGS (80) when findings were reported, unless
// -findings-ok; PRECONDITION when packages had to be skipped.
func report(stdout, stderr io.Writer, o options, start time.Time, rep *result, fixErr error) exitcode.Code {
	var lines, fixed []string
	for _, f := range rep.Diagnostics {
		lines = append(lines, diagnostic(f).text())
	}
	for _, d := range rep.Fixed {
		fixed = append(fixed, "fixed: "+d.text())
	}
	var err error
	switch {
	case fixErr != nil:
		err = fixErr
	case len(rep.Failed) > 0:
		var detail []string
		for _, f := range rep.Failed {
			detail = append(detail, f.Package+":\n\t"+strings.Join(f.Errors, "\n\t"))
		}
		if len(lines) > 0 {
			detail = append(detail, fmt.Sprintf("findings of the checks that ran:\n%s", strings.Join(lines, "\n")))
		}
		err = exitcode.New(exitcode.GeneralError, "CHECK_FAILED",
			fmt.Sprintf("%d check run(s) failed with an internal error; %d finding(s) from the others", len(rep.Failed), len(rep.Diagnostics))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("this is a bug in exitlint: report it with the detail; -disable the failing check to run the others cleanly")
	case len(rep.Skipped) > 0:
		var detail []string
		for _, s := range rep.Skipped {
			detail = append(detail, s.Package+":\n\t"+strings.Join(s.Errors, "\n\t"))
		}
		if len(lines) > 0 {
			detail = append(detail, fmt.Sprintf("findings in the packages that were analyzed:\n%s", strings.Join(lines, "\n")))
		}
		err = exitcode.New(exitcode.Precondition, "PACKAGES_SKIPPED",
			fmt.Sprintf("%d package(s) could not be analyzed (%s); %d analyzed, %d finding(s)", len(rep.Skipped), skippedNames(rep), len(rep.Analyzed), len(rep.Diagnostics))).
			WithDetail(strings.Join(detail, "\n")).
			WithSuggestion("fix the errors listed in detail (go build shows them too), then run exitlint again")
	case len(rep.Diagnostics) > 0 && !o.findingsOK && len(rep.Fixed) > 0:
		err = exitcode.New(FindingsAfterFix, "FINDINGS_AFTER_FIX",
			fmt.Sprintf("%d fix(es) written; %d finding(s) remain in %d package(s) analyzed", len(rep.Fixed), len(rep.Diagnostics), len(rep.Analyzed))).
			WithDetail(strings.Join(append(fixed, lines...), "\n")).
			WithSuggestion("change the code at each remaining position (each line names its check), then run again")
	case len(rep.Diagnostics) > 0 && !o.findingsOK:
		err = exitcode.New(Findings, "FINDINGS",
			fmt.Sprintf("%d finding(s) in %d package(s) analyzed", len(rep.Diagnostics), len(rep.Analyzed))).
			WithDetail(strings.Join(lines, "\n")).
			WithSuggestion("fix the code at each position (each line names its check; docs at " + strings.TrimSuffix(rep.Diagnostics[0].URL, rep.Diagnostics[0].Check+".md") + "), or run with -json -findings-ok to receive the findings as data")
	}
	code := exitcode.FromError(err)
	if o.sarif {
		if werr := writeSARIF(stdout, rep, code); werr != nil {
			fmt.Fprintf(stderr, "exitlint: writing the SARIF log: %v\n", werr)
			return exitcode.GeneralError
		}
		return code
	}
	if o.json {
		var data *Report
		if err == nil {
			data = jsonReport(rep)
		}
		return writeEnvelope(stdout, start, code, data, err)
	}
	for _, l := range lines {
		fmt.Fprintln(stdout, l)
	}
	for _, l := range fixed {
		fmt.Fprintln(stderr, l)
	}
	if err != nil {
		var xe *exitcode.Error
		errors.As(err, &xe)
		switch {
		case code == exitcode.Precondition || len(rep.Failed) > 0:
			fmt.Fprintf(stderr, "exitlint: %s\n%s\n", xe.Message, indent(xe.Detail))
		case fixErr != nil:
			fmt.Fprintf(stderr, "exitlint: %s\n", xe.Message)
			if xe.Detail != "" {
				fmt.Fprintln(stderr, indent(xe.Detail))
			}
		}
	}
	return code
}

// jsonReport is rep as -json's data. The schema's lists are never null.
func jsonReport(rep *result) *Report {
	r := &Report{
		Analyzed: nonNil(rep.Analyzed), Skipped: nonNil(rep.Skipped), Failed: rep.Failed,
		Diagnostics: []Diagnostic{}, Fixed: rep.Fixed, Complete: rep.Complete,
	}
	for _, f := range rep.Diagnostics {
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

func skippedNames(rep *result) string {
	var names []string
	for _, s := range rep.Skipped {
		names = append(names, s.Package)
	}
	return strings.Join(names, ", ")
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}

// fail reports an error that ended the run before any analysis.
func fail(stdout, stderr io.Writer, asJSON bool, start time.Time, err error) exitcode.Code {
	code := exitcode.FromError(err)
	if asJSON {
		return writeEnvelope[*Report](stdout, start, code, nil, err)
	}
	fmt.Fprintf(stderr, "exitlint: %v\n", err)
	var xe *exitcode.Error
	if errors.As(err, &xe) {
		if xe.Detail != "" {
			fmt.Fprintln(stderr, indent(xe.Detail))
		}
		if xe.Suggestion != "" {
			fmt.Fprintf(stderr, "exitlint: %s\n", xe.Suggestion)
		}
	}
	return code
}

// writeEnvelope writes exitlint's one envelope, built by the runtime's factory.
func writeEnvelope[T any](w io.Writer, start time.Time, code exitcode.Code, data T, err error) exitcode.Code {
	env, buildErr := envelope.New(start, code, data, err, envelope.WithMeta(envelope.Meta{SchemaVersion: "1.0"}))
	if buildErr != nil {
		code = env.Code()
	}
	if werr := env.Encode(w); werr != nil {
		return exitcode.GeneralError
	}
	return code
}

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

func usage(w io.Writer, fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	fmt.Fprintf(w, `exitlint checks Go command-line programs against the agent CLI contract.

Usage:
  exitlint [flags] [packages]               (packages as for go list; ./... by default)
  go vet -vettool=$(which exitlint) [packages]
  go fix -fixtool=$(which exitlint) [packages]
  exitlint lsp                              (the language server an editor starts)

Checks:
`)
	for _, a := range analyzers {
		first, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %-11s %s\n", a.Name, first)
	}
	fmt.Fprintf(w, "\nFlags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintf(w, "\nExit codes:\n")
	listCodes(w, false, time.Now())
	fmt.Fprintf(w, "\nSuppress a finding with //exitlint:ignore CHECK reason on its line or the line above.\n")
}

// fix writes the first fix of each finding that has one, in the order the
// checks reported them, moves the findings it fixed from Diagnostics to
// Fixed, and returns an error if a file could not be fixed.
func fix(rep *result) error {
	var pending []*pendingFix
	reported := slices.SortedFunc(slices.Values(rep.Diagnostics), func(a, b findings.Finding) int { return cmp.Compare(a.Order, b.Order) })
	for _, f := range reported {
		if p := newPendingFix(f); p != nil {
			pending = append(pending, p)
		}
	}
	if len(pending) == 0 {
		return nil
	}
	res := applyFixes(rep.fset, pending)
	done := map[findingKey]bool{}
	for _, d := range res.applied {
		done[keyOf(d)] = true
	}
	rep.Fixed = res.applied
	remaining := rep.Diagnostics[:0]
	for _, f := range rep.Diagnostics {
		if !done[keyOf(diagnostic(f))] {
			remaining = append(remaining, f)
		}
	}
	rep.Diagnostics = remaining
	if res.err == nil {
		return nil
	}
	var detail []string
	for _, f := range res.files {
		detail = append(detail, "written: "+findings.Relative(rep.dir, f))
	}
	detail = append(detail, res.err.Error())
	switch {
	case len(res.files) > 0:
		return exitcode.New(exitcode.PartialFailure, "FIX_INCOMPLETE", fmt.Sprintf("-fix wrote %d file(s) and could not fix others", len(res.files))).
			WithDetail(strings.Join(detail, "\n")).WithSuggestion("inspect the working tree (git diff), then run exitlint -fix again")
	case errors.Is(res.err, fs.ErrPermission):
		return exitcode.New(exitcode.PermissionDenied, "FIX_NOT_WRITABLE", "-fix wrote nothing: "+res.err.Error()).
			WithSuggestion("make the files writable, or run without -fix")
	}
	return exitcode.New(exitcode.Conflict, "FIX_CONFLICT", "-fix wrote nothing: "+res.err.Error()).
		WithSuggestion("run exitlint -fix again on the current files")
}
