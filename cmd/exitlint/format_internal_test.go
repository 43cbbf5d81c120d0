package main

import "testing"

// TestGitHubEscaping: a workflow command's message and properties escaped
// as the runner reads them back (the toolkit's escapeData and
// escapeProperty): a line break cannot end the command, a colon or comma
// in a file name cannot end a property.
func TestGitHubEscaping(t *testing.T) {
	if got, want := ghData("50% done\r\nnext: a, b"), "50%25 done%0D%0Anext: a, b"; got != want {
		t.Errorf("ghData = %q; want %q", got, want)
	}
	if got, want := ghProperty("dir,x/a:b%.go\n"), "dir%2Cx/a%3Ab%25.go%0A"; got != want {
		t.Errorf("ghProperty = %q; want %q", got, want)
	}
}
