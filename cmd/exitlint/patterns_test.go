package main_test

import (
	"strings"
	"testing"
)

// TestPathAtVersionPatterns: a path@version pattern, in any form, is an
// ARG_ERROR (the go command takes versions only in go get and go install),
// alone or beside patterns that match, and names the pattern; nothing is
// loaded for it. ./...@latest exited 5 with a reason about build
// constraints.
func TestPathAtVersionPatterns(t *testing.T) {
	dir := fixModule(t, fixable)
	for _, patterns := range [][]string{
		{"./...@latest"}, {"x@v1"}, {"./@v1"}, {".@v1"}, {"fixme@latest"}, {"./cmd/tool@v1.2.3"},
		{"./...", "./...@latest"}, {"github.com/exitlint/exitlint/exitcode@none"},
	} {
		r := exitlint(t, dir, append([]string{"-json"}, patterns...)...)
		m := envelopeOf(t, r)
		bad := patterns[len(patterns)-1]
		if r.status != 3 || errorField(m, "code") != "USAGE" || !strings.Contains(errorField(m, "message"), bad) || !strings.Contains(errorField(m, "message"), "path@version") {
			t.Errorf("%q: status %d, error %v; want 3 USAGE naming %s as path@version", patterns, r.status, m["error"], bad)
		}
	}
}

// TestVetFlagsUnderJSON: -V=full and -flags are go vet's questions to its
// tool, answered in go vet's formats. With -json, which go vet never
// passes with them, the answer is one envelope: an ARG_ERROR saying the
// flag is for go vet. Without -json they answer go vet as before.
func TestVetFlagsUnderJSON(t *testing.T) {
	for _, args := range [][]string{{"-json", "-V=full"}, {"-V=full", "-json"}, {"-json", "-flags"}, {"--json=true", "--flags"}} {
		r := exitlint(t, "testdata/clean", args...)
		m := envelopeOf(t, r)
		if r.status != 3 || errorField(m, "code") != "USAGE" || !strings.Contains(errorField(m, "message"), "go vet") {
			t.Errorf("%q: status %d, error %v; want 3 USAGE saying the flag is go vet's", args, r.status, m["error"])
		}
	}
	if r := exitlint(t, "testdata/clean", "-V=full"); r.status != 0 || !strings.Contains(r.stdout, "version devel") {
		t.Errorf("-V=full: status %d, stdout %q; want go vet's version line", r.status, r.stdout)
	}
	if r := exitlint(t, "testdata/clean", "-json=false", "-flags"); r.status != 0 || !strings.HasPrefix(strings.TrimSpace(r.stdout), "[") {
		t.Errorf("-json=false -flags: status %d, stdout %q; want go vet's JSON list of flags", r.status, r.stdout)
	}
}
