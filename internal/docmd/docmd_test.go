package docmd

import (
	"strings"
	"testing"
)

func TestMarkdown(t *testing.T) {
	const doc = `Uses ` + "`*T`" + ` and *T, a_b and _c,
- not a list at the start of a line, [brackets] and <tags>.

# A heading

  - a list item
    that wraps
  - another

Code:

	os.Exit(1) // *not* escaped

See [suppress] and https://example.com.

[suppress]: https://github.com/exitlint/exitlint/blob/main/docs/checks/suppress.md
`
	const want = "Uses `*T` and \\*T, a_b and \\_c,\n" +
		"\\- not a list at the start of a line, \\[brackets] and \\<tags>.\n" +
		"\n## A heading\n" +
		"\n- a list item\n  that wraps\n- another\n" +
		"\nCode:\n" +
		"\n```go\nos.Exit(1) // *not* escaped\n```\n" +
		"\nSee [suppress](suppress.md) and https://example.com.\n"
	got, err := Markdown(doc, func(url string) string {
		return strings.TrimPrefix(url, "https://github.com/exitlint/exitlint/blob/main/docs/checks/")
	})
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestUnclosedCodeSpan(t *testing.T) {
	if _, err := Markdown("A `span that never closes.\n\nNext paragraph.\n", nil); err == nil {
		t.Error("an unclosed code span is accepted")
	}
}
