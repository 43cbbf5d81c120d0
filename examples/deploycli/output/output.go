// Package output is deploycli's response envelope and its factory.
package output

import (
	"encoding/json"
	"io"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the envelope every command writes to stdout.
type Response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error *Error `json:"error,omitempty"` // envshape: a success has no error key
}

// Error is the envelope's error object.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Write is the factory: it derives ok from the exit code.
//
//exitlint:factory
func Write(w io.Writer, code exitcode.Code, data any, e *Error) error {
	return json.NewEncoder(w).Encode(Response{OK: code == exitcode.Success, Data: data, Error: e})
}

// WriteOK lets its caller decide ok. derivedok: ok must follow from the exit
// code, even inside the factory's package.
func WriteOK(w io.Writer, ok bool, data any) error {
	return json.NewEncoder(w).Encode(Response{OK: ok, Data: data})
}

// Log is where WriteOK writes deploy records; a command may point it at a
// file.
var Log io.Writer = io.Discard
