package envelopes // want package:`contract\(enums=false envelopes=true\)`

import "encoding/json"

// Response has the envelope's JSON names.
type Response struct { // want Response:`envelope\(json ok=OK factory=respond\)`
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error *Error `json:"error"`
}

// Untagged fields match as encoding/json matches them, in any case.
type Loose struct { // want Loose:`envelope\(json ok=Ok factory=respond\)`
	Ok   bool
	Data []byte
}

// Marked by directive although its names differ.
//
//exitlint:envelope
type Custom struct { // want Custom:`envelope\(directive ok=Success factory=respond\)`
	Success bool `json:"ok"`
}

type Error struct {
	Code string `json:"code"`
}

// Health has an ok field but no data or error: no envelope.
type Health struct {
	OK      bool   `json:"ok"`
	Version string `json:"version"`
}

// ChatReply is another service's {ok, error} answer, decoded here: no envelope.
type ChatReply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// Hidden keeps ok unexported and so unencoded: no envelope.
type Hidden struct {
	ok   bool
	Data any `json:"data"`
}

// Skipped tags ok away: no envelope.
type Skipped struct {
	OK   bool `json:"-"`
	Data any  `json:"data"`
}

// Okay is a look-alike name: no envelope.
type Okay struct {
	Okay bool `json:"okay"`
	Data any  `json:"data"`
}

func parse(b []byte) (ChatReply, error) {
	var r ChatReply
	err := json.Unmarshal(b, &r)
	return r, err
}

//exitlint:factory
func respond(ok bool) Response { return Response{OK: ok} }

var _ = Hidden{ok: true}
