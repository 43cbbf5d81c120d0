package okless // want package:`contract\(enums=false envelopes=true\)`

// Structs with no ok: two of data, error, warnings and meta make an
// envelope where it is written as the output itself.

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
)

// Envelope is written as the output: an envelope with no ok, and no
// factory (its one builder reads no exit code).
type Envelope struct { // want Envelope:`envelope\(json\)`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

// Report's two keys are warnings and meta.
type Report struct { // want Report:`envelope\(json\)`
	Warnings []string `json:"warnings"`
	Meta     any      `json:"meta"`
}

// One has one key: no envelope.
type One struct {
	Data any `json:"data"`
}

// GraphQL has data and errors: one key.
type GraphQL struct {
	Data   any   `json:"data"`
	Errors []any `json:"errors"`
}

// Document is decoded: a reply model.
type Document struct {
	Data any `json:"data"`
	Meta any `json:"meta"`
}

// Served is written only by an HTTP handler.
type Served struct { // want Served:`envelope\(json unwritten\)`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

// Item is written in a list.
type Item struct { // want Item:`envelope\(json unwritten\)`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

func printJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) } // want printJSON:`json\(writes 0 reads \)`

// Write writes them.
func Write(r io.Reader) {
	printJSON(Envelope{Data: 1})
	printJSON(&Report{})
	printJSON(One{})
	printJSON(GraphQL{})
	var d Document
	_ = json.NewDecoder(r).Decode(&d)
	printJSON(d)
	printJSON([]Item{})
}

func serve(w http.ResponseWriter, _ *http.Request) { json.NewEncoder(w).Encode(Served{}) }

var _ = serve
