package envelopes // want package:`contract\(enums=false envelopes=true\)`

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
)

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

// Health has an ok field but no data or error: a partial envelope, one
// only beside a whole one, and this package does not write it.
type Health struct { // want Health:`envelope\(json ok=OK factory=respond partial unwritten\)`
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

// Unwritten has the envelope's names, but this package never writes it: an
// envelope only where another package writes it.
type Unwritten struct { // want Unwritten:`envelope\(json ok=OK factory=respond unwritten\)`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// Spelled names its ok "success", as some programs do.
type Spelled struct { // want Spelled:`envelope\(json ok=Success factory=respond\)`
	Success bool `json:"success"`
	Data    any  `json:"data"`
}

// Both has ok and success: ok is the envelope's ok.
type Both struct { // want Both:`envelope\(json ok=OK factory=respond unwritten\)`
	Success bool `json:"success"`
	OK      bool `json:"ok"`
	Data    any  `json:"data"`
}

// Reply is another service's answer, decoded through a helper: no envelope.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

// Served is a server's reply, written only by an HTTP handler: written,
// but not as the program's output.
type Served struct { // want Served:`envelope\(json ok=OK factory=respond unwritten\)`
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

func printJSON(v any) error { return json.NewEncoder(os.Stdout).Encode(v) } // want printJSON:`json\(writes 0 reads \)`

func show(prefix string, v any) error { return printJSON(v) } // want show:`json\(writes 1 reads \)`

func decode(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) } // want decode:`json\(writes  reads 1\)`

func write(r Response, l *Loose, s Spelled) { // want write:`json\(writes 0,1 reads \)`
	printJSON(r)
	show("", &l)
	_ = json.NewEncoder(os.Stdout).Encode([]Spelled{s})
}

func get(r io.Reader) (*Reply, error) {
	reply := &Reply{}
	err := decode(r, reply)
	return reply, err
}

func serve(w http.ResponseWriter, s Served) { json.NewEncoder(w).Encode(s) }

func parse(b []byte) (ChatReply, error) {
	var r ChatReply
	err := json.Unmarshal(b, &r)
	return r, err
}

//exitlint:factory
func respond(ok bool) Response { return Response{OK: ok} }

var _ = Hidden{ok: true}

// A run calls the writer: code nothing calls writes nothing.
var _ = write
