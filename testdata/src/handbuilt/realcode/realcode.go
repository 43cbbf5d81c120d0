// Package realcode holds the shapes real CLIs showed handbuilt: values with
// the envelope's keys that are no output of the program, beside the same
// values written as its output.
package realcode

import (
	"encoding/json"
	"io"
	"net/http"
	"os"

	"example.com/chatapi"
)

// Reply models another service's answer, decoded through a helper whose
// parameter is any.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

func decode(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) }

func get(r io.Reader) (*Reply, error) {
	reply := &Reply{OK: true} // decoded into: a reply model, no envelope
	err := decode(r, reply)
	return reply, err
}

// A client library's reply built by a fake server: a server's reply, not
// the program's output.
func fakeServer(w http.ResponseWriter, _ *http.Request) {
	json.NewEncoder(w).Encode(chatapi.Response{Ok: true})
	json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "channel_not_found"})
}

func fakeServerLit() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"ok": true, "data": r.URL.Path})
	}
}

// The same library reply written by the program as its own output is one.
func relay(r io.Reader) {
	var reply chatapi.Response
	chatapi.Decode(r, &reply)                                                               // decoded here: a reply model
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": reply.Ok, "error": reply.Error}) // want `a map literal with the envelope's keys "ok", "error" built by hand \(it lacks "data", "warnings", "meta", which every envelope carries\): build every response`
}

const (
	statusOK    = "ok"
	statusError = "error"
)

// Icon's keys equal "ok" and "error" through constants, and it never
// becomes JSON.
var Icon = map[string]string{statusOK: "✓", statusError: "✗"}

// Written is the same map written as the program's output.
func Written() { printJSON(map[string]string{statusOK: "✓", statusError: "✗"}) } // want `a map literal with the envelope's keys "ok", "error" built by hand`

func printJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// A status object nested inside the program's output is no envelope of
// its own.
func updateCheck(err error) map[string]any {
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}
	}
	return map[string]any{"ok": true, "data": "v1.2.3"}
}

func nested(err error) {
	result := map[string]any{"version": "1"}
	result["update_check"] = updateCheck(err)
	printJSON(result)
}

// A map returned by a function whose result is written is built by hand.
func status(err error) map[string]any {
	return map[string]any{"success": err == nil, "data": nil} // want `a map literal with the envelope's keys "success", "data" built by hand`
}

func printStatus(err error) { printJSON(status(err)) }

// A local variable that is written.
func viaLocal() {
	out := map[string]any{"success": true, "error": nil} // want `a map literal with the envelope's keys "success", "error" built by hand`
	printJSON(out)
}

// A writer that marshals through a closure it calls, as NDJSON printers do.
func printNDJSON(v any) {
	emit := func(item any) { json.NewEncoder(os.Stdout).Encode(item) }
	emit(v)
}

func failure(err error) map[string]any {
	payload := map[string]any{"ok": false, "error": err.Error()} // want `a map literal with the envelope's keys "ok", "error" built by hand`
	return payload
}

// A local variable holding what a function returns, then written.
func watch(err error) {
	failureData := failure(err)
	printNDJSON(failureData)
}

// Command is a command table's entry, as CLIs declare their commands.
type Command struct {
	Name string
	Run  func(args []string) error
}

// Watch's handler lives in a package-level variable and writes its output.
var Watch = Command{Name: "watch", Run: func(args []string) error {
	printJSON(map[string]any{"ok": len(args) > 0, "data": args}) // want `a map literal with the envelope's keys "ok", "data" built by hand`
	return nil
}}

// Serve's handler is an HTTP handler in a package-level variable: a reply.
var Serve = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "data": r.URL.Path})
})

// Any output with an ok, and any with two of the envelope's other keys, is
// an envelope built by hand; a written map with neither is some other
// output.
func outputs(cur string) {
	printJSON(map[string]any{"ok": true, "current_version": cur}) // want `a map literal with the envelope's keys "ok" built by hand`
	printJSON(map[string]any{"data": cur, "meta": nil})           // want `a map literal with the envelope's keys "data", "meta" built by hand`
	printJSON(map[string]any{"schema_version": 1, "data": cur})
	printJSON(map[string]any{"version": cur})
}

// A run calls them: code nothing calls writes nothing.
var _ = []any{get, relay, nested, printStatus, viaLocal, watch, outputs}
