// Package output declares larksuite's envelopes: the success envelope, a
// wrapper of data, is written by the packages that run commands; the error
// envelope is written here.
package output

import (
	"encoding/json"
	"io"
)

// Envelope is the standard success response wrapper.
type Envelope struct {
	OK       bool   `json:"ok"`
	Identity string `json:"identity,omitempty"`
	Data     any    `json:"data,omitempty"` // want `field Data of envelope type Envelope is tagged "data,omitempty"`
	Meta     *Meta  `json:"meta,omitempty"` // want `field Meta of envelope type Envelope is tagged "meta,omitempty"`
}

// ErrorEnvelope is the standard error response wrapper.
type ErrorEnvelope struct { // want `envelope type ErrorEnvelope is a second shape beside Envelope`
	OK    bool       `json:"ok"`
	Error *ErrDetail `json:"error"`
	Meta  *Meta      `json:"meta,omitempty"` // want `field Meta of envelope type ErrorEnvelope is tagged "meta,omitempty"`
}

// ErrDetail describes a structured error.
type ErrDetail struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

// Meta carries optional metadata.
type Meta struct {
	Count int `json:"count,omitempty"`
}

// WriteError writes the error envelope.
func WriteError(w io.Writer, msg string) {
	_ = json.NewEncoder(w).Encode(&ErrorEnvelope{Error: &ErrDetail{Type: "api", Message: msg}})
}

// SyncResult is beads' sync result: an ok and an error but no data, which
// only other packages write (as a result, here): not reported where it is
// declared.
type SyncResult struct {
	Success  bool     `json:"success"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}
