// Package split writes success and failure with two envelope types, the
// shape seed 004's ADR chose and the contract forbids.
package split

import (
	"encoding/json"
	"os"
)

// Response is the success envelope.
type Response struct {
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

// ErrorResponse is the failure envelope: a second shape.
type ErrorResponse struct { // want `envelope type ErrorResponse is a second shape beside Response \(split.go:11\): Response has data but no error, ErrorResponse has error but no data`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Code  string `json:"code"`
}

// Version is the ok alone beside the whole envelope: handbuilt's and
// derivedok's business, no second shape of the two.
type Version struct {
	OK      bool   `json:"ok"`
	Version string `json:"version"`
}

func Print(v any) { _ = json.NewEncoder(os.Stdout).Encode(v) }

func Main(err error) {
	if err != nil {
		Print(ErrorResponse{OK: false, Error: err.Error(), Code: "FAILED"})
		return
	}
	Print(Response{OK: true, Data: 1})
	Print(Version{OK: true, Version: "1"})
}
