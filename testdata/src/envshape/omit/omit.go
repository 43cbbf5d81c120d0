// Package omit holds an envelope whose tags let encoding/json leave the
// envelope's keys out, beside structs whose omitempty is theirs to choose.
package omit

import (
	"encoding/json"
	"io"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the program's envelope.
type Response struct {
	OK       bool       `json:"ok,omitempty"`       // want `field OK of envelope type Response is tagged "ok,omitempty": a failure's envelope has no ok at all`
	Data     any        `json:"data,omitempty"`     // want `field Data of envelope type Response is tagged "data,omitempty": a failure \(or an empty result\) has no data key`
	Error    *ErrDetail `json:"error,omitempty"`    // want `field Error of envelope type Response is tagged "error,omitempty": a success has no error key, where the contract writes null; an agent reads a response without error as malformed`
	Warnings []string   `json:"warnings,omitempty"` // want `field Warnings of envelope type Response is tagged "warnings,omitempty"`
	Meta     Meta       `json:"meta,omitzero"`      // want `field Meta of envelope type Response is tagged "meta,omitzero": a response with empty meta has no meta key`
	Summary  string     `json:"summary,omitempty"`  // a key of the program's own
}

// ErrDetail's optional members may be left out.
type ErrDetail struct {
	Code       string `json:"code"`
	Message    string `json:"message"`
	Detail     string `json:"detail,omitempty"`
	RetryAfter *int   `json:"retry_after,omitempty"`
}

// Meta's optional members may be left out.
type Meta struct {
	DurationMS int64  `json:"duration_ms"`
	Cursor     string `json:"cursor,omitempty"`
}

// Write is the factory.
//
//exitlint:factory
func Write(w io.Writer, code exitcode.Code, data any, e *ErrDetail) error {
	return json.NewEncoder(w).Encode(Response{OK: code == exitcode.Success, Data: data, Error: e, Warnings: []string{}})
}

// Reply models another service's answer: it is decoded, never written.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

// Item is one entry of a batch's result: held in a list, it is data.
type Item struct {
	ID    string `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

// Result is a command's result with its own error text, written as data.
type Result struct {
	Name     string   `json:"name"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

func Main() {
	var r Reply
	_ = json.NewDecoder(os.Stdin).Decode(&r)
	_ = Write(os.Stdout, exitcode.Success, []Item{{ID: "a", OK: r.OK}}, nil)
	_ = Write(os.Stdout, exitcode.Success, Result{Name: "x"}, nil)
}
