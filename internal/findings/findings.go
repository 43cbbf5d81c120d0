// Package findings collects what exitlint's checks report into the one form
// that every output reads: the command's text, -json and -sarif, -fix, and
// the language server. A finding is deduplicated, given its check's docs
// URL, and has each of its positions converted here, once, into every form
// an output counts in: go/token's byte columns and offsets for the command
// and -fix, UTF-16 columns for SARIF and editors.
package findings

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/textpos"
)

// Position is a place in a source file.
type Position struct {
	// Filename is the file as go/token reports it: after //line
	// directives, so cmd/cgo's output names the user's file.
	Filename string
	// File is Filename relative to the working directory when it lies
	// below it: how the command names files.
	File string
	// Offset counts bytes from the start of the file as parsed, which a
	// //line directive does not change.
	Offset int
	// Line and Column count from 1; Column counts bytes, as go/token does.
	Line, Column int
	// UTF16Column counts UTF-16 code units from 1, as SARIF and the
	// Language Server Protocol do.
	UTF16Column int
}

// String is the position as the command prints it: file:line:column.
func (p Position) String() string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Finding is one diagnostic of a check.
type Finding struct {
	Check string
	// Category is the kind of message within the check ("bare", "map"),
	// for filtering.
	Category string
	// Pos and End delimit the reported text; End is Pos when the check
	// gave no end.
	Pos, End Position
	Message  string
	// URL is the diagnostic's own docs URL, or else its check's.
	URL     string
	Related []Related
	Fixes   []Fix
	// Fingerprint identifies the finding by its content, not its line
	// number: it stays the same when lines are added or removed above it
	// (see Fingerprints).
	Fingerprint string
	// ModuleFile names the finding's file by its module
	// ("example.com/cli/cmd/main.go"), as the fingerprint hashes it and a
	// baseline records it: the same from any working directory.
	ModuleFile string
	// Order is the place of the finding in the order the checks reported
	// them, from 0. -fix applies fixes in that order, so that the first of
	// two overlapping fixes wins as the checks ordered them, not as the
	// positions sort.
	Order int
}

// Related is a position that explains a finding (a step of argphase's chain
// to a side effect).
type Related struct {
	Pos, End Position
	Message  string
}

// Fix is a suggested fix.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the text from Pos to End with NewText.
type Edit struct {
	Pos, End Position
	NewText  string
	// Parsed is the file as parsed, in which Pos.Offset and End.Offset
	// count: the file -fix rewrites. It is empty when the edit does not
	// lie within one parsed file.
	Parsed string
}

// Collector gathers the findings of a set of packages parsed into one file
// set.
type Collector struct {
	fset    *token.FileSet
	dir     string
	lines   *textpos.Lines
	modules moduleNames
	seen    map[key]bool
	list    []Finding
}

type key struct {
	filename       string
	line, column   int
	check, message string
}

// NewCollector returns a collector that names files relative to dir (when
// dir is empty, by their full names) and reads them with read to count
// UTF-16 columns: os.ReadFile, or a reader that prefers an editor's
// unsaved buffers, which are what was analyzed.
func NewCollector(fset *token.FileSet, dir string, read func(path string) ([]byte, error)) *Collector {
	return &Collector{fset: fset, dir: dir, lines: textpos.NewLines(read), seen: map[key]bool{}}
}

// Add collects d, reported by a, unless the same finding was collected
// before: a package and its test variant share files, and each reports
// the findings in them.
func (c *Collector) Add(a *analysis.Analyzer, d analysis.Diagnostic) {
	pos, end := c.span(d.Pos, d.End)
	k := key{pos.Filename, pos.Line, pos.Column, a.Name, d.Message}
	if c.seen[k] {
		return
	}
	c.seen[k] = true
	f := Finding{Check: a.Name, Category: d.Category, Pos: pos, End: end, Message: d.Message, URL: cmp.Or(d.URL, a.URL), Order: len(c.list)}
	for _, r := range d.Related {
		rel := Related{Message: r.Message}
		rel.Pos, rel.End = c.span(r.Pos, r.End)
		f.Related = append(f.Related, rel)
	}
	for _, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message}
		for _, te := range sf.TextEdits {
			e := Edit{NewText: string(te.NewText)}
			e.Pos, e.End = c.span(te.Pos, te.End)
			if tf := c.fset.File(te.Pos); tf != nil && c.fset.File(endOf(te.Pos, te.End)) == tf {
				e.Parsed = tf.Name()
			}
			fix.Edits = append(fix.Edits, e)
		}
		f.Fixes = append(f.Fixes, fix)
	}
	c.list = append(c.list, f)
}

// Findings returns the findings collected, sorted by file, position and
// check.
func (c *Collector) Findings() []Finding {
	out := slices.Clone(c.list)
	slices.SortStableFunc(out, func(a, b Finding) int {
		return cmp.Or(
			strings.Compare(a.Pos.File, b.Pos.File),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
			strings.Compare(a.Check, b.Check))
	})
	c.fingerprint(out)
	return out
}

// fingerprint gives each finding of sorted its ModuleFile and its
// Fingerprint (Fingerprints, over the file named by its module).
func (c *Collector) fingerprint(sorted []Finding) {
	for i := range sorted {
		f := &sorted[i]
		f.ModuleFile = c.modules.name(f.Pos.Filename, f.Pos.File)
	}
	line := func(filename string, n int) string {
		text, _ := c.lines.Line(filename, n)
		return text
	}
	for i, fp := range Fingerprints(sorted, func(f *Finding) string { return f.ModuleFile }, line) {
		sorted[i].Fingerprint = fp
	}
}

// Fingerprints returns the fingerprint of each finding of sorted: a hash of
// its check, its file as name gives it (with forward slashes) and the text
// of its line and of the lines before and after it (line reads them),
// each with its white space collapsed, then ":N", N counting from 1 the
// findings with the same hash, in order. Lines added or removed elsewhere
// in the file, or a change of indentation, leave it as it is; an edit of
// the line or its neighbours changes it. GitHub code scanning tracks an
// alert across commits by it (SARIF's partialFingerprints), and baselines
// key findings by it. The Collector names files by their module; a
// baseline of format 1 named them relative to the working directory.
func Fingerprints(sorted []Finding, name func(*Finding) string, line func(filename string, n int) string) []string {
	seen := map[string]int{}
	out := make([]string, len(sorted))
	for i := range sorted {
		f := &sorted[i]
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%s\x00", f.Check, filepath.ToSlash(name(f)))
		for n := f.Pos.Line - 1; n <= f.Pos.Line+1; n++ {
			fmt.Fprintf(h, "%s\n", strings.Join(strings.Fields(line(f.Pos.Filename, n)), " "))
		}
		sum := hex.EncodeToString(h.Sum(nil)[:8])
		seen[sum]++
		out[i] = fmt.Sprintf("%s:%d", sum, seen[sum])
	}
	return out
}

// endOf is the end of the text from pos to end: pos itself when end is
// missing.
func endOf(pos, end token.Pos) token.Pos {
	if !end.IsValid() || end < pos {
		return pos
	}
	return end
}

func (c *Collector) span(pos, end token.Pos) (Position, Position) {
	start := c.position(pos)
	if end = endOf(pos, end); end == pos {
		return start, start
	}
	return start, c.position(end)
}

func (c *Collector) position(pos token.Pos) Position {
	return c.Position(c.fset.Position(pos))
}

// Position converts p into every form an output counts in. The driver
// places a package's errors so, by file, line and column: a file that does
// not parse has no token.Pos to give.
func (c *Collector) Position(p token.Position) Position {
	return Position{
		Filename: p.Filename, File: Relative(c.dir, p.Filename), Offset: p.Offset,
		Line: p.Line, Column: p.Column, UTF16Column: c.lines.UTF16Column(p.Filename, p.Line, p.Column),
	}
}

// Relative names path relative to dir when it lies below dir, and by its
// full name otherwise (or when dir is empty).
func Relative(dir, path string) string {
	if dir != "" {
		if rel, err := filepath.Rel(dir, path); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
	}
	return path
}
