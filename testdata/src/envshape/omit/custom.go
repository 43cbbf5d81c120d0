package omit

import (
	"encoding/json"
	"os"
)

// Custom decides its shape in MarshalJSON: its tags are not what is written.
type Custom struct {
	OK   bool `json:"ok"`
	Data any  `json:"data,omitempty"`
}

func (c Custom) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]any{"ok": c.OK, "data": c.Data, "error": nil, "warnings": []string{}, "meta": map[string]any{}})
}

func WriteCustom(c Custom) { _ = json.NewEncoder(os.Stdout).Encode(c) }
