// Package peer answers HTTP and MCP requests with the envelope type its
// command line writes: no exit code answers those replies, so their ok is
// the handlers' to set. The command line's ok is checked.
package peer

import (
	"context"
	"encoding/json"
	"net/http"
	"os"

	"cases/contract/mcp"
)

// Reply is the program's envelope, an error beside its ok.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	Data  any    `json:"data,omitempty"`
}

// Main writes the command line's envelope.
func Main(args []string) {
	json.NewEncoder(os.Stdout).Encode(Reply{OK: len(args) > 0, Data: args}) // want `OK: len\(args\) > 0 sets ok of envelope peer.Reply by hand`
}

func handle(w http.ResponseWriter, r *http.Request) {
	resp := Reply{OK: true, Data: r.URL.Path}
	if r.Method != http.MethodGet {
		resp.OK = false
	}
	json.NewEncoder(w).Encode(resp)
}

func tool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	reply := Reply{OK: true, Data: req.Name}
	if req.Name == "" {
		reply.OK = false
	}
	b, err := json.Marshal(reply)
	if err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(string(b)), nil
}

// Serve registers the handlers.
func Serve(srv *mcp.Server) {
	http.HandleFunc("/", handle)
	srv.AddTool("get", tool)
}

// unused would write the envelope, and nothing calls it.
func unused() {
	json.NewEncoder(os.Stdout).Encode(Reply{OK: true})
}
