// Package cmd builds the program's envelope, which has no ok, in its
// command handlers, beside values with some of the envelope's keys that
// are no output of the program.
package cmd

import (
	"encoding/json"
	"io"
	"net/http"
	"os"

	"cases/handbuilt/okless/output"
)

func status(id string) error {
	return output.Print(output.Envelope{Data: id}) // want `a composite literal of envelope type output.Envelope builds the response envelope outside its factory: build it with one function of package cases/handbuilt/okless/output that derives ok from the exit code, marked //exitlint:factory \(none is marked yet\), so that its shape is one and the ok it lacks follows from the exit code`
}

func respond(data any, code int) {
	_ = output.Print(output.Envelope{Data: data, Meta: &output.Meta{Status: code}}) // want `a composite literal of envelope type output.Envelope builds the response envelope outside its factory`
}

func printJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// One has one of the envelope's keys: a result of the program's own.
type One struct {
	Data any `json:"data"`
}

// Document is a server's {data, meta, links}, decoded and printed again:
// another service's reply, never the program's envelope.
type Document struct {
	Data  any            `json:"data"`
	Meta  map[string]any `json:"meta"`
	Links map[string]any `json:"links"`
}

// GraphQL's reply has data and errors: "errors" is not the envelope's
// "error".
type GraphQL struct {
	Data   any   `json:"data"`
	Errors []any `json:"errors"`
}

// Served is a server's reply, written only by an HTTP handler.
type Served struct {
	Data  any    `json:"data"`
	Error string `json:"error"`
}

// Unwritten has data and error but is never written.
type Unwritten struct {
	Data  any    `json:"data"`
	Error string `json:"error"`
}

// Item has data and error and is written in a list: an item of a batch.
type Item struct {
	Data  any    `json:"data"`
	Error string `json:"error"`
}

// Page has data and meta and is put as the data of the program's
// envelope: its payload.
type Page struct {
	Data any `json:"data"`
	Meta any `json:"meta"`
}

func lookalikes(r io.Reader, id string) {
	printJSON(One{Data: id})
	var doc Document
	_ = json.NewDecoder(r).Decode(&doc)
	printJSON(Document{Data: doc.Data, Meta: doc.Meta})
	printJSON(GraphQL{Data: id})
	_ = Unwritten{Data: id}
	printJSON([]Item{{Data: id}})
	_ = output.Print(output.Envelope{Data: Page{Data: id, Meta: 1}}) // want `a composite literal of envelope type output.Envelope`
}

// plain writes a page as the output in another mode: still the payload
// the envelope wraps, not a second envelope.
func plain(id string) { printJSON(Page{Data: id}) }

func serve(w http.ResponseWriter, _ *http.Request) {
	json.NewEncoder(w).Encode(Served{Data: "x"})
}

var handlers = []any{status, respond, lookalikes, plain, serve}
