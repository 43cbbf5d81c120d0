// Package plainhome declares an envelope and marks no factory: the whole
// package is its home.
package plainhome

import (
	"encoding/json"
	"os"
)

type Reply struct {
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

func build(data any) Reply { return Reply{OK: data != nil, Data: data} }

func buildMap(data any) map[string]any { return map[string]any{"ok": true, "data": data} }

func alloc() *Reply { return new(Reply) }

func write(r *Reply) { json.NewEncoder(os.Stdout).Encode(r) }

func writeMap(data any) { json.NewEncoder(os.Stdout).Encode(buildMap(data)) }
