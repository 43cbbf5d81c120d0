package main

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fileSet(t *testing.T, name, src string) (*token.FileSet, *token.File) {
	t.Helper()
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	return fset, tf
}

func pending(tf *token.File, posn string, start, end int, text string) *pendingFix {
	return &pendingFix{diag: Diagnostic{Posn: posn}, edits: map[string][]edit{tf.Name(): {{start, end, text}}}}
}

func TestApplyFixesSkipsOverlaps(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1 + 2\n"
	fset, tf := fileSet(t, name, src)
	i := strings.Index(src, "1 + 2")
	res := applyFixes(fset, []*pendingFix{
		pending(tf, "first", i, i+1, "10"),
		pending(tf, "overlaps", i, i+5, "3"),
		pending(tf, "same edit as first", i, i+1, "10"),
		pending(tf, "after", i+4, i+5, "20"),
	})
	if res.err != nil {
		t.Fatal(res.err)
	}
	if len(res.conflict) != 1 || res.conflict[0].Posn != "overlaps" || len(res.applied) != 3 {
		t.Errorf("applied %v, conflicts %v", res.applied, res.conflict)
	}
	got, _ := os.ReadFile(name)
	if string(got) != "package a\n\nvar x = 10 + 20\n" {
		t.Errorf("file = %q", got)
	}
}

func TestApplyFixesRefusesAChangedFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1\n"
	fset, tf := fileSet(t, name, src)
	if err := os.WriteFile(name, []byte(src+"// edited meanwhile\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := applyFixes(fset, []*pendingFix{pending(tf, "x", len(src)-2, len(src)-1, "2")})
	if res.err == nil || !strings.Contains(res.err.Error(), "changed on disk") || len(res.applied) != 0 || len(res.files) != 0 {
		t.Errorf("err %v applied %v files %v", res.err, res.applied, res.files)
	}
}

func TestApplyFixesRefusesInvalidGo(t *testing.T) {
	name := filepath.Join(t.TempDir(), "a.go")
	src := "package a\n\nvar x = 1\n"
	fset, tf := fileSet(t, name, src)
	res := applyFixes(fset, []*pendingFix{pending(tf, "x", len(src)-2, len(src)-1, "(")})
	if res.err == nil || !strings.Contains(res.err.Error(), "do not leave valid Go") {
		t.Errorf("err %v", res.err)
	}
	got, _ := os.ReadFile(name)
	if string(got) != src {
		t.Errorf("the file was written: %q", got)
	}
}
