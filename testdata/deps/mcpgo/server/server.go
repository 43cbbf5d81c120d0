// Package server is a stand-in for mcp-go's server package: an MCP server
// served over the process's standard streams.
package server

import "errors"

var errClosed = errors.New("stdin closed")

// MCPServer is an MCP server.
type MCPServer struct{}

// NewMCPServer returns a server.
func NewMCPServer(name, version string) *MCPServer { return &MCPServer{} }

// ServeStdio serves s over stdin and stdout until the client disconnects.
func ServeStdio(s *MCPServer) error {
	if s == nil {
		return errClosed
	}
	return nil
}
