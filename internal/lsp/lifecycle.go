package lsp

import (
	"context"
	"errors"
	"io"
)

// Serve speaks the protocol on rw until the editor sends exit or the stream
// ends. It reports whether the editor asked for shutdown first, as the
// protocol wants the process's exit status to say.
//
// A message whose header cannot be read is answered with a Parse error (id
// null) and the server reads on from the next Content-Length header; a body
// that is not JSON is a Parse error, and JSON that is no request (a batch,
// an id that is neither an integer nor a string, no method) an Invalid
// Request. The stream ending, inside a message or between two, ends the
// server: nothing more can come.
func (s *Server) Serve(ctx context.Context, rw io.ReadWriteCloser) (clean bool) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.out = &writer{w: rw}
	defer s.stop()
	go s.loop(ctx)
	in := newReader(rw)
	for {
		body, err := in.read()
		var bad *framingError
		switch {
		case errors.As(err, &bad):
			msg := "Parse error: " + bad.msg + "; a message is a Content-Length header, a blank line and that many bytes of JSON (the server skipped to the next Content-Length header)"
			s.logf("exitlint lsp: answered %d: %s", codeParseError, msg)
			if err := s.out.reply(nil, nil, &rpcError{codeParseError, msg}); err != nil {
				s.logf("exitlint lsp: %v; stopping", err)
				return s.isShutdown()
			}
			continue
		case errors.Is(err, io.EOF):
			if !s.isShutdown() {
				s.logf("exitlint lsp: the editor closed the stream without shutdown and exit")
			}
			return s.isShutdown()
		case err != nil:
			s.logf("exitlint lsp: %v; stopping", err)
			return s.isShutdown()
		}
		if !s.dispatch(body) {
			return s.isShutdown()
		}
	}
}

func (s *Server) isShutdown() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shutdown
}

// stop cancels the analysis in progress and anything pending; nothing is
// written after it.
func (s *Server) stop() {
	s.mu.Lock()
	s.stopped = true
	s.cancelAnalyses()
	s.mu.Unlock()
	s.out.close()
}

// cancelAnalyses drops the pending analyses and cancels the running one.
// s.mu is held.
func (s *Server) cancelAnalyses() {
	clear(s.pending)
	if s.running != nil {
		s.running.cancel()
	}
}

// initialize answers the editor's first request with what the server
// does, and notes what the editor can take: versioned document changes in
// a workspace edit, and a request to watch files.
func (s *Server) initialize(m *message) (any, *rpcError) {
	if m.id == nil {
		return nil, &rpcError{codeInvalidRequest, "initialize is a request: it needs an id"}
	}
	s.mu.Lock()
	again := s.initialized
	s.mu.Unlock()
	if again {
		return nil, &rpcError{codeInvalidRequest, "the server is already initialized"}
	}
	var p initializeParams
	if err := params(m, &p); err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.initialized = true
	s.docChanges = p.Capabilities.Workspace.WorkspaceEdit.DocumentChanges
	s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.mu.Unlock()
	return map[string]any{
		"capabilities": map[string]any{
			"textDocumentSync":   map[string]any{"openClose": true, "change": syncFull, "save": map[string]any{"includeText": false}},
			"codeActionProvider": map[string]any{"codeActionKinds": []string{quickFix}},
		},
		"serverInfo": map[string]any{"name": "exitlint", "version": s.version},
	}, nil
}

// shutDown stops analyzing: nothing is published after it.
func (s *Server) shutDown() {
	s.mu.Lock()
	s.shutdown = true
	s.cancelAnalyses()
	s.mu.Unlock()
}
