// Package okless writes an envelope with no ok, whose keys are omitempty,
// beside values with some of the envelope's keys that are no output of
// the program.
package okless

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
)

// Envelope is the program's output: data, error and meta, no ok.
type Envelope struct { // want `envelope type Envelope has no ok: an agent reads a response's outcome from ok first and finds none here; it also lacks "warnings" \(the contract's envelope carries ok, data, error, warnings and meta in every response\); add an ok field`
	Data  any    `json:"data,omitempty"`  // want `field Data of envelope type Envelope is tagged "data,omitempty": a failure \(or an empty result\) has no data key`
	Error *Error `json:"error,omitempty"` // want `field Error of envelope type Envelope is tagged "error,omitempty": a success has no error key`
	Meta  any    `json:"meta,omitempty"`  // want `field Meta of envelope type Envelope is tagged "meta,omitempty"`
}

// Error is the envelope's error object: its omitempty is its own.
type Error struct {
	Code    string `json:"code"`
	Details any    `json:"details,omitempty"`
}

func printJSON(v any) error { return json.NewEncoder(os.Stdout).Encode(v) }

// Fail writes the failure's envelope.
func Fail(code string) { _ = printJSON(Envelope{Error: &Error{Code: code}}) }

// Success writes a success's envelope.
func Success(data any) { _ = printJSON(Envelope{Data: data}) }

// One has one of the envelope's keys.
type One struct {
	Data any `json:"data,omitempty"`
}

// Document is a server's reply, decoded and printed again.
type Document struct {
	Data  any `json:"data,omitempty"`
	Meta  any `json:"meta,omitempty"`
	Links any `json:"links,omitempty"`
}

// GraphQL has data and errors, not error.
type GraphQL struct {
	Data   any   `json:"data,omitempty"`
	Errors []any `json:"errors,omitempty"`
}

// Served is written only by an HTTP handler.
type Served struct {
	Data  any    `json:"data,omitempty"`
	Error string `json:"error,omitempty"`
}

// Unwritten is never written.
type Unwritten struct {
	Data  any    `json:"data,omitempty"`
	Error string `json:"error,omitempty"`
}

// Plain is a command's result, written plain in one mode and as the
// envelope's data in another.
type Plain struct {
	Data     any      `json:"data,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

// Run writes the program's outputs.
func Run(r io.Reader, agent bool) {
	_ = printJSON(One{})
	var doc Document
	_ = json.NewDecoder(r).Decode(&doc)
	_ = printJSON(doc)
	_ = printJSON(GraphQL{})
	_ = Unwritten{}
	p := Plain{Data: 1}
	if agent {
		Success(p)
		return
	}
	_ = printJSON(p)
}

func serve(w http.ResponseWriter, _ *http.Request) { json.NewEncoder(w).Encode(Served{}) }

var _ = serve
