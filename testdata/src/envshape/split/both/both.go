// Package both has two envelope types with the same keys: a v1 and a v2
// of one shape, no split between success and failure.
package both

import (
	"encoding/json"
	"os"
)

type V1 struct {
	OK    bool `json:"ok"`
	Data  any  `json:"data"`
	Error any  `json:"error"`
}

type V2 struct {
	OK       bool     `json:"ok"`
	Data     any      `json:"data"`
	Error    any      `json:"error"`
	Warnings []string `json:"warnings"`
}

func Print(v2 bool) {
	if v2 {
		_ = json.NewEncoder(os.Stdout).Encode(V2{Warnings: []string{}})
		return
	}
	_ = json.NewEncoder(os.Stdout).Encode(V1{})
}
