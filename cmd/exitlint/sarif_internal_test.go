package main

import "testing"

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
