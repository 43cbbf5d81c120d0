package model // want package:`contract\(enums=true envelopes=true\)`

// model declares output types that other packages write, an enum, a helper
// that writes JSON and a reply model it decodes.

import (
	"encoding/json"
	"io"
	"os"
)

// Status is the program's own enum.
//
//exitlint:enum
type Status int // want Status:`exitEnum\(directive: Failed Invalid OK\)`

const (
	OK      Status = 0
	Failed  Status = 1
	Invalid Status = 3
)

// Three is an untyped 3, no member.
const Three = 3

// Result has the envelope's shape with a json-tagged ok; model never
// writes it.
type Result struct { // want Result:`envelope\(json ok=OK unwritten\)`
	OK   bool `json:"ok"`
	Data any  `json:"data,omitempty"`
}

// Untagged has the shape with no tags, and is written nowhere here.
type Untagged struct { // want Untagged:`envelope\(json ok=OK unwritten\)`
	OK    bool
	Error string
}

// Tagged has the shape with a json-tagged ok and is written nowhere: an
// envelope all the same in its own module (Contract.ownTagged).
type Tagged struct { // want Tagged:`envelope\(json ok=Success unwritten\)`
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

// Reply is another service's answer, decoded here: no envelope.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// Item has the shape, and model holds it in a slice: an item of the
// output's data.
type Item struct { // want Item:`envelope\(json ok=OK unwritten\)`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

type Batch struct {
	Items []Item `json:"items"`
}

// Print writes its parameter as the program's JSON output.
func Print(v any) error { // want Print:`json\(writes 0 reads \)`
	return json.NewEncoder(os.Stdout).Encode(v)
}

func Read(r io.Reader) (*Reply, error) {
	var rep Reply
	err := json.NewDecoder(r).Decode(&rep)
	return &rep, err
}
