// Package jsonrpc2 is a stand-in for sourcegraph/jsonrpc2: JSON-RPC 2.0
// connections over a stream.
package jsonrpc2

import (
	"context"
	"io"
)

// ObjectStream reads and writes JSON-RPC messages.
type ObjectStream interface{}

// Handler handles requests.
type Handler interface{}

// Conn is a JSON-RPC connection.
type Conn struct{}

// DisconnectNotify is closed when the peer disconnects.
func (c *Conn) DisconnectNotify() <-chan struct{} { return nil }

// NewBufferedStream frames messages on rwc.
func NewBufferedStream(rwc io.ReadWriteCloser, codec any) ObjectStream { return nil }

// NewConn serves h over stream.
func NewConn(ctx context.Context, stream ObjectStream, h Handler) *Conn { return &Conn{} }
