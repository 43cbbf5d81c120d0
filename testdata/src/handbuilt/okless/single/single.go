// Package single writes an envelope with no ok ({schema, kind, data,
// warnings}) from the one function that builds it, in the package that
// declares it: nothing is built by hand.
package single

import (
	"encoding/json"
	"io"
)

type envelope struct {
	Schema   string   `json:"schema"`
	Kind     string   `json:"kind"`
	Data     any      `json:"data"`
	Warnings []string `json:"warnings,omitempty"`
}

func writeJSON(out io.Writer, data any, warnings []string) error {
	return json.NewEncoder(out).Encode(envelope{Schema: "v1", Kind: "x", Data: data, Warnings: warnings})
}

// Run is the program's run.
func Run(out io.Writer) int {
	if err := writeJSON(out, map[string]string{"version": "1"}, nil); err != nil {
		return 1
	}
	return 0
}
