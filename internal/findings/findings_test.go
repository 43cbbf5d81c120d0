package findings

import (
	"errors"
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func fileSet(src string) (*token.FileSet, *token.File) {
	fset := token.NewFileSet()
	tf := fset.AddFile("/m/x.go", -1, len(src))
	tf.SetLinesForContent([]byte(src))
	return fset, tf
}

func TestCollector(t *testing.T) {
	src := "package x\n\nvar s = \"é😀\"; var n = 3\n//line /m/user.go:40:1\nvar m = 4\n"
	fset, tf := fileSet(src)
	// A //line directive before the last line, as cmd/cgo's output names
	// the user's file.
	tf.AddLineColumnInfo(strings.Index(src, "var m"), "/m/user.go", 40, 1)
	pos := func(s string, i int) token.Pos { return tf.Pos(strings.Index(src, s) + i) }
	read := func(path string) ([]byte, error) {
		if path == "/m/x.go" {
			return []byte(src), nil
		}
		return nil, errors.New("no such file")
	}
	c := NewCollector(fset, "/m", read)
	a := &analysis.Analyzer{Name: "barecode", URL: "https://example.com/barecode.md"}
	b := &analysis.Analyzer{Name: "argphase", URL: "https://example.com/argphase.md"}
	three := analysis.Diagnostic{Pos: pos("3", 0), End: pos("3", 1), Message: "bare 3",
		SuggestedFixes: []analysis.SuggestedFix{{Message: "spell it", TextEdits: []analysis.TextEdit{{Pos: pos("3", 0), End: pos("3", 1), NewText: []byte("Arg")}}}}}
	c.Add(a, analysis.Diagnostic{Pos: pos("= 4", 2), Message: "bare 4"})
	c.Add(a, three)
	c.Add(a, three) // the test variant's copy
	c.Add(b, analysis.Diagnostic{Pos: pos("var n", 0), Message: "after", URL: "https://example.com/own",
		Related: []analysis.RelatedInformation{{Pos: pos("var s", 0), End: pos("var s", 3), Message: "side effect"}}})

	got := c.Findings()
	if len(got) != 3 {
		t.Fatalf("%d findings; want 3 (one duplicate dropped): %+v", len(got), got)
	}
	bare4, after, bare3 := got[0], got[1], got[2] // user.go sorts before x.go
	if bare4.Message != "bare 4" || after.Check != "argphase" || bare3.Check != "barecode" {
		t.Fatalf("order %s, %s, %s; want by file, line, column", got[0].Message, got[1].Message, got[2].Message)
	}
	if after.URL != "https://example.com/own" || bare3.URL != a.URL {
		t.Errorf("URLs %q, %q; want the diagnostic's own, else the check's", after.URL, bare3.URL)
	}
	// "é😀" is 6 bytes and 3 UTF-16 units: the 3 is at byte column 27,
	// UTF-16 column 24.
	if p := bare3.Pos; p.File != "x.go" || p.Filename != "/m/x.go" || p.Line != 3 || p.Column != 27 || p.UTF16Column != 24 || p.String() != "x.go:3:27" {
		t.Errorf("position %+v", p)
	}
	if bare3.End.Column != 28 || bare3.End.UTF16Column != 25 {
		t.Errorf("end %+v", bare3.End)
	}
	if bare4.End != bare4.Pos {
		t.Errorf("a diagnostic without end: end %+v, want its position", bare4.End)
	}
	if r := after.Related; len(r) != 1 || r[0].Pos.Column != 1 || r[0].End.Column != 4 || r[0].Message != "side effect" {
		t.Errorf("related %+v", r)
	}
	if e := bare3.Fixes[0].Edits[0]; e.Parsed != "/m/x.go" || src[e.Pos.Offset:e.End.Offset] != "3" || e.NewText != "Arg" {
		t.Errorf("edit %+v", e)
	}
	if bare3.Order != 1 || after.Order != 2 || bare4.Order != 0 {
		t.Errorf("orders %d %d %d; want the order reported", bare4.Order, bare3.Order, after.Order)
	}
	// Under the //line directive the position names the user's file, the
	// offset still counts in the file as parsed.
	if p := bare4.Pos; p.Filename != "/m/user.go" || p.File != "user.go" || p.Line != 40 || src[p.Offset:p.Offset+1] != "4" {
		t.Errorf("position under //line: %+v", p)
	}
	// user.go cannot be read: its UTF-16 column is the byte column.
	if bare4.Pos.UTF16Column != bare4.Pos.Column {
		t.Errorf("UTF-16 column %d of an unreadable file; want the byte column %d", bare4.Pos.UTF16Column, bare4.Pos.Column)
	}
}

func TestEditAcrossFiles(t *testing.T) {
	fset := token.NewFileSet()
	a := fset.AddFile("/m/a.go", -1, 10)
	b := fset.AddFile("/m/b.go", -1, 10)
	c := NewCollector(fset, "", func(string) ([]byte, error) { return nil, errors.New("none") })
	c.Add(&analysis.Analyzer{Name: "x"}, analysis.Diagnostic{Pos: a.Pos(1), Message: "m",
		SuggestedFixes: []analysis.SuggestedFix{{TextEdits: []analysis.TextEdit{{Pos: a.Pos(1), End: b.Pos(2)}}}}})
	f := c.Findings()[0]
	if f.Pos.File != "/m/a.go" {
		t.Errorf("with no directory the file keeps its full name: %q", f.Pos.File)
	}
	if e := f.Fixes[0].Edits[0]; e.Parsed != "" {
		t.Errorf("an edit across two files has parsed file %q; want none", e.Parsed)
	}
}

func TestRelative(t *testing.T) {
	for _, tc := range []struct{ dir, path, want string }{
		{"/m", "/m/a/b.go", "a/b.go"},
		{"/m", "/other/b.go", "/other/b.go"},
		{"", "/m/a.go", "/m/a.go"},
	} {
		if got := Relative(tc.dir, tc.path); got != tc.want {
			t.Errorf("Relative(%q, %q) = %q; want %q", tc.dir, tc.path, got, tc.want)
		}
	}
}

// TestFingerprint: the fingerprint is the check, the file and the text of
// the line and its neighbours, white space aside; findings alike on lines
// alike are told apart by their order.
func TestFingerprint(t *testing.T) {
	fingerprints := func(src string) []string {
		fset, tf := fileSet(src)
		c := NewCollector(fset, "/m", func(string) ([]byte, error) { return []byte(src), nil })
		a := &analysis.Analyzer{Name: "barecode"}
		for i := 0; ; {
			j := strings.Index(src[i:], "os.Exit(3)")
			if j < 0 {
				break
			}
			c.Add(a, analysis.Diagnostic{Pos: tf.Pos(i + j + 8), Message: "bare 3"})
			i += j + 1
		}
		var out []string
		for _, f := range c.Findings() {
			out = append(out, f.Fingerprint)
		}
		return out
	}
	src := "package x\n\nfunc f() {\n\tos.Exit(3)\n}\n\nfunc g() {\n\tos.Exit(3)\n}\n"
	got := fingerprints(src)
	if len(got) != 2 || !strings.HasSuffix(got[0], ":1") || got[1] == got[0] {
		t.Fatalf("fingerprints %v; want two, the first ending :1, different", got)
	}
	moved := fingerprints(strings.Replace(src, "package x\n", "package x\n\n// one\n// two\n", 1))
	reindented := fingerprints(strings.ReplaceAll(src, "\t", "    "))
	if strings.Join(moved, " ") != strings.Join(got, " ") || strings.Join(reindented, " ") != strings.Join(got, " ") {
		t.Errorf("moved %v, reindented %v; want %v", moved, reindented, got)
	}
	if edited := fingerprints(strings.Replace(src, "func f() {", "func f(n int) {", 1)); edited[0] == got[0] || edited[1] != got[1] {
		t.Errorf("an edit of the line above the first: %v; want the first changed, the second as %v", edited, got)
	}
}
