// Package output declares the program's envelope, which has no ok: data,
// error and meta, written to stdout. Fail, the one function here that
// builds it, writes the failure's envelope and exits: it is no factory to
// build a success with.
package output

import (
	"encoding/json"
	"os"
)

// Envelope is the program's output: two of the envelope's keys make it one.
type Envelope struct {
	Data  any    `json:"data,omitempty"`
	Error *Error `json:"error,omitempty"`
	Meta  *Meta  `json:"meta,omitempty"`
}

// Error is the envelope's error object.
type Error struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// Meta is the envelope's meta.
type Meta struct {
	Status int `json:"status"`
}

// PrintJSON writes v as the program's output.
func PrintJSON(v any) error { return json.NewEncoder(os.Stdout).Encode(v) }

// Print writes an envelope.
func Print(env Envelope) error { return PrintJSON(env) }

// Fail writes the failure's envelope and exits.
func Fail(code, message string) {
	_ = PrintJSON(Envelope{Error: &Error{Code: code, Message: message}}) // in the envelope's home
	os.Exit(1)
}
