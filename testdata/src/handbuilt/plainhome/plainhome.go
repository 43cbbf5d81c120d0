// Package plainhome declares an envelope and marks no factory, and two of
// its functions build it, neither from an exit code: which is the factory
// is asked once.
package plainhome

import (
	"encoding/json"
	"os"
)

type Reply struct { // want `envelope type Reply is built in 2 functions of its package \(alloc, build\), none of them marked as its factory: the contract has one factory`
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

func build(data any) Reply { return Reply{OK: data != nil, Data: data} }

func buildMap(data any) map[string]any { return map[string]any{"ok": true, "data": data} }

func alloc() *Reply { return new(Reply) }

func write(r *Reply) { json.NewEncoder(os.Stdout).Encode(r) }

func writeMap(data any) { json.NewEncoder(os.Stdout).Encode(buildMap(data)) }

// A run calls the writers: code nothing calls writes nothing.
var _ = []any{write, writeMap}
