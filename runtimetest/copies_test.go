package runtimetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAssertionCopiesAgree: the runtime's modules require nothing, so each
// keeps its own standard-library assertions (check_test.go), one file
// written once and copied. The copies differ only in their package clause
// and in the sentence naming the other copy; any other difference is drift.
func TestAssertionCopiesAgree(t *testing.T) {
	read := func(module string) []string {
		b, err := os.ReadFile(filepath.Join("..", module, "check_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(string(b), "\n")
	}
	a, b := read("exitcode"), read("envelope")
	if len(a) != len(b) {
		t.Fatalf("exitcode/check_test.go has %d lines, envelope/check_test.go %d: copy exitcode's file over envelope's, keeping envelope's package clause and its line naming the other copy", len(a), len(b))
	}
	for i := range a {
		if a[i] == b[i] || strings.HasPrefix(a[i], "package ") || strings.Contains(a[i], "(The same file is in the") {
			continue
		}
		t.Errorf("line %d differs:\n  exitcode: %s\n  envelope: %s\ncopy exitcode/check_test.go over envelope/check_test.go, keeping envelope's package clause and its line naming the other copy", i+1, a[i], b[i])
	}
}
