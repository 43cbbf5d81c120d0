// Package envelopetest checks a CLI built on exitlint's runtime against the
// agent CLI contract, from the CLI's own tests: it runs a command line as a
// process runs it and checks everything an agent relies on, failing the
// test with a readable report of what is wrong.
//
//	func TestGet(t *testing.T) {
//		r := envelopetest.Run(t, newCLI(), "get", "nope")
//		r.Expect(t, exitcode.NotFound, envelopetest.Fields{
//			"/error/code":      "NOTE_NOT_FOUND",
//			"/error/retryable": false,
//		})
//	}
//
// Run runs the command line through envelope.Process (standard output
// taken over, test mode) against a Registry, a Command, or an adapter's App
// (cobraenv.App), and checks:
//   - standard output holds exactly one envelope, and the command printed
//     nothing else there (STRAY_OUTPUT);
//   - envelope.Validate accepts it for the exit code and the declarations of
//     the command that ran: the shape, ok derived from the code, the payload
//     rules, a declared code and its declared retryability;
//   - on success, the data matches the data_schema the manifest gives for
//     that command, and meta.type is that command's result type and one of
//     the manifest's result types;
//   - what Checker.Extra checks besides (a JSON Schema validator of the
//     published envelope schema, say).
//
// CheckOutput checks what a built binary wrote, with its exit status, in the
// same way. The package uses the standard library only (its JSON Schema
// check covers the keywords envelope.DataSchema writes, and reports any
// other rather than pass it over).
package envelopetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// TB is the part of testing.TB the package uses; *testing.T and
// *testing.B are TBs.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
}

// Checker runs command lines and checks what they write. The zero Checker
// checks what the package doc lists.
type Checker struct {
	// Extra, when not nil, is run on every envelope; an error it returns is
	// reported with the other problems.
	Extra func(envelope []byte) error
}

// Result is one command line's run and what the checks found.
type Result struct {
	// Args is the command line.
	Args []string
	// Code is the exit code the process ends with.
	Code exitcode.Code
	// Command is the command that ran ("" when none did: help, an unknown
	// command line).
	Command string
	// Stdout is what the run wrote to standard output; Envelope is the
	// envelope in it, decoded (nil when there is none).
	Stdout   []byte
	Envelope map[string]any
	// Stderr is what the run wrote to standard error (what the command
	// printed to os.Stdout, panics' stacks).
	Stderr []byte
	// Problems are the ways the run breaks the contract, each "path:
	// message"; none for a conforming run.
	Problems []string
}

// Run runs args against p with Checker{} and reports what is wrong with
// t.Errorf.
func Run(t TB, p envelope.Program, args ...string) *Result {
	t.Helper()
	return Checker{}.Run(t, p, args...)
}

// Run runs args against p and reports what is wrong with t.Errorf.
func (c Checker) Run(t TB, p envelope.Program, args ...string) *Result {
	t.Helper()
	return c.RunContext(t, context.Background(), p, args...)
}

// RunContext is Run under ctx (a deadline, a cancel).
func (c Checker) RunContext(t TB, ctx context.Context, p envelope.Program, args ...string) *Result {
	t.Helper()
	r := c.Check(ctx, p, args...)
	if len(r.Problems) > 0 {
		t.Errorf("%s", r.Report())
	}
	return r
}

// Check runs args against p and returns what it found, reporting nothing.
func (c Checker) Check(ctx context.Context, p envelope.Program, args ...string) *Result {
	var stdout, stderr bytes.Buffer
	res := envelope.Process{Args: args, Stdout: &stdout, Stderr: &stderr}.Run(ctx, p)
	r := &Result{Args: args, Code: res.Code, Stdout: stdout.Bytes(), Stderr: stderr.Bytes()}
	m, mErr := manifestOf(p)
	if res.Declarations != nil {
		r.Command = res.Declarations.Command()
	}
	if mErr != nil {
		r.Problems = append(r.Problems, "manifest: "+mErr.Error())
	}
	c.check(r, res.Declarations, m)
	return r
}

// CheckOutput checks what a process (a built binary) wrote to standard
// output and the exit status it ended with, as Run checks a run, and
// reports what is wrong with t.Errorf. m is the CLI's manifest (nil to
// leave out the checks that need it) and command the command the line
// runs ("" for none): the declarations checked are its exit codes in m.
func (c Checker) CheckOutput(t TB, stdout []byte, exit int, m *envelope.Manifest, command string, args ...string) *Result {
	t.Helper()
	r := c.Output(stdout, exit, m, command, args...)
	if len(r.Problems) > 0 {
		t.Errorf("%s", r.Report())
	}
	return r
}

// Output is CheckOutput reporting nothing: it returns what it found.
func (c Checker) Output(stdout []byte, exit int, m *envelope.Manifest, command string, args ...string) *Result {
	r := &Result{Args: args, Code: exitcode.Code(exit), Command: command, Stdout: stdout}
	var decl *exitcode.Declarations
	if cm := commandOf(m, command); cm != nil {
		d, err := declarationsOf(*cm)
		if err != nil {
			r.Problems = append(r.Problems, "manifest: "+err.Error())
		}
		decl = d
	} else if m != nil && command != "" {
		r.Problems = append(r.Problems, fmt.Sprintf("manifest: it lists no command %q", command))
	}
	c.check(r, decl, m)
	return r
}

// CheckManifest checks p's manifest as an agent would read it and reports
// what is wrong with t.Errorf: every command's result type is among the
// result types, which are unique; every command's exit codes are
// declarations exitcode.Declare accepts; every data_schema uses only what
// the data check reads. It returns the manifest (nil if p has none).
func (c Checker) CheckManifest(t TB, p envelope.Program) *envelope.Manifest {
	t.Helper()
	m, err := manifestOf(p)
	var problems []string
	if err != nil {
		problems = append(problems, err.Error())
	}
	if m != nil {
		problems = append(problems, manifestProblems(m)...)
	}
	if len(problems) > 0 {
		t.Errorf("the manifest breaks the contract:\n  %s", strings.Join(problems, "\n  "))
	}
	return m
}

// ManifestProblems lists what CheckManifest finds wrong with a manifest an
// agent got (from a built CLI's schema command, say), each "path:
// message"; none for a manifest that keeps the contract.
func ManifestProblems(m *envelope.Manifest) []string { return manifestProblems(m) }

// manifestProblems lists what is wrong with a manifest.
func manifestProblems(m *envelope.Manifest) []string {
	var problems []string
	seen := map[string]bool{}
	for _, typ := range m.ResultTypes {
		if seen[typ] {
			problems = append(problems, fmt.Sprintf("/result_types: %q is listed twice", typ))
		}
		seen[typ] = true
	}
	for i, cm := range m.Commands {
		at := fmt.Sprintf("/commands/%d (%s)", i, cm.Name)
		if !seen[cm.ResultType] {
			problems = append(problems, fmt.Sprintf("%s/result_type: %q is not among the result types", at, cm.ResultType))
		}
		if _, err := declarationsOf(cm); err != nil {
			problems = append(problems, fmt.Sprintf("%s/exit_codes: %s", at, strings.ReplaceAll(err.Error(), "\n", "; ")))
		}
		schema, err := schemaOf(cm.DataSchema)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s/data_schema: %v", at, err))
			continue
		}
		for _, k := range unknownKeywords(schema) {
			problems = append(problems, fmt.Sprintf("%s/data_schema: uses %q, which envelopetest cannot check", at, k))
		}
	}
	return problems
}

// check fills r's envelope and problems.
func (c Checker) check(r *Result, decl *exitcode.Declarations, m *envelope.Manifest) {
	line := bytes.TrimSpace(r.Stdout)
	if n := bytes.Count(line, []byte("\n")); n > 0 {
		r.Problems = append(r.Problems, fmt.Sprintf("/: standard output holds %d lines; an agent reads exactly one envelope", n+1))
		return
	}
	for _, v := range envelope.Validate(line, int(r.Code), decl) {
		r.Problems = append(r.Problems, pointer(v.Path)+": "+v.Message)
	}
	if v, err := decodeJSON(line); err == nil {
		r.Envelope, _ = v.(map[string]any)
	}
	if c.Extra != nil {
		if err := c.Extra(line); err != nil {
			r.Problems = append(r.Problems, "/: "+strings.ReplaceAll(err.Error(), "\n", "\n    "))
		}
	}
	if r.Envelope == nil {
		return
	}
	if e, _ := r.Envelope["error"].(map[string]any); e != nil && e["code"] == envelope.StrayOutputCode {
		r.Problems = append(r.Problems, "/error/code: the command printed to standard output besides its envelope (STRAY_OUTPUT): "+fmt.Sprint(e["message"]))
	}
	if m != nil && r.Code == exitcode.Success {
		r.Problems = append(r.Problems, checkSuccess(r.Envelope, m, r.Command)...)
	}
}

// checkSuccess checks a success's meta.type and data against the manifest.
func checkSuccess(env map[string]any, m *envelope.Manifest, command string) []string {
	var problems []string
	meta, _ := env["meta"].(map[string]any)
	typ, _ := meta["type"].(string)
	if typ != "" && !contains(m.ResultTypes, typ) {
		problems = append(problems, fmt.Sprintf("/meta/type: %q is not among the manifest's result types (%s): an agent picks its parser for data by it", typ, strings.Join(m.ResultTypes, ", ")))
	}
	cm := commandOf(m, command)
	if cm == nil {
		return problems
	}
	if typ != "" && typ != cm.ResultType {
		problems = append(problems, fmt.Sprintf("/meta/type: %q, but the manifest gives command %q the result type %q", typ, command, cm.ResultType))
	}
	data, present := env["data"]
	if !present || data == nil {
		return problems // a cache hit: no data
	}
	schema, err := schemaOf(cm.DataSchema)
	if err != nil {
		return append(problems, fmt.Sprintf("manifest: the data_schema of %q: %v", command, err))
	}
	check := &schemaCheck{root: schema}
	check.checkValue(schema, data, "", 0)
	for _, p := range check.problems {
		path, msg, _ := strings.Cut(p, ": ")
		if path == "/" {
			path = ""
		}
		problems = append(problems, fmt.Sprintf("/data%s: %s (the data_schema of %q)", path, msg, command))
	}
	return problems
}

// schemaOf is a data schema as decoded JSON, so that it reads the way the
// manifest an agent gets does.
func schemaOf(s map[string]any) (map[string]any, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	v, err := decodeJSON(b)
	if err != nil {
		return nil, err
	}
	out, _ := v.(map[string]any)
	return out, nil
}

// manifestOf asks p for its manifest: a Registry's, an App's, a Command's
// own entry; nil for a program that has none.
func manifestOf(p envelope.Program) (*envelope.Manifest, error) {
	switch p := p.(type) {
	case interface{ Manifest() envelope.Manifest }:
		m := p.Manifest()
		return &m, nil
	case interface {
		Manifest() (envelope.Manifest, error)
	}:
		m, err := p.Manifest()
		if err != nil {
			return nil, err
		}
		return &m, nil
	case interface {
		Describe() (envelope.CommandManifest, error)
	}:
		cm, err := p.Describe()
		if err != nil {
			return nil, err
		}
		return &envelope.Manifest{Commands: []envelope.CommandManifest{cm}, ResultTypes: []string{cm.ResultType}}, nil
	}
	return nil, nil
}

func commandOf(m *envelope.Manifest, name string) *envelope.CommandManifest {
	if m == nil {
		return nil
	}
	for i := range m.Commands {
		if m.Commands[i].Name == name {
			return &m.Commands[i]
		}
	}
	return nil
}

// declarationsOf rebuilds a command's declarations from its manifest entry,
// as an agent reads them.
func declarationsOf(cm envelope.CommandManifest) (*exitcode.Declarations, error) {
	entries := make([]exitcode.Entry, 0, len(cm.ExitCodes))
	for _, e := range cm.ExitCodes {
		entry := exitcode.Entry{Code: e.Code, Name: e.Name, Action: e.Action}
		for r := exitcode.RetryUnstated; r <= exitcode.RetryNotApplicable; r++ {
			if r.String() == e.Retryability {
				entry.Retryable = r
			}
		}
		for s := exitcode.EffectsUnstated; s <= exitcode.EffectsUnknown; s++ {
			if s.String() == e.SideEffects {
				entry.SideEffects = s
			}
		}
		entries = append(entries, entry)
	}
	return exitcode.Declare(cm.Name, entries...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func pointer(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// Report spells the result's problems for a test's failure: the command
// line, the exit code, each problem, and the envelope, indented.
func (r *Result) Report() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: exit %s breaks the contract:\n", r.line(), describe(r.Code))
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "  %s\n", p)
	}
	r.writeOutput(&b)
	return b.String()
}

func (r *Result) line() string {
	if len(r.Args) == 0 {
		return "(no arguments)"
	}
	return envelope.ShellQuote(r.Args...)
}

// writeOutput writes the envelope indented (or the raw output) and standard
// error, for a report.
func (r *Result) writeOutput(w io.Writer) {
	var pretty bytes.Buffer
	if json.Indent(&pretty, bytes.TrimSpace(r.Stdout), "  ", "  ") == nil {
		fmt.Fprintf(w, "the envelope:\n  %s\n", pretty.String())
	} else {
		fmt.Fprintf(w, "standard output:\n  %q\n", r.Stdout)
	}
	if len(r.Stderr) > 0 {
		fmt.Fprintf(w, "standard error:\n  %s\n", strings.ReplaceAll(strings.TrimRight(string(r.Stderr), "\n"), "\n", "\n  "))
	}
}

func describe(c exitcode.Code) string {
	return fmt.Sprintf("%d (%s)", int(c), c)
}

// Fields are expectations on an envelope's values, by JSON pointer
// ("/error/code", "/meta/truncated", "/data/notes/0/name"): each value is
// compared as JSON (a string, a bool, a number of any Go type, nil for
// null, a map or slice for an object or array), or is Absent for a key that
// must not be there.
type Fields map[string]any

// Absent is the expectation that a key is not there.
var Absent = absent{}

type absent struct{}

// Diff compares the run's exit code and fields with what is expected and
// returns a table of the differences ("" when there are none): each line
// the pointer, what was wanted and what was got.
func (r *Result) Diff(code exitcode.Code, want Fields) string {
	var rows [][3]string
	if r.Code != code {
		rows = append(rows, [3]string{"exit code", describe(code), describe(r.Code)})
	}
	paths := make([]string, 0, len(want))
	for p := range want {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		got, present := lookup(r.Envelope, p)
		w := want[p]
		switch {
		case w == Absent && !present:
		case w == Absent:
			rows = append(rows, [3]string{p, "absent", show(got)})
		case !present:
			rows = append(rows, [3]string{p, showWant(w), "absent"})
		case !sameJSON(normalize(w), got):
			rows = append(rows, [3]string{p, showWant(w), show(got)})
		}
	}
	if len(rows) == 0 {
		return ""
	}
	width := [2]int{len("field"), len("want")}
	for _, row := range rows {
		width[0] = max(width[0], len(row[0]))
		width[1] = max(width[1], len(row[1]))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %-*s  %-*s  %s\n", width[0], "field", width[1], "want", "got")
	for _, row := range rows {
		fmt.Fprintf(&b, "  %-*s  %-*s  %s\n", width[0], row[0], width[1], row[1], row[2])
	}
	return b.String()
}

// Expect reports with t.Errorf where the run differs from the exit code and
// fields expected (Diff), with the envelope.
func (r *Result) Expect(t TB, code exitcode.Code, want Fields) {
	t.Helper()
	d := r.Diff(code, want)
	if d == "" {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: not what was expected:\n%s", r.line(), d)
	r.writeOutput(&b)
	t.Errorf("%s", b.String())
}

// Field returns the value at a JSON pointer of the envelope (decoded, with
// numbers as json.Number), and whether it is there.
func (r *Result) Field(pointer string) (any, bool) { return lookup(r.Envelope, pointer) }

// lookup follows a JSON pointer into a decoded value.
func lookup(v any, pointer string) (any, bool) {
	if pointer == "" {
		return v, v != nil
	}
	for _, tok := range strings.Split(strings.TrimPrefix(pointer, "/"), "/") {
		tok = unescapePointer(tok)
		switch cur := v.(type) {
		case map[string]any:
			next, ok := cur[tok]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur) {
				return nil, false
			}
			v = cur[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// normalize turns an expected Go value into the decoded JSON it stands for.
func normalize(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	d, err := decodeJSON(b)
	if err != nil {
		return v
	}
	return d
}

func showWant(v any) string { return show(normalize(v)) }
