package analyzerutil

import (
	"go/constant"
	"go/token"
	"slices"
	"strings"
	"testing"
)

func TestWrappedArgs(t *testing.T) {
	for _, tc := range []struct {
		format  string
		wrapped []int
		known   bool
	}{
		{"save: %w", []int{0}, true},
		{"save %s: %v", nil, true},
		{"save %s: %w", []int{1}, true},
		{"%w and %w", []int{0, 1}, true},
		{"100%% %s: %w", []int{1}, true},
		{"%*d %w", []int{2}, true},
		{"%-8.3f %+v %w", []int{2}, true},
		{"%[2]w %[1]s", nil, false},
	} {
		got, known := WrappedArgs(constant.MakeString(tc.format))
		if known != tc.known || !slices.Equal(got, tc.wrapped) {
			t.Errorf("WrappedArgs(%q) = %v, %v; want %v, %v", tc.format, got, known, tc.wrapped, tc.known)
		}
	}
	if _, known := WrappedArgs(nil); known {
		t.Error("a format that is no constant: known")
	}
}

func TestPosOf(t *testing.T) {
	fset := token.NewFileSet()
	src := "package p\n\nfunc f() int {\n\treturn 2\n}\n"
	parsed := fset.AddFile("/src/p.go", -1, len(src))
	parsed.SetLinesForContent([]byte(src))
	at := strings.Index(src, "2")
	want := fset.Position(parsed.Pos(at))

	// The parsed file is used when the file set holds it.
	loc := LocOf(fset, parsed.Pos(at))
	end := LocOf(fset, parsed.Pos(at+1))
	pos, _ := PosOf(fset, loc, end)
	if pos != parsed.Pos(at) {
		t.Errorf("PosOf = %v, want the parsed file's %v", pos, parsed.Pos(at))
	}

	// Another file set, which never parsed the file, gets a stand-in at the
	// same line and column.
	other := token.NewFileSet()
	other.AddFile("/src/q.go", -1, 10)
	pos, endPos := PosOf(other, loc, end)
	got := other.Position(pos)
	if got.Filename != want.Filename || got.Line != want.Line || got.Column != want.Column || got.Offset != want.Offset {
		t.Errorf("stand-in position %v, want %v", got, want)
	}
	if endPos-pos != 1 {
		t.Errorf("end - start = %d, want 1", endPos-pos)
	}
	// A second location in the same file gets a stand-in of its own.
	loc2 := Loc{File: "/src/p.go", Offset: 1, Line: 1, Col: 2}
	pos2, _ := PosOf(other, loc2, loc2)
	if p := other.Position(pos2); p.Line != 1 || p.Column != 2 {
		t.Errorf("second stand-in position %v, want 1:2", p)
	}
	if p := other.Position(pos); p.Line != want.Line {
		t.Errorf("first position moved to %v", p)
	}
	if pos, _ := PosOf(other, Loc{}, Loc{}); pos.IsValid() {
		t.Error("an invalid Loc gave a valid position")
	}
	if pos, _ := PosOf(other, Loc{File: "x.go", Offset: 0, Line: 5, Col: 1}, Loc{}); pos.IsValid() {
		t.Error("a line no file can have gave a valid position")
	}
}
