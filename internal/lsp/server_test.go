package lsp

import (
	"path/filepath"
	"testing"
)

func TestURIs(t *testing.T) {
	path := filepath.FromSlash("/work/my module/main.go")
	uri := uriOf(path)
	if uri != "file:///work/my%20module/main.go" {
		t.Errorf("uriOf = %s", uri)
	}
	back, err := pathOf(uri)
	if err != nil || back != path {
		t.Errorf("pathOf(%s) = %q, %v; want %q", uri, back, err, path)
	}
	if _, err := pathOf("untitled:Untitled-1"); err == nil {
		t.Error("an untitled buffer has no file path")
	}
}

func TestOverlaps(t *testing.T) {
	r := func(l1, c1, l2, c2 int) lspRange {
		return lspRange{Start: position{l1, c1}, End: position{l2, c2}}
	}
	for _, tc := range []struct {
		a, b lspRange
		want bool
	}{
		{r(3, 10, 3, 11), r(3, 10, 3, 11), true},
		{r(3, 10, 3, 11), r(3, 0, 3, 0), false},  // the cursor at the start of the line
		{r(3, 10, 3, 11), r(3, 11, 3, 11), true}, // the cursor right after the finding
		{r(3, 10, 3, 11), r(0, 0, 9, 0), true},   // the whole file
		{r(3, 10, 3, 11), r(4, 0, 4, 5), false},
		{r(2, 5, 4, 1), r(3, 0, 3, 0), true}, // inside a multi-line finding
	} {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
	}
}

func TestOnlyAllows(t *testing.T) {
	if !onlyAllows([]string{"quickfix"}) || onlyAllows([]string{"refactor"}) || !onlyAllows([]string{"source", "quickfix"}) {
		t.Error("onlyAllows")
	}
}
