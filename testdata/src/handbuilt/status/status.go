// Package status spells its envelope's ok as a status: "ok" or "error".
package status

import (
	"encoding/json"
	"os"
)

func outputJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// Ping writes a status envelope of its own, and fails with another.
func Ping(ms int64) {
	outputJSON(map[string]any{"status": "ok", "total_ms": ms}) // want `a map literal with the envelope's keys "status" built by hand`
}

// PingFail's status says error beside an error: a whole envelope.
func PingFail(reason string) {
	outputJSON(map[string]any{"status": "error", "error": reason}) // want `a map literal with the envelope's keys "status", "error" built by hand`
	os.Exit(1)
}

// Job's status is a state, not an ok: no envelope.
func Job(id string) {
	outputJSON(map[string]any{"status": "running", "data": id, "id": id})
}

// Status is chosen from status words by the command.
func Status(err error) {
	status := "ok"
	if err != nil {
		status = "error"
	}
	outputJSON(map[string]any{"status": status, "data": nil}) // want `a map literal with the envelope's keys "status", "data" built by hand`
}
