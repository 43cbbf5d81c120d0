// Package payload writes each command's result map as plain JSON, and in
// agent mode as the data of its factory-built envelope: the result's
// "success" is a field of the payload, not the envelope's ok. A map that
// has an ok but no data or error is the envelope only where nothing puts
// it as an envelope's data.
package payload

import (
	"encoding/json"
	"os"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Envelope is the program's envelope, spelled with "success".
type Envelope struct {
	Success bool   `json:"success"`
	Data    any    `json:"data"`
	Error   string `json:"error,omitempty"`
}

// newEnvelope is the factory.
//
//exitlint:factory
func newEnvelope(code exitcode.Code, data any) Envelope {
	return Envelope{Success: code == exitcode.Success, Data: data}
}

var agent = os.Getenv("AGENT") != ""

// print writes a result: plain, or wrapped in the envelope for agents.
func print(v any) {
	if agent {
		json.NewEncoder(os.Stdout).Encode(newEnvelope(exitcode.Success, v))
		return
	}
	json.NewEncoder(os.Stdout).Encode(v)
}

// Sync's result is wrapped as data in agent mode: a payload.
func Sync(n int) {
	print(map[string]any{"success": true, "synced": n})
}

// Prune prints its result in one mode and wraps it in the other, in place.
func Prune(n int) {
	result := map[string]any{"success": true, "pruned": n}
	if agent {
		json.NewEncoder(os.Stdout).Encode(newEnvelope(exitcode.Success, result))
		return
	}
	json.NewEncoder(os.Stdout).Encode(result)
}

// Version writes its map only plain, beside the program's envelope: an
// envelope built by hand.
func Version() {
	json.NewEncoder(os.Stdout).Encode(map[string]any{"success": true, "version": "1.0"}) // want `a map literal with the envelope's keys "success" built by hand`
}

// Nest wraps a whole envelope map as data: a second envelope built by hand,
// wrapped or not.
func Nest(id string) {
	print(map[string]any{"success": true, "data": id}) // want `a map literal with the envelope's keys "success", "data" built by hand`
}

// Runtime wraps its result with exitlint's factory in agent mode.
func Runtime(start time.Time, n int) {
	result := map[string]any{"ok": true, "count": n}
	if agent {
		env, _ := envelope.New(start, exitcode.Success, result, nil)
		json.NewEncoder(os.Stdout).Encode(env)
		return
	}
	json.NewEncoder(os.Stdout).Encode(result)
}
