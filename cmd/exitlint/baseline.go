package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/findings"
	"github.com/exitlint/exitlint/internal/regularfile"
	"github.com/exitlint/exitlint/internal/textpos"
)

// A baseline records the findings a codebase has today, so that a team can
// adopt exitlint and be told only of the findings that come after:
// -write-baseline FILE records them, -baseline FILE hides them. A finding
// is recorded by its fingerprint, which is computed from its check, its
// file and the text of its line and neighbours, not from its line number:
// code that moves keeps its finding hidden; an edit of the finding's line
// shows it again. Files are named by their module ("example.com/cli/main.go",
// findings.Finding.ModuleFile), so a baseline written at the repository's
// root serves a run from any directory.

// baselineVersion is the format -write-baseline writes. Version 1 named
// files relative to the directory exitlint ran in, and hashed them so in
// the fingerprint: it is still read, and hides its findings when exitlint
// runs from the directory it was written in.
const baselineVersion = 2

// baselineFile is the baseline as written to disk: JSON, one entry a
// finding, sorted, so that its diff in review shows what changed.
type baselineFile struct {
	// Comment says what the file is, for whoever opens it.
	Comment  string          `json:"comment"`
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// baselineEntry is one finding of a baseline. Check, File and Fingerprint
// are its key; Message is for the reader, and may change between versions
// of exitlint without the entry going stale.
type baselineEntry struct {
	Check       string `json:"check"`
	File        string `json:"file"`
	Fingerprint string `json:"fingerprint"`
	Message     string `json:"message,omitempty"`
}

func (e baselineEntry) key() string { return e.Check + "\x00" + e.File + "\x00" + e.Fingerprint }

func entryOf(f findings.Finding) baselineEntry {
	return baselineEntry{Check: f.Check, File: f.ModuleFile, Fingerprint: f.Fingerprint, Message: f.Message}
}

// legacyKeys are the keys a version 1 baseline gives the findings of a run:
// files relative to the working directory, in the name and in the hash.
func legacyKeys(list []findings.Finding) []string {
	lines := textpos.NewLines(func(path string) ([]byte, error) { return regularfile.Read(path, maxSource) })
	line := func(filename string, n int) string {
		text, _ := lines.Line(filename, n)
		return text
	}
	name := func(f *findings.Finding) string { return filepath.ToSlash(f.Pos.File) }
	var keys []string
	for i, fp := range findings.Fingerprints(list, name, line) {
		keys = append(keys, baselineEntry{Check: list[i].Check, File: name(&list[i]), Fingerprint: fp}.key())
	}
	return keys
}

// maxSource bounds a source file read again for a version 1 baseline's
// fingerprints: the driver has parsed it already.
const maxSource = 1 << 30

// Hidden counts the findings a run did not report because the exclude
// setting, the baseline or -new-from-rev hid them.
type Hidden struct {
	// Baseline is the number of findings the baseline file hid.
	Baseline int `json:"baseline"`
	// Unchanged is the number of findings outside the lines changed since
	// the -new-from-rev revision.
	Unchanged int `json:"unchanged"`
	// Excluded is the number of findings in paths the exclude setting
	// leaves out.
	Excluded int `json:"excluded"`
}

func (h *Hidden) total() int {
	if h == nil {
		return 0
	}
	return h.Baseline + h.Unchanged + h.Excluded
}

// with returns a copy of h (zero when h is nil) changed by f.
func (h *Hidden) with(f func(*Hidden)) *Hidden {
	c := &Hidden{}
	if h != nil {
		*c = *h
	}
	if f != nil {
		f(c)
	}
	return c
}

// String says what was hidden, as messages put it.
func (h *Hidden) String() string {
	var parts []string
	if h.Baseline > 0 {
		parts = append(parts, fmt.Sprintf("%d hidden by the baseline", h.Baseline))
	}
	if h.Unchanged > 0 {
		parts = append(parts, fmt.Sprintf("%d on lines not changed since -new-from-rev", h.Unchanged))
	}
	if h.Excluded > 0 {
		parts = append(parts, fmt.Sprintf("%d in paths exclude leaves out", h.Excluded))
	}
	return strings.Join(parts, ", ")
}

// filter hides findings: those of a baseline, and those outside the lines
// changed since a revision. It is read before anything is analyzed, so
// that a bad baseline or revision is an ARG_ERROR that costs nothing.
type filter struct {
	baseline map[string]int // key → how many findings it hides
	legacy   bool           // the baseline is of version 1 (legacyKeys)
	// changed maps an absolute file name to its changed lines; a file
	// mapped to nil is new, every line changed. nil when -new-from-rev was
	// not given.
	changed map[string]map[int]bool
	// write is the baseline file to write instead of hiding by one.
	write string
}

// newFilter reads what o asks to hide by; it returns nil when o asks for
// nothing.
func newFilter(o options) (*filter, error) {
	if o.baseline == "" && o.writeBaseline == "" && o.newFromRev == "" {
		return nil, nil
	}
	if o.baseline != "" && o.writeBaseline != "" {
		return nil, usageError("-baseline and -write-baseline both name a baseline: pass -baseline to hide its findings, or -write-baseline to record today's")
	}
	if o.writeBaseline != "" && o.fix {
		return nil, usageError("-write-baseline records findings and -fix removes them: run -fix first, then -write-baseline")
	}
	f := &filter{write: o.writeBaseline}
	if o.baseline != "" {
		b, version, err := readBaseline(o.baseline)
		if err != nil {
			return nil, err
		}
		f.baseline, f.legacy = b, version == 1
	}
	if o.newFromRev != "" {
		changed, err := changedLines(o.newFromRev)
		if err != nil {
			return nil, err
		}
		f.changed = changed
	}
	return f, nil
}

// badBaseline is the ARG_ERROR of a baseline file that cannot be used.
func badBaseline(file, format string, args ...any) error {
	return exitcode.New(exitcode.ArgError, "BAD_BASELINE", fmt.Sprintf("-baseline %s: ", file)+fmt.Sprintf(format, args...)).
		WithSuggestion("write the baseline again with exitlint -write-baseline " + file + " (it records the findings of today's code), or pass the file exitlint wrote")
}

// maxBaseline bounds a baseline file: an entry takes about 200 bytes, so
// 64 MiB holds some 300,000 findings, far more than a codebase adopting
// exitlint has.
const maxBaseline = 64 << 20

// readBaseline reads a baseline file into the count of findings it hides
// per key, and its format's version.
func readBaseline(file string) (map[string]int, int, error) {
	data, err := regularfile.Read(file, maxBaseline)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, 0, badBaseline(file, "no such file")
		}
		return nil, 0, badBaseline(file, "cannot be read: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var b baselineFile
	if err := dec.Decode(&b); err != nil {
		return nil, 0, badBaseline(file, "not a baseline exitlint wrote: %s", jsonError(data, err))
	}
	if dec.More() {
		return nil, 0, badBaseline(file, "not a baseline exitlint wrote: more than one JSON value")
	}
	if b.Version != baselineVersion && b.Version != 1 {
		return nil, 0, badBaseline(file, "format version %d; this exitlint reads versions 1 and %d", b.Version, baselineVersion)
	}
	out := map[string]int{}
	for i, e := range b.Findings {
		if e.Check == "" || e.File == "" || !validFingerprint(e.Fingerprint) {
			return nil, 0, badBaseline(file, "finding %d (from 1) lacks a check, a file or a fingerprint of the form HEX:N: %+v", i+1, e)
		}
		out[e.key()]++
	}
	return out, b.Version, nil
}

func validFingerprint(s string) bool {
	h, n, ok := strings.Cut(s, ":")
	if !ok || h == "" || strings.Trim(h, "0123456789abcdef") != "" {
		return false
	}
	i, err := strconv.Atoi(n)
	return err == nil && i > 0
}

// jsonError is a JSON decoding error with the line and column it is at.
func jsonError(data []byte, err error) string {
	var offset int64 = -1
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		offset = syn.Offset
	case errors.As(err, &typ):
		offset = typ.Offset
	default:
		// An unknown field has no offset: the first place the key is
		// written as a key (a quote inside a string is escaped, so the
		// key's text in a message does not match).
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if key, uerr := strconv.Unquote(name); uerr == nil {
				quoted, _ := json.Marshal(key)
				re := regexp.MustCompile(regexp.QuoteMeta(string(quoted)) + `\s*:`)
				if loc := re.FindIndex(data); loc != nil {
					offset = int64(loc[0]) + 1
				}
			}
		}
	}
	if offset < 0 || offset > int64(len(data)) {
		return err.Error()
	}
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - (bytes.LastIndexByte(before, '\n') + 1)
	return fmt.Sprintf("line %d, column %d: %v", line, max(col, 1), err)
}

// apply hides the findings of res the filter hides, or, for
// -write-baseline, writes them to the baseline and hides them all: the run
// reports what the new baseline leaves. A baseline is written only after a
// complete analysis: one written while a package did not load would lack
// its findings, and they would all be new the day it loads.
func (f *filter) apply(res *result) {
	if f.write != "" {
		if !res.Complete || len(res.Unresolved) > 0 || len(res.Unmatched) > 0 {
			res.baselineHeld = true
			return
		}
		if err := writeBaseline(f.write, res.Diagnostics); err != nil {
			res.baselineErr = err
			return
		}
		res.baselineWritten = findings.Relative(res.dir, absPath(f.write))
		res.Hidden = res.Hidden.with(func(h *Hidden) { h.Baseline = len(res.Diagnostics) })
		res.Diagnostics = nil
		return
	}
	h := res.Hidden.with(nil)
	left := map[string]int{}
	for k, n := range f.baseline {
		left[k] = n
	}
	var legacy []string
	if f.legacy {
		legacy = legacyKeys(res.Diagnostics)
	}
	var kept []findings.Finding
	for i, d := range res.Diagnostics {
		k := entryOf(d).key()
		if f.legacy {
			k = legacy[i]
		}
		if left[k] > 0 {
			left[k]--
			h.Baseline++
			continue
		}
		if f.changed != nil && !f.isChanged(d.Pos) {
			h.Unchanged++
			continue
		}
		kept = append(kept, d)
	}
	res.Diagnostics = kept
	res.Hidden = h
}

// isChanged reports whether p lies on a line changed since the revision.
func (f *filter) isChanged(p findings.Position) bool {
	lines, ok := f.changed[absPath(p.Filename)]
	return ok && (lines == nil || lines[p.Line])
}

func absPath(name string) string {
	if abs, err := filepath.Abs(name); err == nil {
		return abs
	}
	return name
}

// writeBaseline writes the findings to file, whole or not at all: to a
// temporary file beside it, renamed over it.
func writeBaseline(file string, list []findings.Finding) error {
	b := baselineFile{
		Comment:  "exitlint baseline: these findings are hidden by exitlint -baseline; write it again with exitlint -write-baseline",
		Version:  baselineVersion,
		Findings: []baselineEntry{},
	}
	for _, f := range list {
		b.Findings = append(b.Findings, entryOf(f))
	}
	slices.SortFunc(b.Findings, func(x, y baselineEntry) int { return strings.Compare(x.key(), y.key()) })
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	fail := func(err error) error {
		msg := fmt.Sprintf("-write-baseline wrote nothing: %v", err)
		if kindOf(err) == failPermission {
			return exitcode.New(exitcode.PermissionDenied, "BASELINE_NOT_WRITABLE", msg).
				WithSuggestion("make " + file + " and its directory writable, or name another file")
		}
		return exitcode.New(exitcode.GeneralError, "BASELINE_WRITE_FAILED", msg).
			WithSuggestion("check the file system named in the message, then run exitlint -write-baseline again")
	}
	if err := writeWhole(file, data); err != nil {
		return fail(err)
	}
	return nil
}

// changedLines asks git which lines of the working tree differ from rev:
// for each file, the lines added or changed since (git diff -U0 REV), and
// every line of a file git does not track and does not ignore. Files are
// named by absolute path.
func changedLines(rev string) (map[string]map[int]bool, error) {
	if strings.HasPrefix(rev, "-") {
		return nil, usageError("-new-from-rev %s: a revision does not begin with -", rev)
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return nil, exitcode.New(exitcode.Precondition, "NOT_A_GIT_REPOSITORY", "-new-from-rev needs a git work tree: "+err.Error()).
			WithSuggestion("run exitlint inside the git work tree, or use -baseline instead")
	}
	root := strings.TrimSpace(top)
	if _, err := git("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}"); err != nil {
		//exitlint:ignore argphase git rev-parse only reads the repository: nothing was changed before the revision was found wanting
		return nil, exitcode.New(exitcode.ArgError, "BAD_REVISION", fmt.Sprintf("-new-from-rev %s: git knows no such commit", rev)).
			WithSuggestion("name a commit git knows (a branch such as origin/main, a tag, a hash); in CI, fetch it first (git fetch origin main, or actions/checkout with fetch-depth: 0)")
	}
	diff, err := git("diff", "--no-color", "--no-ext-diff", "--no-renames", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/", "-U0", rev, "--")
	if err != nil {
		return nil, exitcode.New(exitcode.GeneralError, "GIT_FAILED", "-new-from-rev: git diff failed: "+err.Error())
	}
	changed := map[string]map[int]bool{}
	var file string
	sc := bufio.NewScanner(strings.NewReader(diff))
	sc.Buffer(make([]byte, 1024*1024), 64*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "+++ "):
			file = ""
			if name, ok := strings.CutPrefix(unquoteGitPath(line[len("+++ "):]), "b/"); ok {
				file = filepath.Join(root, filepath.FromSlash(name))
				if changed[file] == nil {
					changed[file] = map[int]bool{}
				}
			}
		case strings.HasPrefix(line, "@@ ") && file != "":
			start, count := hunkNew(line)
			for l := start; l < start+count; l++ {
				changed[file][l] = true
			}
		}
	}
	untracked, err := git("ls-files", "--others", "--exclude-standard", "--full-name", "-z", ":/")
	if err != nil {
		return nil, exitcode.New(exitcode.GeneralError, "GIT_FAILED", "-new-from-rev: git ls-files failed: "+err.Error())
	}
	for _, name := range strings.Split(untracked, "\x00") {
		if name != "" {
			changed[filepath.Join(root, filepath.FromSlash(name))] = nil
		}
	}
	return changed, nil
}

// hunkNew reads the new side of a hunk header, "@@ -a,b +c,d @@": the
// first line and the number of lines (1 when ",d" is left out).
func hunkNew(header string) (start, count int) {
	fields := strings.Fields(header)
	if len(fields) < 3 || !strings.HasPrefix(fields[2], "+") {
		return 0, 0
	}
	s, n, hasCount := strings.Cut(fields[2][1:], ",")
	start, _ = strconv.Atoi(s)
	count = 1
	if hasCount {
		count, _ = strconv.Atoi(n)
	}
	return start, count
}

// unquoteGitPath undoes git's quoting of a path with unusual characters
// ("a\tb.go" in double quotes).
func unquoteGitPath(name string) string {
	if strings.HasPrefix(name, `"`) {
		if s, err := strconv.Unquote(name); err == nil {
			return s
		}
	}
	return name
}

// git runs git in the working directory and returns its output, or an
// error with its stderr.
func git(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", errors.New(msg)
		}
		return "", err
	}
	return stdout.String(), nil
}
