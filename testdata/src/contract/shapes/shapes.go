package shapes // want package:`contract\(enums=false envelopes=true\)`

// Envelopes spelled in the ways programs spell them, and the helpers that
// write them or wrap their data.

import (
	"encoding/json"
	"os"
)

// Success spells ok as a status that says success or error.
type Success struct { // want Success:`envelope\(json ok=Status status\)`
	Status string `json:"status"`
	Data   any    `json:"data"`
}

// Job's status is a state: no envelope.
type Job struct {
	Status string `json:"status"`
	Error  string `json:"error"`
}

// Report has an ok but neither data nor error: partial, an envelope only
// beside a whole one with the same ok.
type Report struct { // want Report:`envelope\(json ok=OK partial\)`
	OK     bool   `json:"ok"`
	Checks []any  `json:"checks"`
	Note   string `json:"note"`
}

// Item is held in a list: written, but not as the output itself.
type Item struct { // want Item:`envelope\(json ok=OK partial unwritten\)`
	OK bool `json:"ok"`
}

func printJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) } // want printJSON:`json\(writes 0 reads \)`

// success puts its parameter as an envelope's data.
func success(data any) Success { return Success{Status: "success", Data: data} } // want success:`json\(writes  reads  wraps 0\)`

// respond writes its data plain or wrapped.
func respond(v any, wrap bool) { // want respond:`json\(writes 0 reads  wraps 0\)`
	if wrap {
		printJSON(success(v))
		return
	}
	printJSON(v)
}

// Write writes them.
func Write(job Job, r Report, items []Item) { // want Write:`json\(writes 0,1,2 reads \)`
	printJSON(job)
	job.Status = "running"
	printJSON(r)
	printJSON(items)
	respond(job.Error, true)
	printJSON(Success{Status: "error"})
}
