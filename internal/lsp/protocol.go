package lsp

// The part of the Language Server Protocol (3.17) that exitlint's server
// speaks: its base protocol (framing and JSON-RPC 2.0), document sync,
// published diagnostics and quick-fix code actions. Positions count lines
// from 0 and characters in UTF-16 code units.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// The base protocol: each message is a header, a blank line, then the
// body. The header's lines are `Name: value` ended by "\r\n" (a bare "\n" is
// accepted too); Content-Length, the body's size in bytes, is the one header
// the server needs, and other headers (Content-Type) are read and ignored.
const (
	// maxHeaderLine bounds one header line; a longer one is not a header.
	maxHeaderLine = 4096
	// maxHeader bounds a message's whole header.
	maxHeader = 64 << 10
	// maxContentLength bounds one message's body. A whole Go file is sent in
	// one message, so the bound is far above any source file.
	maxContentLength = 256 << 20
)

// framingError is a message whose header cannot be read: the stream is
// still usable from the next Content-Length header on.
type framingError struct{ msg string }

func (e *framingError) Error() string { return e.msg }

// reader splits the editor's stream into message bodies.
type reader struct {
	r      io.Reader
	buf    []byte // read, not yet consumed
	err    error  // the error that ended r, once it has
	resync bool   // after a framing error: skip to the next Content-Length
}

func newReader(r io.Reader) *reader { return &reader{r: r} }

// fill reads at least one more byte onto buf, making room for at least want
// bytes in all (up to 1 MiB at a time). It returns the stream's error once
// the stream has ended and every byte read is in buf.
func (r *reader) fill(want int) error {
	if r.err != nil {
		return r.err
	}
	room := min(max(want-len(r.buf), 4096), 1<<20)
	if cap(r.buf)-len(r.buf) < room {
		grown := make([]byte, len(r.buf), len(r.buf)+room)
		copy(grown, r.buf)
		r.buf = grown
	}
	for range 100 { // a reader may return 0, nil; it may not do so for ever
		n, err := r.r.Read(r.buf[len(r.buf):cap(r.buf)])
		r.buf = r.buf[:len(r.buf)+n]
		if err != nil {
			r.err = err
			if n > 0 {
				return nil
			}
			return err
		}
		if n > 0 {
			return nil
		}
	}
	r.err = io.ErrNoProgress
	return r.err
}

// read returns the next message's body. A *framingError is a header that
// could not be read; the next call skips to the following Content-Length
// header and goes on from there. Any other error ends the stream: io.EOF
// when it ended between messages, an error that says where otherwise.
func (r *reader) read() ([]byte, error) {
	if r.resync {
		if err := r.skipToHeader(); err != nil {
			return nil, err
		}
	}
	length := -1
	pos := 0 // where the header line being read starts in buf
	for {
		i := bytes.IndexByte(r.buf[pos:], '\n')
		if i < 0 || i > maxHeaderLine {
			if len(r.buf)-pos > maxHeaderLine {
				return nil, r.fail(pos, "a header line is longer than %d bytes", maxHeaderLine)
			}
			if err := r.fill(0); err != nil {
				return nil, ended(err, len(r.buf) == 0, "inside a message's header")
			}
			continue
		}
		line := bytes.TrimSuffix(r.buf[pos:pos+i], []byte("\r"))
		next := pos + i + 1
		if len(line) == 0 {
			if pos == 0 { // blank lines between messages
				r.buf = r.buf[next:]
				continue
			}
			r.buf = r.buf[next:]
			if length < 0 {
				r.resync = true
				return nil, &framingError{"a message header without Content-Length"}
			}
			break
		}
		if next > maxHeader {
			return nil, r.fail(pos, "a message header longer than %d bytes", maxHeader)
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok || !isToken(name) {
			return nil, r.fail(pos, "%q is not a header line (Name: value)", clip(line))
		}
		if bytes.EqualFold(name, []byte("Content-Length")) {
			n, err := contentLength(bytes.TrimSpace(value))
			if err != nil {
				return nil, r.fail(pos, "%v", err)
			}
			if length >= 0 && length != n {
				return nil, r.fail(pos, "two Content-Length headers, %d and %d", length, n)
			}
			length = n
		}
		pos = next
	}
	for len(r.buf) < length {
		if err := r.fill(length); err != nil {
			return nil, ended(err, false, fmt.Sprintf("%d bytes into a message of %d", len(r.buf), length))
		}
	}
	body := bytes.Clone(r.buf[:length])
	r.buf = r.buf[length:]
	return body, nil
}

// ended describes the error that ended the stream: io.EOF between
// messages, an error that says where otherwise.
func ended(err error, between bool, where string) error {
	if errors.Is(err, io.EOF) {
		if between {
			return io.EOF
		}
		return fmt.Errorf("the input ended %s", where)
	}
	return fmt.Errorf("reading %s: %w", where, err)
}

// fail drops the header read so far up to the first byte of the bad line
// at pos and returns the framing error; the next read looks for a
// Content-Length header from there on, the bad line's rest included.
func (r *reader) fail(pos int, format string, args ...any) error {
	r.buf = r.buf[min(pos+1, len(r.buf)):]
	r.resync = true
	return &framingError{fmt.Sprintf(format, args...)}
}

var contentLengthName = []byte("content-length:")

// skipToHeader drops input up to the next "Content-Length:" (in any case),
// where the next message's header is taken to start.
func (r *reader) skipToHeader() error {
	for {
		if i := indexFold(r.buf, contentLengthName); i >= 0 {
			r.buf = r.buf[i:]
			r.resync = false
			return nil
		}
		if keep := len(contentLengthName) - 1; len(r.buf) > keep {
			r.buf = append(r.buf[:0], r.buf[len(r.buf)-keep:]...)
		}
		if err := r.fill(0); err != nil {
			if errors.Is(err, io.EOF) {
				return io.EOF
			}
			return fmt.Errorf("reading the input: %w", err)
		}
	}
}

// indexFold is the index of the first match of the lower-case ASCII
// pattern in b, in any case, or -1.
func indexFold(b, lower []byte) int {
	for i := 0; i+len(lower) <= len(b); i++ {
		if bytes.EqualFold(b[i:i+len(lower)], lower) {
			return i
		}
	}
	return -1
}

func contentLength(v []byte) (int, error) {
	if len(v) == 0 {
		return 0, errors.New("an empty Content-Length")
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("Content-Length %q is not a number of bytes", clip(v))
		}
	}
	n, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil || n > maxContentLength {
		return 0, fmt.Errorf("Content-Length %s is more than the server accepts (%d MiB)", clip(v), maxContentLength>>20)
	}
	return int(n), nil
}

// isToken reports whether name is a header name (an HTTP token).
func isToken(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c <= ' ' || c >= 0x7f || bytes.IndexByte([]byte(`"(),/:;<=>?@[\]{}`), c) >= 0 {
			return false
		}
	}
	return true
}

// clip shortens b for an error message.
func clip(b []byte) string {
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

// JSON-RPC 2.0's error codes, and the protocol's.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeNotInitialized = -32002
)

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

// message is a request (id set) or a notification (id nil) from the editor.
type message struct {
	id     json.RawMessage
	method string
	params json.RawMessage // nil when absent or null
}

// decode reads one message body. It returns the message, or the id and
// error to answer with (id nil for null), or neither for a response, which
// the server never waits for.
func decode(body []byte) (m *message, id json.RawMessage, rerr *rpcError) {
	if !json.Valid(body) {
		var v any
		err := json.Unmarshal(body, &v)
		return nil, nil, &rpcError{codeParseError, "Parse error: the message is not JSON: " + describe(err)}
	}
	body = bytes.TrimSpace(body)
	switch body[0] {
	case '{':
	case '[':
		return nil, nil, &rpcError{codeInvalidRequest, "Invalid Request: the Language Server Protocol has no batches; send each message on its own"}
	default:
		return nil, nil, &rpcError{codeInvalidRequest, "Invalid Request: a message is a JSON object, not " + clip(body)}
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, nil, &rpcError{codeInvalidRequest, "Invalid Request: " + describe(err)}
	}
	invalid := func(format string, args ...any) (*message, json.RawMessage, *rpcError) {
		return nil, id, &rpcError{codeInvalidRequest, "Invalid Request: " + fmt.Sprintf(format, args...)}
	}
	rawID, hasID := fields["id"]
	if hasID {
		if !validID(rawID) {
			return invalid("an id is an integer or a string, not %s", clip(rawID))
		}
		id = rawID
	}
	if v := fields["jsonrpc"]; string(v) != `"2.0"` {
		if v == nil {
			return invalid(`the message has no "jsonrpc": "2.0"`)
		}
		return invalid(`"jsonrpc" is %s; the protocol is "2.0"`, clip(v))
	}
	rawMethod, hasMethod := fields["method"]
	if !hasMethod {
		_, result := fields["result"]
		_, failed := fields["error"]
		if hasID && (result || failed) {
			return nil, nil, nil // a response: the server's one request (to watch config files) waits for none
		}
		return invalid(`the message has no "method"`)
	}
	var method string
	if err := json.Unmarshal(rawMethod, &method); err != nil {
		return invalid(`"method" is %s, not a string`, clip(rawMethod))
	}
	params := fields["params"]
	if string(params) == "null" {
		params = nil
	}
	if hasID && len(params) > 0 && params[0] != '{' && params[0] != '[' {
		// A notification's params are checked by its handler: a
		// notification is never answered.
		return invalid(`"params" of %s is %s; it is an object or an array`, method, clip(params))
	}
	return &message{id: id, method: method, params: params}, nil, nil
}

// validID reports whether raw is a JSON string or integer: the protocol's
// request ids.
func validID(raw json.RawMessage) bool {
	switch {
	case len(raw) > 0 && raw[0] == '"':
		var s string
		return json.Unmarshal(raw, &s) == nil
	default:
		_, err := strconv.ParseInt(string(raw), 10, 64)
		return err == nil
	}
}

// describe is a JSON error without Go's package prefix.
func describe(err error) string {
	if err == nil {
		return "invalid JSON"
	}
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%s (at byte %d)", syn.Error(), syn.Offset)
	}
	return err.Error()
}

// writer sends framed messages to the editor, one at a time.
type writer struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
	err    error
}

// send writes v as one message. After close or a failed write, nothing more
// is written and the error that stopped it is returned.
func (w *writer) send(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return errors.New("the server has stopped")
	}
	if w.err != nil {
		return w.err
	}
	msg := append([]byte(fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body))), body...)
	if _, err := w.w.Write(msg); err != nil {
		w.err = fmt.Errorf("writing to the editor: %w", err)
	}
	return w.err
}

func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}

// reply answers the request id (nil for null) with a result or an error.
func (w *writer) reply(id json.RawMessage, result any, rerr *rpcError) error {
	msg := map[string]any{"jsonrpc": "2.0", "id": id}
	if rerr != nil {
		msg["error"] = rerr
	} else {
		msg["result"] = result
	}
	return w.send(msg)
}

// request sends a request; the server reads its answer and does nothing
// with it.
func (w *writer) request(id, method string, params any) error {
	return w.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

func (w *writer) notify(method string, params any) error {
	return w.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}
