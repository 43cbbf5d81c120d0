// Package maps writes its envelope as map literals, some without all the
// envelope's keys. It declares no envelope type, so it has no factory:
// handbuilt reports each literal as built by hand, naming the keys it
// lacks, and envshape only its null warnings.
package maps

import (
	"encoding/json"
	"net/http"
	"os"
)

func writeJSON(v any) { _ = json.NewEncoder(os.Stdout).Encode(v) }

func Fail(err error, code int) {
	writeJSON(map[string]any{"ok": false, "error": err.Error(), "exit_code": code}) // handbuilt's
}

func Succeed(data any) {
	writeJSON(map[string]any{"ok": true, "data": data}) // handbuilt's
}

func Whole(data any) {
	writeJSON(map[string]any{"ok": true, "data": data, "error": nil, "warnings": []string{}, "meta": map[string]any{"duration_ms": 1}})
}

func NilWarnings(data any) {
	writeJSON(map[string]any{"ok": true, "data": data, "error": nil, "warnings": nil, "meta": map[string]any{}}) // want `the envelope's "warnings" is set to nil: it encodes as "warnings": null`
}

func Anonymous(data any) {
	writeJSON(struct { // handbuilt's
		OK   bool `json:"ok"`
		Data any  `json:"data"`
	}{true, data})
}

// A status nested in the output's data is no envelope.
func Nested(err error) {
	check := map[string]any{"ok": err == nil, "error": nil}
	writeJSON(map[string]any{"ok": true, "data": map[string]any{"check": check}, "error": nil, "warnings": []string{}, "meta": map[string]any{}})
}

// Icons are never written.
var Icons = map[string]string{"ok": "✓", "error": "✗"}

// A map written to an HTTP peer is its reply.
func Serve(w http.ResponseWriter, _ *http.Request) {
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "not found"})
}
