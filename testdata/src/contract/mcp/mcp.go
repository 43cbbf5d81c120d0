// Package mcp stands in for a Model Context Protocol SDK: a tool's handler
// takes a request and returns a result whose text the client reads.
package mcp

import "context"

// CallToolRequest is a client's call of a tool.
type CallToolRequest struct{ Name string }

// CallToolResult is what a tool answers.
type CallToolResult struct {
	Text    string
	IsError bool
}

// NewToolResultText answers with text.
func NewToolResultText(text string) *CallToolResult { return &CallToolResult{Text: text} }

// Handler is a tool's handler.
type Handler func(ctx context.Context, req CallToolRequest) (*CallToolResult, error)

// Server serves tools.
type Server struct{ tools map[string]Handler }

// AddTool registers a tool.
func (s *Server) AddTool(name string, h Handler) {
	if s.tools == nil {
		s.tools = map[string]Handler{}
	}
	s.tools[name] = h
}
