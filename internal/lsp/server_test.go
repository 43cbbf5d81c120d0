package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestURIs(t *testing.T) {
	path := filepath.FromSlash("/work/my module/main.go")
	uri := uriOf(path)
	if uri != "file:///work/my%20module/main.go" {
		t.Errorf("uriOf = %s", uri)
	}
	back, err := pathOf(uri)
	if err != nil || back != path {
		t.Errorf("pathOf(%s) = %q, %v; want %q", uri, back, err, path)
	}
	if _, err := pathOf("untitled:Untitled-1"); err == nil {
		t.Error("an untitled buffer has no file path")
	}
}

func TestOverlaps(t *testing.T) {
	r := func(l1, c1, l2, c2 int) lspRange {
		return lspRange{Start: position{l1, c1}, End: position{l2, c2}}
	}
	for _, tc := range []struct {
		a, b lspRange
		want bool
	}{
		{r(3, 10, 3, 11), r(3, 10, 3, 11), true},
		{r(3, 10, 3, 11), r(3, 0, 3, 0), false},  // the cursor at the start of the line
		{r(3, 10, 3, 11), r(3, 11, 3, 11), true}, // the cursor right after the finding
		{r(3, 10, 3, 11), r(0, 0, 9, 0), true},   // the whole file
		{r(3, 10, 3, 11), r(4, 0, 4, 5), false},
		{r(2, 5, 4, 1), r(3, 0, 3, 0), true}, // inside a multi-line finding
	} {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
	}
}

func TestOnlyAllows(t *testing.T) {
	if !onlyAllows([]string{"quickfix"}) || onlyAllows([]string{"refactor"}) || !onlyAllows([]string{"source", "quickfix"}) {
		t.Error("onlyAllows")
	}
}

// pipeRW is the server's end of two pipes.
type pipeRW struct {
	io.Reader
	io.WriteCloser
}

// rawEditor writes raw bytes to a server and reads its framed messages.
type rawEditor struct {
	t    *testing.T
	in   chan string // written in order, then the input is closed
	msgs chan map[string]json.RawMessage
	done chan bool // Serve's result
}

func startRaw(t *testing.T, s *Server) *rawEditor {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	e := &rawEditor{t: t, in: make(chan string, 100), msgs: make(chan map[string]json.RawMessage, 100), done: make(chan bool, 1)}
	go func() {
		for raw := range e.in {
			if _, err := inW.Write([]byte(raw)); err != nil {
				break // the server stopped reading
			}
		}
		inW.Close()
	}()
	go func() {
		e.done <- s.Serve(context.Background(), pipeRW{inR, outW})
		outW.Close()
	}()
	go func() { // the editor's reader: a framing of its own, not the server's
		defer close(e.msgs)
		br := bufio.NewReader(outR)
		for {
			length := -1
			for {
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				line = strings.TrimRight(line, "\r\n")
				if line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					length, _ = strconv.Atoi(v)
				}
			}
			if length < 0 {
				t.Errorf("the server sent a header without Content-Length")
				return
			}
			body := make([]byte, length)
			if _, err := io.ReadFull(br, body); err != nil {
				t.Errorf("the server's message was cut short: %v", err)
				return
			}
			var m map[string]json.RawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("the server sent a body that is not a JSON object: %s", body)
				return
			}
			if string(m["jsonrpc"]) != `"2.0"` {
				t.Errorf("the server's message lacks jsonrpc 2.0: %s", body)
			}
			e.msgs <- m
		}
	}()
	t.Cleanup(func() { inR.Close(); outR.Close() })
	return e
}

// send writes raw bytes as they are, after what was sent before.
func (e *rawEditor) send(raw string) { e.in <- raw }

// close ends the server's input once what was sent is written.
func (e *rawEditor) close() { close(e.in) }

// framed frames body as the protocol wants.
func framed(body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
}

// next returns the server's next reply, skipping its notifications (its
// log).
func (e *rawEditor) next(what string) map[string]json.RawMessage {
	e.t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case m, ok := <-e.msgs:
			if !ok {
				e.t.Fatalf("%s: the server ended its output without a reply", what)
			}
			if _, notification := m["method"]; notification {
				continue
			}
			return m
		case <-timeout:
			e.t.Fatalf("%s: no reply from the server in 5s", what)
		}
	}
}

// wantError checks that the next reply is an error with code and id.
func (e *rawEditor) wantError(what string, code int, id string) {
	e.t.Helper()
	m := e.next(what)
	var rerr struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if err := json.Unmarshal(m["error"], &rerr); err != nil || rerr.Code != code || string(m["id"]) != id {
		e.t.Errorf("%s: reply %s; want error %d with id %s", what, compact(m), code, id)
		return
	}
	if _, hasResult := m["result"]; hasResult {
		e.t.Errorf("%s: an error reply with a result: %s", what, compact(m))
	}
	if len(rerr.Message) < 20 {
		e.t.Errorf("%s: error message %q does not say what is wrong", what, rerr.Message)
	}
}

// wantResult checks that the next reply answers id with a result.
func (e *rawEditor) wantResult(what, id string) json.RawMessage {
	e.t.Helper()
	m := e.next(what)
	result, ok := m["result"]
	if !ok || string(m["id"]) != id || m["error"] != nil {
		e.t.Fatalf("%s: reply %s; want a result for id %s", what, compact(m), id)
	}
	return result
}

func compact(m map[string]json.RawMessage) string {
	b, _ := json.Marshal(m)
	return string(b)
}

const (
	initializeReq = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`
	codeActionReq = `{"jsonrpc":"2.0","id":%d,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///nowhere/main.go"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}}`
)

// TestProtocolErrors sends the server every kind of malformed message: each
// is answered as JSON-RPC 2.0 says (a notification never is), and the server
// answers the request that follows.
func TestProtocolErrors(t *testing.T) {
	e := startRaw(t, New(nil, "test"))
	e.send(framed(initializeReq))
	e.wantResult("initialize", "1")

	id := 100
	alive := func(after string) {
		t.Helper()
		id++
		e.send(framed(fmt.Sprintf(codeActionReq, id)))
		if got := e.wantResult("a request after "+after, strconv.Itoa(id)); string(got) != "[]" {
			t.Errorf("codeAction after %s = %s; want []", after, got)
		}
	}
	for _, tc := range []struct {
		name, raw string
		code      int
		id        string // of the error reply; "" for no reply
	}{
		{"invalid JSON", framed(`{"jsonrpc":"2.0","id":2,"method":`), -32700, "null"},
		{"not JSON at all", framed(`hello`), -32700, "null"},
		{"an empty batch", framed(`[]`), -32600, "null"},
		{"a batch", framed("[" + fmt.Sprintf(codeActionReq, 3) + "]"), -32600, "null"},
		{"a string", framed(`"initialize"`), -32600, "null"},
		{"an object as id", framed(`{"jsonrpc":"2.0","id":{"n":4},"method":"shutdown"}`), -32600, "null"},
		{"an array as id", framed(`{"jsonrpc":"2.0","id":[5],"method":"shutdown"}`), -32600, "null"},
		{"a fraction as id", framed(`{"jsonrpc":"2.0","id":5.5,"method":"shutdown"}`), -32600, "null"},
		{"no method", framed(`{"jsonrpc":"2.0","id":6}`), -32600, "6"},
		{"a number as method", framed(`{"jsonrpc":"2.0","id":"seven","method":7}`), -32600, `"seven"`},
		{"no jsonrpc member", framed(`{"id":8,"method":"shutdown"}`), -32600, "8"},
		{"jsonrpc 1.0", framed(`{"jsonrpc":"1.0","id":9,"method":"shutdown"}`), -32600, "9"},
		{"a string as params", framed(`{"jsonrpc":"2.0","id":10,"method":"textDocument/codeAction","params":"x"}`), -32600, "10"},
		{"params of the wrong shape", framed(`{"jsonrpc":"2.0","id":11,"method":"textDocument/codeAction","params":{"range":"all"}}`), -32602, "11"},
		{"an unknown method", framed(`{"jsonrpc":"2.0","id":12,"method":"workspace/nothing"}`), -32601, "12"},
		{"a $/ request", framed(`{"jsonrpc":"2.0","id":13,"method":"$/nothing"}`), -32601, "13"},
		{"an unknown notification", framed(`{"jsonrpc":"2.0","method":"workspace/nothing","params":{}}`), 0, ""},
		{"a notification with bad params", framed(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":"x"}`), 0, ""},
		{"a change before its buffer is opened", framed(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///nowhere/main.go","version":2},"contentChanges":[{"range":{"start":{"line":5,"character":0},"end":{"line":5,"character":0}},"text":"x"}]}}`), 0, ""},
		{"a $/cancelRequest", framed(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}`), 0, ""},
		{"a response", framed(`{"jsonrpc":"2.0","id":14,"result":null}`), 0, ""},
		{"a second initialize", framed(`{"jsonrpc":"2.0","id":15,"method":"initialize","params":{}}`), -32600, "15"},
		{"a non-numeric Content-Length", "Content-Length: ten\r\n\r\n{}", -32700, "null"},
		{"a negative Content-Length", "Content-Length: -2\r\n\r\n{}", -32700, "null"},
		{"a huge Content-Length", "Content-Length: 99999999999999999999\r\n\r\n{}", -32700, "null"},
		{"no Content-Length", "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}", -32700, "null"},
		{"a garbage header line", "this is no header\r\n\r\n{}", -32700, "null"},
		{"two Content-Lengths", "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", -32700, "null"},
		{"a header line of 5000 bytes", "X-Junk: " + strings.Repeat("x", 5000) + "\r\n\r\n{}", -32700, "null"},
		{"a header of 70000 bytes", strings.Repeat("X-Junk: "+strings.Repeat("x", 1000)+"\r\n", 70) + "\r\n{}", -32700, "null"},
	} {
		e.send(tc.raw)
		if tc.id != "" {
			e.wantError(tc.name, tc.code, tc.id)
		}
		alive(tc.name)
	}

	// A Content-Length that is too short: the message is cut, its rest is
	// taken for a header, and the server finds the next message all the same.
	body := fmt.Sprintf(codeActionReq, 16)
	e.send(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)-30, body))
	e.send(framed(fmt.Sprintf(codeActionReq, 17)))
	e.wantError("a Content-Length too short", -32700, "null")
	e.wantError("the rest of the cut message", -32700, "null")
	e.wantResult("the message after a Content-Length too short", "17")

	// Unknown headers are allowed; "\n" alone ends header lines too.
	e.send(fmt.Sprintf("X-Editor: test\ncontent-length: %d\n\n%s", len(fmt.Sprintf(codeActionReq, 20)), fmt.Sprintf(codeActionReq, 20)))
	e.wantResult("a message with an unknown header and bare newlines", "20")

	// None of the bad messages shut the server down: shutdown and exit do.
	e.send(framed(`{"jsonrpc":"2.0","id":18,"method":"shutdown"}`))
	if got := e.wantResult("shutdown", "18"); string(got) != "null" {
		t.Errorf("shutdown's result = %s; want null", got)
	}
	e.send(framed(`{"jsonrpc":"2.0","id":19,"method":"textDocument/codeAction","params":{}}`))
	e.wantError("a request after shutdown", -32600, "19")
	e.send(framed(`{"jsonrpc":"2.0","method":"exit"}`))
	select {
	case clean := <-e.done:
		if !clean {
			t.Error("Serve after shutdown and exit = false; want true")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the server did not stop on exit")
	}
}

// TestStreamEnds checks that the server stops, and says it was not shut
// down, when the stream ends: between messages, inside a header, inside a
// body whose Content-Length is more than the editor sent, and while it
// skips a malformed header.
func TestStreamEnds(t *testing.T) {
	for name, raw := range map[string]string{
		"between messages":    framed(initializeReq),
		"inside a header":     framed(initializeReq) + "Content-Len",
		"inside a body":       framed(initializeReq) + "Content-Length: 100\r\n\r\n{\"jsonrpc\"",
		"after a bad header":  framed(initializeReq) + "garbage\r\n\r\n{}",
		"after a bad message": framed(initializeReq) + framed("{"),
	} {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			e := startRaw(t, New(nil, "test"))
			e.send(raw)
			e.wantResult("initialize", "1")
			e.close()
			select {
			case clean := <-e.done:
				if clean {
					t.Error("Serve = true for a stream that ended without shutdown")
				}
			case <-time.After(5 * time.Second):
				t.Fatal("the server did not stop when its input ended")
			}
		})
	}
}

func TestApplyChange(t *testing.T) {
	text := []byte("package main\n\n// héllo 𝄞 x\nfunc main() {}\n")
	r := func(l1, c1, l2, c2 int) *lspRange {
		return &lspRange{Start: position{l1, c1}, End: position{l2, c2}}
	}
	for _, tc := range []struct {
		change contentChange
		want   string // "" for an error
	}{
		{contentChange{Text: "whole"}, "whole"},
		{contentChange{Range: r(0, 8, 0, 12), Text: "x"}, "package x\n\n// héllo 𝄞 x\nfunc main() {}\n"},
		// é is one UTF-16 unit and two bytes; 𝄞 is two units and four bytes.
		{contentChange{Range: r(2, 11, 2, 13), Text: "y"}, "package main\n\n// héllo 𝄞y\nfunc main() {}\n"},
		{contentChange{Range: r(1, 0, 1, 0), Text: "import \"os\"\n"}, "package main\nimport \"os\"\n\n// héllo 𝄞 x\nfunc main() {}\n"},
		{contentChange{Range: r(3, 0, 3, 99), Text: "-"}, "package main\n\n// héllo 𝄞 x\n-\n"}, // past the line's end: its end
		{contentChange{Range: r(9, 0, 9, 0), Text: "-"}, ""},
		{contentChange{Range: r(1, 0, 0, 0), Text: "-"}, ""},
		{contentChange{Range: r(-1, 0, 0, 0), Text: "-"}, ""},
	} {
		got, err := applyChange(text, tc.change, true)
		if tc.want == "" {
			if err == nil {
				t.Errorf("applyChange(%+v) = %q; want an error", tc.change.Range, got)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("applyChange(%+v) = %q, %v; want %q", tc.change.Range, got, err, tc.want)
		}
	}
	if _, err := applyChange(nil, contentChange{Range: r(0, 0, 0, 0)}, false); err == nil {
		t.Error("a ranged change of a buffer never opened applies")
	}
}
