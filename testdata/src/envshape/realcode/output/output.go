// Package output is the shape of basecamp-cli's and larksuite's envelopes:
// a success type whose data and meta are omitempty, and an error type
// beside it.
package output

import (
	"encoding/json"
	"io"
)

// Response is the success envelope for JSON output.
type Response struct {
	OK          bool           `json:"ok"`
	Data        any            `json:"data,omitempty"` // want `field Data of envelope type Response is tagged "data,omitempty"`
	Summary     string         `json:"summary,omitempty"`
	Breadcrumbs []string       `json:"breadcrumbs,omitempty"`
	Meta        map[string]any `json:"meta,omitempty"` // want `field Meta of envelope type Response is tagged "meta,omitempty"`
	Entity      string         `json:"-"`
}

// ErrorResponse is the error envelope for JSON output.
type ErrorResponse struct { // want `envelope type ErrorResponse is a second shape beside Response`
	OK    bool           `json:"ok"`
	Error string         `json:"error"`
	Code  string         `json:"code"`
	Hint  string         `json:"hint,omitempty"`
	Meta  map[string]any `json:"meta,omitempty"` // want `field Meta of envelope type ErrorResponse is tagged "meta,omitempty"`
}

// Writer writes either.
type Writer struct{ W io.Writer }

func (w *Writer) OK(data any) error {
	return json.NewEncoder(w.W).Encode(Response{OK: true, Data: data})
}

func (w *Writer) Err(err error, code string) error {
	return json.NewEncoder(w.W).Encode(ErrorResponse{OK: false, Error: err.Error(), Code: code})
}
