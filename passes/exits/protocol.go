package exits

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// stdioServers are the calls that serve a protocol over the process's
// standard streams to the host that started it: a Model Context Protocol
// server to an agent's MCP client, a language server to an editor. The
// host speaks the protocol; when the server ends, it sees a closed
// connection and tells its user the server stopped, whatever the status.
// No agent reads that status as a command's result.
var stdioServers = []string{
	"github.com/mark3labs/mcp-go/server.ServeStdio",
	"(*github.com/mark3labs/mcp-go/server.StdioServer).Listen",
	"(*github.com/modelcontextprotocol/go-sdk/mcp.Server).Run",
	"(*github.com/tliron/glsp/server.Server).RunStdio",
}

// stdioConns are the JSON-RPC connection constructors a language server
// is built on: one serves the standard streams when an argument mentions
// os.Stdin or os.Stdout (jsonrpc2.NewConn(ctx, NewBufferedStream(
// rwc{os.Stdin, os.Stdout}, codec), handler)).
var stdioConns = []string{
	"github.com/sourcegraph/jsonrpc2.NewConn",
	"go.lsp.dev/jsonrpc2.NewConn",
	"go.lsp.dev/jsonrpc2.NewStream",
}

// servesProtocol reports whether cur lies in a block that serves a
// protocol over the standard streams (stdioServers, stdioConns), in the
// same function: the exits and codes of that block — before the server
// starts (a flag the server mode refuses) or after it stops — go to the
// host that started the server. A main that serves in one case of its
// dispatch and runs a command in another keeps the command's exits.
func (x *Exemptions) servesProtocol(cur inspector.Cursor) bool {
	if x.protocolBlocks == nil {
		x.protocolBlocks = x.findProtocolBlocks()
	}
	if len(x.protocolBlocks) == 0 {
		return false
	}
	for c := cur; c.Node() != nil; c = c.Parent() {
		if x.protocolBlocks[c.Node()] {
			return true
		}
		if _, ok := c.Node().(*ast.FuncDecl); ok {
			return false
		}
	}
	return false
}

// findProtocolBlocks returns the blocks, case clauses and function bodies
// that directly hold a statement serving a protocol over the standard
// streams. The map is empty, not nil, when there are none.
func (x *Exemptions) findProtocolBlocks() map[ast.Node]bool {
	out := map[ast.Node]bool{}
	if x.ins == nil {
		return out
	}
	for c := range x.ins.Root().Preorder((*ast.CallExpr)(nil)) {
		if !x.servesStdio(c.Node().(*ast.CallExpr)) {
			continue
		}
	up:
		for p := c.Parent(); p.Node() != nil; p = p.Parent() {
			switch p.Node().(type) {
			case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				out[p.Node()] = true
				break up
			case *ast.FuncLit, *ast.FuncDecl:
				break up
			}
		}
	}
	return out
}

// servesStdio reports whether call serves a protocol over the process's
// standard streams.
func (x *Exemptions) servesStdio(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(x.info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	name := fn.FullName()
	if slices.Contains(stdioServers, name) {
		return true
	}
	return slices.Contains(stdioConns, name) && mentionsStdStream(x.info, call)
}

// mentionsStdStream reports whether an argument of call, at any depth,
// is os.Stdin or os.Stdout.
func mentionsStdStream(info *types.Info, call *ast.CallExpr) bool {
	found := false
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if s := analyzerutil.StdStream(info.Uses[sel.Sel]); s == "Stdin" || s == "Stdout" {
					found = true
				}
			}
			return !found
		})
	}
	return found
}
