// Package peer reuses the program's envelope type in an HTTP server and in
// an MCP tool server. What a handler writes is the peer's reply, in a
// protocol with no exit code: no envelope of the program's run. The
// command line writes the same type to stdout, and there it is.
package peer

import (
	"context"
	"encoding/json"
	"net/http"
	"os"

	"cases/contract/mcp"
)

// Response is the program's envelope.
type Response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error,omitempty"`
}

// respond is the factory.
//
//exitlint:factory
func respond(data any, err error) Response {
	if err != nil {
		return Response{Error: err.Error()}
	}
	return Response{OK: true, Data: data}
}

// Main is the command line: the envelope goes to stdout.
func Main(args []string) {
	json.NewEncoder(os.Stdout).Encode(respond(args, nil))
	json.NewEncoder(os.Stdout).Encode(Response{OK: true, Data: args}) // want `a composite literal of envelope type peer.Response builds the response envelope outside its factory`
}

// writeJSON answers an HTTP request.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func handleGet(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, Response{OK: true, Data: r.URL.Path})
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "data": r.URL.Path})
}

// Writer is a framework's response writer: it embeds http.ResponseWriter.
type Writer interface {
	http.ResponseWriter
	Status() int
}

func handleFramework(w Writer) {
	json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "not found"})
}

// Server holds the writer of the request it answers.
type Server struct{ w http.ResponseWriter }

func (s *Server) fail(msg string) {
	json.NewEncoder(s.w).Encode(map[string]any{"ok": false, "error": msg})
}

// toolResult marshals a value into a tool result's text.
func toolResult(v any) (*mcp.CallToolResult, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

func handleTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	b, _ := json.Marshal(Response{OK: true, Data: req.Name})
	return mcp.NewToolResultText(string(b)), nil
}

// Serve registers the handlers.
func Serve(srv *mcp.Server) {
	http.HandleFunc("/get", handleGet)
	srv.AddTool("get", handleTool)
	srv.AddTool("list", func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return toolResult(map[string]any{"ok": true, "data": []string{req.Name}})
	})
	s := &Server{}
	s.fail("x")
}

var _ = handleFramework

