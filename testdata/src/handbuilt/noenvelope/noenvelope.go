// Package noenvelope writes every command's result bare, and its errors as
// {error, code} to stderr: no output of it is a response envelope. A
// status with an ok key ({authRequired, ok, note}, a health report
// {ok, checks}) is its result, not an envelope: nothing the program writes
// has an ok beside data or error.
package noenvelope

import (
	"encoding/json"
	"os"
)

// Writer routes command output.
type Writer struct{}

// Emit writes a command's result to stdout.
func (w *Writer) Emit(v any) error { return json.NewEncoder(os.Stdout).Encode(v) }

// AuthStatus exists for uniformity: nothing to log in to.
func AuthStatus(w *Writer) error {
	return w.Emit(map[string]any{"authRequired": false, "ok": true, "note": "public endpoints"})
}

// Doctor reports its checks, each with its own ok.
func Doctor(w *Writer) error {
	checks := []map[string]any{{"name": "auth", "ok": true}}
	return w.Emit(map[string]any{"ok": true, "checks": checks})
}

// EmitError writes a structured error to stderr: an error key, no ok.
func EmitError(code, msg string) {
	json.NewEncoder(os.Stderr).Encode(map[string]any{"error": msg, "code": code})
}
