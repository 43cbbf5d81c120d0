// Package one has one envelope type with both keys: one shape.
package one

import (
	"encoding/json"
	"os"
)

// Success is written for successes only.
type Success struct {
	Success bool `json:"success"`
	Data    any  `json:"data"`
}

// Whole has data and error: its shape holds success and failure.
type Whole struct {
	Success bool `json:"success"`
	Data    any  `json:"data"`
	Error   any  `json:"error"`
}

func Print(v any) {
	_ = json.NewEncoder(os.Stdout).Encode(Success{Success: true, Data: v})
}
