// Package home is the envelope's home: its factory writes the envelope as
// a map, which handbuilt leaves alone, so envshape holds its keys.
package home

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the program's envelope type.
type Response struct {
	OK       bool     `json:"ok"`
	Data     any      `json:"data"`
	Error    any      `json:"error"`
	Warnings []string `json:"warnings"`
	Meta     struct{} `json:"meta"`
}

// Respond is the factory; on failure it writes a map.
//
//exitlint:factory
func Respond(code exitcode.Code, data any, err error) {
	if err != nil {
		_ = json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": code == exitcode.Success, "error": err.Error()}) // want `a map literal written as the response envelope by the envelope's factory lacks "data", "warnings", "meta": an agent looking for data finds no key rather than null`
		return
	}
	_ = json.NewEncoder(os.Stdout).Encode(Response{OK: code == exitcode.Success, Data: data, Warnings: []string{}})
}
