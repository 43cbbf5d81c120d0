package lsp

import "strings"

// codeActions returns the quick fixes of the findings that the requested
// range touches. A fix computed on a buffer that has changed since is
// withdrawn: its positions may no longer be the finding's.
func (s *Server) codeActions(p codeActionParams) []codeAction {
	actions := []codeAction{}
	if len(p.Context.Only) > 0 && !onlyAllows(p.Context.Only) {
		return actions
	}
	path, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return actions
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	pub := s.published[path]
	if pub == nil || !s.current(path, pub.version) {
		return actions
	}
	for _, f := range pub.findings {
		if !overlaps(f.diag.Range, p.Range) {
			continue
		}
		for i, fx := range f.fixes {
			if edit, ok := s.edit(fx); ok {
				actions = append(actions, codeAction{
					Title: fx.title, Kind: quickFix, Diagnostics: []diagnostic{f.diag},
					IsPreferred: i == 0, Edit: edit, // a finding's first fix is the one it suggests first
				})
			}
		}
	}
	return actions
}

// current reports whether the buffer of path is still the version an
// analysis read (nil: the file on disk, no buffer open). s.mu is held.
func (s *Server) current(path string, version *int) bool {
	doc, open := s.docs[path]
	if version == nil {
		return !open
	}
	return open && !doc.lost && doc.version == *version
}

// edit is fx as a workspace edit: versioned documentChanges when the editor
// takes them, changes otherwise; ok is false when a file it edits has
// changed since. s.mu is held.
func (s *Server) edit(fx fix) (_ workspaceEdit, ok bool) {
	var edit workspaceEdit
	for _, fe := range fx.edits {
		if !s.current(fe.path, fe.version) {
			return workspaceEdit{}, false
		}
		uri := uriOf(fe.path)
		if s.docChanges {
			edit.DocumentChanges = append(edit.DocumentChanges, textDocumentEdit{
				TextDocument: optionalVersionedTextDocumentIdentifier{URI: uri, Version: fe.version},
				Edits:        fe.edits,
			})
		} else {
			if edit.Changes == nil {
				edit.Changes = map[string][]textEdit{}
			}
			edit.Changes[uri] = append(edit.Changes[uri], fe.edits...)
		}
	}
	return edit, true
}

func onlyAllows(kinds []string) bool {
	for _, k := range kinds {
		if k == quickFix || strings.HasPrefix(quickFix, k+".") {
			return true
		}
	}
	return false
}

func before(a, b position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position; an empty range
// touches the positions at its ends.
func overlaps(a, b lspRange) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}
