// Package docmd renders the doc comments of exitlint's analyzers (Go doc
// comment syntax, with `code` spans written as in Markdown) as GitHub
// Markdown: the pages under docs/checks and the help of SARIF's rules.
package docmd

import (
	"bytes"
	"fmt"
	"go/doc/comment"
	"strings"
)

// Writer renders a parsed doc comment as GitHub Markdown. It keeps the
// line breaks of doc.go, so that a page's diff matches the diff of the doc
// that changed it; code blocks are fenced as Go; `code` spans written in
// doc.go stay code spans, and everything else that Markdown would read as
// markup is escaped.
type Writer struct {
	Buf bytes.Buffer
	// Link rewrites the URL of a link written [text] in the doc; nil
	// keeps it as it is.
	Link   func(url string) string
	inCode bool // inside a `code` span, which may cross Text nodes
	err    error
}

// Markdown renders the doc comment text as Markdown, its links rewritten
// by link (nil keeps them as they are).
func Markdown(text string, link func(url string) string) (string, error) {
	var p comment.Parser
	w := &Writer{Link: link}
	w.Blocks(p.Parse(text).Content)
	return w.Buf.String(), w.Err()
}

// Err is the first doc block or text that has no Markdown form, or a code
// span that does not close in its paragraph.
func (w *Writer) Err() error { return w.err }

// Blocks writes the blocks, a blank line between each two.
func (w *Writer) Blocks(bs []comment.Block) {
	for i, b := range bs {
		if i > 0 {
			w.Buf.WriteString("\n")
		}
		w.block(b)
	}
}

func (w *Writer) block(b comment.Block) {
	switch b := b.(type) {
	case *comment.Heading:
		w.Buf.WriteString("## ")
		w.text(b.Text, "")
		w.Buf.WriteString("\n")
	case *comment.Paragraph:
		w.text(b.Text, "")
		w.Buf.WriteString("\n")
	case *comment.Code:
		fmt.Fprintf(&w.Buf, "```go\n%s```\n", b.Text)
	case *comment.List:
		w.list(b)
	default:
		w.fail(fmt.Errorf("a doc block of type %T has no Markdown form", b))
	}
}

func (w *Writer) list(l *comment.List) {
	for i, item := range l.Items {
		if i > 0 && l.BlankBetween() {
			w.Buf.WriteString("\n")
		}
		marker := "- "
		if item.Number != "" {
			marker = item.Number + ". "
		}
		indent := strings.Repeat(" ", len(marker))
		w.Buf.WriteString(marker)
		for j, blk := range item.Content {
			if j > 0 {
				w.Buf.WriteString("\n" + indent)
			}
			w.text(blk.(*comment.Paragraph).Text, indent)
			w.Buf.WriteString("\n")
		}
	}
}

// text writes a paragraph's text, each line after the first indented by
// indent. A code span must close in the paragraph that opens it.
func (w *Writer) text(ts []comment.Text, indent string) {
	var line bytes.Buffer
	for _, t := range ts {
		switch t := t.(type) {
		case comment.Plain:
			for i, part := range strings.Split(string(t), "\n") {
				if i > 0 {
					w.Buf.Write(bytes.TrimRight(line.Bytes(), " "))
					w.Buf.WriteString("\n" + indent)
					line.Reset()
				}
				w.plain(&line, part, line.Len() == 0)
			}
		case *comment.Link:
			if t.Auto {
				line.WriteString(t.URL)
				continue
			}
			line.WriteString("[")
			w.linkText(&line, t.Text)
			url := t.URL
			if w.Link != nil {
				url = w.Link(url)
			}
			line.WriteString("](" + url + ")")
		case *comment.DocLink:
			line.WriteString("[")
			w.linkText(&line, t.Text)
			line.WriteString("](" + t.DefaultURL("https://pkg.go.dev") + ")")
		default:
			w.fail(fmt.Errorf("doc text of type %T has no Markdown form", t))
		}
	}
	w.Buf.Write(line.Bytes())
	if w.inCode {
		w.fail(fmt.Errorf("a `code` span does not close in its paragraph: %q", line.String()))
		w.inCode = false
	}
}

func (w *Writer) linkText(out *bytes.Buffer, ts []comment.Text) {
	for _, t := range ts {
		if p, ok := t.(comment.Plain); ok {
			w.plain(out, string(p), false)
		}
	}
}

// plain writes s, escaping what Markdown would read as markup outside code
// spans. lineStart says whether s begins a line, where list markers,
// headings and quotes would start.
func (w *Writer) plain(out *bytes.Buffer, s string, lineStart bool) {
	if lineStart && !w.inCode {
		trimmed := strings.TrimLeft(s, " ")
		out.WriteString(s[:len(s)-len(trimmed)])
		s = trimmed
		if startsBlock(s) {
			out.WriteString(`\`)
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '`':
			w.inCode = !w.inCode
		case w.inCode:
		case c == '\\', c == '*', c == '<', c == '[':
			out.WriteByte('\\')
		case c == '_' && !(i > 0 && isWord(s[i-1]) && i+1 < len(s) && isWord(s[i+1])):
			// An underscore inside a word (ARG_ERROR) is no emphasis.
			out.WriteByte('\\')
		}
		out.WriteByte(c)
	}
}

// startsBlock reports whether a line starting with s would open a Markdown
// block: a list item, a heading, a quote, a rule or a setext underline.
func startsBlock(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '-', '+', '*', '#', '>', '=':
		return true
	}
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	return i > 0 && i < len(s) && (s[i] == '.' || s[i] == ')')
}

func isWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func (w *Writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}
