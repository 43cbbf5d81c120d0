// Package tracker declares a command's JSON output and fills it; the
// command that prints it lives in another package. Its json tags say it is
// meant to be written, and it is declared in the program's own module.
package tracker

import (
	"encoding/json"
	"net/http"
)

// SyncResult is the sync command's output.
type SyncResult struct {
	Success  bool     `json:"success"`
	Error    string   `json:"error,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
}

func Sync(pull func() error) *SyncResult {
	result := &SyncResult{Success: true} // want `Success: true sets ok of envelope tracker.SyncResult by hand`
	if err := pull(); err != nil {
		result.Success = false // want `assigning result.Success sets ok of envelope tracker.SyncResult by hand`
		result.Error = err.Error()
	}
	return result
}

// Status is tagged too, but only an HTTP handler writes it: a server's
// reply.
type Status struct {
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

func serve(w http.ResponseWriter, _ *http.Request) {
	json.NewEncoder(w).Encode(Status{OK: true})
}

// Outcome is untagged: nothing says it is JSON.
type Outcome struct {
	OK    bool
	Error string
}

func check() Outcome { return Outcome{OK: true} }

// Item is a batch's per-item status, held in a slice: an item of the
// output's data, not the output.
type Item struct {
	Input   string `json:"input"`
	Success bool   `json:"success"`
	Error   string `json:"error,omitempty"`
}

func Bulk(inputs []string) []Item {
	out := make([]Item, 0, len(inputs))
	for _, in := range inputs {
		out = append(out, Item{Input: in, Success: in != ""})
	}
	return out
}
