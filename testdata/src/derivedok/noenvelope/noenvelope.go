// Package noenvelope writes results bare and has no envelope: an ok in a
// result ({ok, checks}, a report struct) is the result's, not an
// envelope's, and nothing the program writes has an ok beside data or
// error.
package noenvelope

import (
	"encoding/json"
	"os"
)

type report struct {
	OK     bool   `json:"ok"`
	Config string `json:"config"`
}

func emit(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// Doctor writes its report.
func Doctor(err error) {
	r := report{OK: true}
	if err != nil {
		r.OK = false
	}
	emit(r)
	emit(map[string]any{"ok": err == nil, "checks": []string{"config"}})
}
