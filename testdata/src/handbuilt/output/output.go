// Package output is the home of the program's envelope; Respond is its
// factory.
package output

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the program's envelope (recognised by its JSON names).
type Response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error *Error `json:"error"`
}

// Error is the envelope's error object.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Respond is the factory.
//
//exitlint:factory
func Respond(code exitcode.Code, data any) *Response {
	r := &Response{OK: code == exitcode.Success, Data: data}
	_ = map[string]any{"ok": r.OK, "data": data}
	return r
}

// Write writes an envelope as the program's output.
func Write(r *Response) error { return json.NewEncoder(os.Stdout).Encode(r) }

// Shortcut is in the envelope's home but is no factory.
func Shortcut(data any) Response {
	return Response{Data: data} // want `a composite literal of envelope type output.Response builds the response envelope outside its factory: build it with its factory output.Respond`
}

func mapOutsideFactory() {
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": true, "error": nil}) // want `a map literal with the envelope's keys "ok", "error" built by hand`
}

// A run calls it: code nothing calls writes nothing.
var _ = mapOutsideFactory
