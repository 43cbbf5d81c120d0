package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestPagesAreGenerated fails when a page under docs/checks and the doc.go
// it is generated from disagree, or when a page documents no analyzer.
func TestPagesAreGenerated(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	pages, err := pages(root)
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range pages {
		got, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Errorf("%v: run go generate ./internal/cmd/checkdocs", err)
			continue
		}
		if line, page, doc, differ := firstDifference(got, want); differ {
			t.Errorf("%s disagrees with its doc.go at line %d:\n  page:   %q\n  doc.go: %q\n"+
				"pages are written from doc.go: edit the doc.go, never the page, then run go generate ./internal/cmd/checkdocs", path, line, page, doc)
		}
	}
	if err := strayPages(root, pages); err != nil {
		t.Error(err)
	}
}

// firstDifference returns the first line, counted from 1, at which got and
// want differ, with that line of each.
func firstDifference(got, want []byte) (n int, g, w string, differ bool) {
	if bytes.Equal(got, want) {
		return 0, "", "", false
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; ; i++ {
		if i >= len(gl) || i >= len(wl) || gl[i] != wl[i] {
			at := func(lines []string) string {
				if i < len(lines) {
					return lines[i]
				}
				return "(end of file)"
			}
			return i + 1, at(gl), at(wl), true
		}
	}
}

func TestRelativeLinks(t *testing.T) {
	for url, want := range map[string]string{
		"https://github.com/exitlint/exitlint/blob/main/docs/checks/exits.md": "exits.md",
		"https://github.com/exitlint/exitlint/blob/main/docs/performance.md":  "../performance.md",
		"https://go.dev/doc/comment":                                          "https://go.dev/doc/comment",
	} {
		if got := relative(url); got != want {
			t.Errorf("relative(%q) = %q, want %q", url, got, want)
		}
	}
}

// TestCheckSections: a check's page has the sections a reader looks for,
// in the same order on every page.
func TestCheckSections(t *testing.T) {
	const why = "summary\n\nWhy it matters.\n\n"
	sections := func(names ...string) string {
		var b strings.Builder
		for _, n := range names {
			b.WriteString("# " + n + "\n\nText.\n\n")
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, doc string
		ok        bool
	}{
		{"complete", why + sections("What it flags", "Not flagged", "Example", "How precise", "Fix", "Flags"), true},
		{"no why", "summary\n\n" + sections(checkSections...), false},
		{"no fix", why + sections("What it flags", "Not flagged", "Example", "Flags"), false},
		{"out of order", why + sections("Not flagged", "What it flags", "Example", "Fix", "Flags"), false},
	} {
		a := &analysis.Analyzer{Name: "x", Doc: tc.doc}
		_, err := render(a, true, "x/doc.go", nil)
		if (err == nil) != tc.ok {
			t.Errorf("%s: err = %v", tc.name, err)
		}
	}
}
