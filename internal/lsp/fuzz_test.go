package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fuzzSeeds are well-formed and malformed streams: a session, and the
// malformed messages of TestProtocolErrors.
func fuzzSeeds() []string {
	session := framed(initializeReq) +
		framed(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
		framed(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///m/main.go","languageId":"go","version":1,"text":"package main\n"}}}`) +
		framed(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///m/main.go","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":8},"end":{"line":0,"character":12}},"text":"x"}]}}`) +
		framed(fmt.Sprintf(codeActionReq, 2)) +
		framed(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`) +
		framed(`{"jsonrpc":"2.0","method":"exit"}`)
	return []string{
		session,
		framed(`{"jsonrpc":"2.0","id":2,"method":`),
		framed(`[]`),
		framed(`{"jsonrpc":"2.0","id":{"n":4},"method":"shutdown"}`),
		framed(`{"jsonrpc":"2.0","id":6}`),
		framed(`{"jsonrpc":"2.0","id":"x","result":null}`),
		"Content-Length: ten\r\n\r\n{}",
		"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
		"this is no header\r\n\r\n{}" + framed(initializeReq),
		"Content-Type: x\r\n\r\n{}" + framed(initializeReq),
		"Content-Length: 10\r\n\r\n" + framed(initializeReq),
		"X-A: b\ncontent-length: 2\n\n{}",
	}
}

// FuzzReader splits arbitrary input into messages and decodes each: no
// panic, every body is the input's, the reader always moves on, and every
// error it answers with encodes.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newReader(bytes.NewReader(data))
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("more than %d reads of %d bytes: the reader does not move on", i, len(data))
			}
			body, err := r.read()
			if _, bad := err.(*framingError); bad {
				continue
			}
			if err != nil {
				break
			}
			if !bytes.Contains(data, body) {
				t.Fatalf("a body %q that is not in the input", body)
			}
			m, id, rerr := decode(body)
			switch {
			case rerr != nil:
				if m != nil {
					t.Fatalf("decode(%q) returned a message and an error", body)
				}
				if id != nil && !validID(id) {
					t.Fatalf("decode(%q) answers with id %s", body, id)
				}
				if rerr.Code != codeParseError && rerr.Code != codeInvalidRequest {
					t.Fatalf("decode(%q): code %d", body, rerr.Code)
				}
				if _, err := json.Marshal(map[string]any{"id": id, "error": rerr}); err != nil {
					t.Fatalf("decode(%q): the error reply does not encode: %v", body, err)
				}
			case m != nil:
				if !json.Valid(body) || m.id != nil && !validID(m.id) {
					t.Fatalf("decode(%q) = %+v", body, m)
				}
				if m.params != nil && !json.Valid(m.params) {
					t.Fatalf("decode(%q): params %q", body, m.params)
				}
			}
		}
	})
}

// FuzzServe runs the server on arbitrary input (analyses are never due):
// it returns when the input ends, and all it writes are framed JSON-RPC 2.0
// messages, each a response to an integer or string id (null for the
// messages it could not read) or a notification.
func FuzzServe(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s := New(nil, "fuzz")
		s.SaveDelay, s.ChangeDelay = time.Hour, time.Hour
		var out bytes.Buffer
		done := make(chan struct{})
		go func() {
			s.Serve(context.Background(), pipeRW{bytes.NewReader(data), nopCloser{&out}})
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Serve did not return when its input ended")
		}
		checkOutput(t, out.Bytes())
	})
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// checkOutput checks that out is framed JSON-RPC 2.0 messages.
func checkOutput(t *testing.T, out []byte) {
	t.Helper()
	for len(out) > 0 {
		head, rest, ok := bytes.Cut(out, []byte("\r\n\r\n"))
		v, isLength := strings.CutPrefix(string(head), "Content-Length: ")
		n, err := strconv.Atoi(v)
		if !ok || !isLength || err != nil || n > len(rest) {
			t.Fatalf("the server wrote a malformed header: %q", head)
		}
		body := rest[:n]
		out = rest[n:]
		var m map[string]json.RawMessage
		if err := json.Unmarshal(body, &m); err != nil || string(m["jsonrpc"]) != `"2.0"` {
			t.Fatalf("the server wrote %q", body)
		}
		id, isResponse := m["id"]
		_, isNotification := m["method"]
		_, hasResult := m["result"]
		_, hasError := m["error"]
		switch {
		case isNotification && !isResponse:
		case isResponse && hasResult != hasError && (string(id) == "null" || validID(id)):
		default:
			t.Fatalf("the server wrote %s: neither a response nor a notification", body)
		}
	}
}
