package lsp

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// document is an open buffer.
type document struct {
	version int
	text    []byte
	// lost is set when a change could not be applied: the buffer is open
	// but the server does not know its text until the next whole-text
	// change, so the file is analyzed as it is on disk and no fix is
	// offered for it.
	lost bool
}

// didOpen takes the text of a buffer the editor opened and analyzes its
// package.
func (s *Server) didOpen(p didOpenParams) *rpcError {
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return nil // not a file: nothing exitlint can analyze
	}
	s.mu.Lock()
	s.docs[path] = document{version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.mu.Unlock()
	s.schedule(path, s.SaveDelay)
	return nil
}

// didChange applies an edit of a buffer and analyzes its package again
// once the editor pauses. A change that cannot be applied leaves the
// buffer's text unknown until the editor sends the whole of it.
func (s *Server) didChange(p didChangeParams) *rpcError {
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return nil
	}
	s.mu.Lock()
	doc, open := s.docs[path]
	text := doc.text
	for _, c := range p.ContentChanges {
		if text, err = applyChange(text, c, open && !doc.lost); err != nil {
			break
		}
	}
	if err != nil {
		s.docs[path] = document{version: p.TextDocument.Version, lost: true}
	} else {
		s.docs[path] = document{version: p.TextDocument.Version, text: text}
	}
	s.mu.Unlock()
	s.schedule(path, s.ChangeDelay)
	if err != nil {
		return &rpcError{codeInvalidParams, fmt.Sprintf("%s: %v; the file is analyzed as it is on disk, with no fixes, until the editor sends its whole text", p.TextDocument.URI, err)}
	}
	return nil
}

// didSave analyzes the saved file's package, or every package when the
// file is a config file. A text sent with the save is the buffer's.
func (s *Server) didSave(p didSaveParams) *rpcError {
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return nil
	}
	if p.Text != nil {
		s.mu.Lock()
		if doc, ok := s.docs[path]; ok {
			s.docs[path] = document{version: doc.version, text: []byte(*p.Text)} // known again, if it was lost
		}
		s.mu.Unlock()
	}
	if s.isConfig(path) {
		s.reanalyzeAll()
		return nil
	}
	s.schedule(path, s.SaveDelay)
	return nil
}

// didClose forgets a buffer and analyzes its package as it is on disk.
func (s *Server) didClose(p didCloseParams) *rpcError {
	if path, err := pathOf(p.TextDocument.URI); err == nil {
		s.mu.Lock()
		delete(s.docs, path)
		s.mu.Unlock()
		s.schedule(path, s.SaveDelay) // the file as it is on disk
	}
	return nil
}

// applyChange applies one change of a buffer's text: the whole text, or a
// range of it in UTF-16 positions.
func applyChange(text []byte, c contentChange, open bool) ([]byte, error) {
	if c.Range == nil {
		return []byte(c.Text), nil
	}
	if !open {
		return nil, errors.New("a ranged change of a buffer that was not opened")
	}
	start, err := offsetOf(text, c.Range.Start)
	if err != nil {
		return nil, err
	}
	end, err := offsetOf(text, c.Range.End)
	if err != nil {
		return nil, err
	}
	if end < start {
		return nil, fmt.Errorf("a change's range ends (%d:%d) before it starts (%d:%d)", c.Range.End.Line, c.Range.End.Character, c.Range.Start.Line, c.Range.Start.Character)
	}
	out := make([]byte, 0, len(text)-(end-start)+len(c.Text))
	out = append(append(append(out, text[:start]...), c.Text...), text[end:]...)
	return out, nil
}

// offsetOf is the byte offset of an LSP position in text.
func offsetOf(text []byte, p position) (int, error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", p.Line, p.Character)
	}
	off := 0
	for range p.Line {
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			return 0, fmt.Errorf("position %d:%d is past the buffer's last line", p.Line, p.Character)
		}
		off += i + 1
	}
	for units := 0; units < p.Character; {
		if off >= len(text) || text[off] == '\n' {
			return off, nil // past the end of the line: its end, as the protocol says
		}
		r, size := utf8.DecodeRune(text[off:])
		units += max(utf16.RuneLen(r), 1)
		off += size
	}
	return off, nil
}
