package view // the first file, where the report on the package is // want `EnumsInView=true EnvelopesInView=true Runtime=exitcode\.Code \(14 members\)`

import (
	"encoding/json"
	"io"
	"net/http"
)

// Served is written only by an HTTP handler: a server's reply. Its tags
// give it the envelope's shape, so the result names it, but nothing that
// writes it is part of a run (OutsideRun), and no check reports there.
type Served struct { // want `Envelope Served: json ok=OK factories=\[Run\] tagged; builders \[Run\] marked=false inferred Run ambiguous=false`
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

func serve(w http.ResponseWriter, s Served) { // want `Envelope Served: json ok=OK factories=\[Run\] tagged` `InHome=true InFactory=\[Loose\]`
	json.NewEncoder(w).Encode(s)
}

// Closed is written through a closure that hands its parameter to the
// encoder.
type Closed struct { // want `Envelope Closed: json ok=OK factories=\[closed\] written tagged; builders \[closed\] marked=false inferred closed ambiguous=false`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

func emitAll(data any) { // want `InHome=true InFactory=\[Loose\]`
	emit := func(v any) { json.Marshal(v) }
	emit(data)
}

func closed() { // want `InHome=true InFactory=\[Closed Loose\]`
	emitAll(Closed{}) // want `Envelope Closed: json ok=OK factories=\[closed\] written tagged`
}

// Incoming has the shape and is decoded through a helper: another
// service's reply, no envelope.
type Incoming struct { // no report: no envelope
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

func decodeInto(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) } // want `InHome=true InFactory=\[Loose\]`

func receive(r io.Reader) Incoming { // want `InHome=true InFactory=\[Loose\]`
	var in Incoming
	decodeInto(r, &in)
	return in
}

// commands is a command table: its handlers' output is the program's.
var commands = map[string]func(){ // want `Envelope=false`
	"status": func() { json.Marshal(map[string]any{"ok": true}) }, // want `Envelope=true`
}
