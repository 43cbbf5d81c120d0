package main

import (
	"os"
	"path/filepath"
	"testing"
)

// SARIF counts columns in UTF-16 code units; go/token counts bytes.
func TestSARIFColumnsCountUTF16(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x.go")
	//  byte columns:      é is 2 bytes (1 unit), 𝄞 is 4 bytes (2 units)
	if err := os.WriteFile(file, []byte("package x\nvar s = \"é𝄞\" + x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newColumns()
	for _, tc := range []struct{ line, col, want int }{
		{1, 1, 1},
		{2, 9, 9},   // the opening quote: ASCII before it
		{2, 10, 10}, // é
		{2, 12, 11}, // 𝄞, after é's two bytes
		{2, 16, 13}, // the closing quote, after 𝄞's four bytes
		{2, 18, 15}, // '+'
		{9, 3, 3},   // past the end of the file: the byte column stays
	} {
		if got := c.utf16(file, tc.line, tc.col); got != tc.want {
			t.Errorf("utf16(%d:%d) = %d; want %d", tc.line, tc.col, got, tc.want)
		}
	}
}

func TestSplitPosn(t *testing.T) {
	for posn, want := range map[string]struct {
		file      string
		line, col int
	}{
		"a/b.go:12:3":   {"a/b.go", 12, 3},
		`C:\x\b.go:1:2`: {`C:\x\b.go`, 1, 2},
		"nopos":         {"nopos", 0, 0},
	} {
		f, l, c := splitPosn(posn)
		if f != want.file || l != want.line || c != want.col {
			t.Errorf("splitPosn(%q) = %q %d %d", posn, f, l, c)
		}
	}
}
