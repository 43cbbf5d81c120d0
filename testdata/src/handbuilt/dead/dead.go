// Command dead declares an envelope and the functions that would write it,
// and never calls them: code nothing calls writes nothing, and the type is
// no envelope of any run. What the program does write is reported.
package main

import (
	"encoding/json"
	"os"
)

type reply struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error,omitempty"`
}

func writeReply(r reply) { json.NewEncoder(os.Stdout).Encode(r) }

func succeed(data any) { writeReply(reply{OK: true, Data: data}) }

func fail(err error) { writeReply(reply{Error: err.Error()}) }

func legacy(data any) {
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": true, "data": data})
}

func main() {
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": true, "data": os.Args}) // want `a map literal with the envelope's keys "ok", "data" built by hand`
}
