// Package main has a command mode and two protocol-server modes. An MCP
// server and a language server serve their host over stdin and stdout:
// the host sees the connection close, not a command's status, so their
// exits tell no agent anything. The command's own exits stay reported, in
// the same main.
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/mark3labs/mcp-go/server"
	"github.com/sourcegraph/jsonrpc2"
)

type stdrwc struct {
	io.Reader
	io.Writer
}

func (stdrwc) Close() error { return nil }

// serveMCP is the MCP mode: its exits go to the agent's MCP client, which
// speaks the protocol.
func serveMCP() {
	s := server.NewMCPServer("tool", "1.0")
	if err := server.ServeStdio(s); err != nil {
		log.Fatalf("mcp server: %v", err) // no finding: the MCP host reads the protocol, not the status
	}
}

// langserver is the editor's mode: a flag it refuses, a server that fails
// to start, and the end of the connection all reach only the editor.
func langserver(chdir string) int {
	if chdir != "" {
		fmt.Fprintln(os.Stderr, "cannot use --chdir with --langserver")
		return 1 // no finding: the editor started the server
	}
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(stdrwc{os.Stdin, os.Stdout}, nil), nil)
	<-conn.DisconnectNotify()
	return 0
}

// relay builds a JSON-RPC connection over a file, not the standard
// streams: a client of another server, whose exit is the command's.
func relay(path string) {
	f, err := os.Open(path)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	conn := jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(f, nil), nil)
	<-conn.DisconnectNotify()
}

func main() {
	switch os.Args[1] {
	case "mcp":
		serveMCP()
		return
	case "lsp":
		os.Exit(langserver(os.Getenv("CHDIR")))
	case "relay":
		relay(os.Args[2])
		return
	}
	// The command mode, in the same main as the dispatch to the servers.
	if _, err := os.Stat(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
