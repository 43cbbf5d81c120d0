package cmd

import (
	"encoding/json"
	"net/http"
	"os"

	"cases/handbuilt/output"
	"cases/handbuilt/plainhome"

	"github.com/exitlint/exitlint/envelope"
)

// emit writes v as the program's output.
func emit(v any) any {
	json.NewEncoder(os.Stdout).Encode(v)
	return v
}

// H is a named map, as web frameworks declare one.
type H map[string]any

// Health is no envelope: it has ok but neither data nor error.
type Health struct {
	OK      bool   `json:"ok"`
	Version string `json:"version"`
}

// ChatReply models another service's answer, which this package decodes.
type ChatReply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

func bad(data any) []any {
	return []any{
		output.Response{Data: data},                     // want `a composite literal of envelope type output.Response builds the response envelope outside its factory: build it with its factory output.Respond, so that its shape and ok follow from the exit code`
		&output.Response{},                              // want `a composite literal of envelope type output.Response`
		new(output.Response),                            // want `new\(output.Response\) of envelope type output.Response`
		[]output.Response{{Data: 1}},                    // want `a composite literal of envelope type output.Response`
		[]*output.Response{{Data: 1}},                   // want `a composite literal of envelope type output.Response`
		plainhome.Reply{Data: data},                     // want `envelope type plainhome.Reply builds the response envelope outside its factory: build it with one function of package cases/handbuilt/plainhome that derives ok from the exit code, marked //exitlint:factory \(none is marked yet\)`
		envelope.Envelope[int]{},                        // want `a composite literal of envelope.Envelope builds the response envelope by hand: build it with envelope.New`
		new(envelope.Envelope[string]),                  // want `new\(envelope.Envelope\[string\]\) of envelope.Envelope`
		emit(map[string]any{"ok": false, "error": "x"}), // want `a map literal with the envelope's keys "ok", "error" built by hand`
		emit(map[string]any{"ok": true, "data": data}),  // want `a map literal with the envelope's keys "ok", "data" built by hand`
		emit(H{"ok": true, "data": data}),               // want `a map literal with the envelope's keys "ok", "data"`
		emit(struct { // want `an anonymous struct with the envelope's JSON names built by hand`
			OK   bool `json:"ok"`
			Data any  `json:"data"`
		}{true, data}),
	}
}

func good(data any, r *http.Response) []any {
	var reply ChatReply
	_ = json.NewDecoder(r.Body).Decode(&reply)
	var zero output.Response // a declaration builds nothing
	_ = zero
	return []any{
		output.Respond(0, data),
		Health{OK: true, Version: "1"},
		ChatReply{OK: true},
		map[string]any{"okay": true, "data": data},
		map[string]any{"ok": true},
		map[string]any{"ok": true, "version": "1"},
		map[int]any{1: true},
		output.Error{Code: "X"},
		struct {
			OK      bool   `json:"ok"`
			Version string `json:"version"`
		}{true, "1"},
	}
}

// A run calls them: code nothing calls writes nothing.
var _ = []any{bad, good}
