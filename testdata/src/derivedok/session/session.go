// Package session answers requests read in a loop, one reply each: a
// reply's ok is the request's, and no exit code answers it. The run's
// envelope, written once after a loop that reads stdin for data or once per
// event of a watch, sets its ok by hand, and that is reported.
package session

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
)

// Envelope is the run's envelope.
type Envelope struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

type request struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
}

type reply struct {
	ID    any    `json:"id"`
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

type event struct {
	Kind string `json:"kind"`
	Body string `json:"body"`
}

// Serve answers each request read from in.
func Serve(in io.Reader) {
	enc := json.NewEncoder(os.Stdout)
	dec := json.NewDecoder(in)
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			return
		}
		switch req.Method {
		case "ping":
			enc.Encode(reply{ID: req.ID, OK: true, Data: "pong"})
		case "echo":
			enc.Encode(map[string]any{"id": req.ID, "ok": true, "data": req.Method})
		default:
			resp := reply{OK: false, Error: "unknown method"}
			resp.ID = req.ID
			enc.Encode(resp)
		}
	}
}

// Watch writes the run's envelope once per event it reads: events, not
// replies, whose ok is still set by hand.
func Watch() {
	sc := bufio.NewScanner(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		enc.Encode(Envelope{OK: true, Data: ev.Body}) // want `OK: true sets ok of envelope session.Envelope by hand`
	}
}

// Count reads records from stdin for data, then writes the run's envelope
// once.
func Count() {
	sc := bufio.NewScanner(os.Stdin)
	n := 0
	for sc.Scan() {
		var ev event
		if json.Unmarshal(sc.Bytes(), &ev) == nil && ev.Kind != "" {
			n++
		}
	}
	json.NewEncoder(os.Stdout).Encode(Envelope{OK: n > 0, Data: n})          // want `OK: n > 0 sets ok of envelope session.Envelope by hand`
	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": true, "data": n}) // want `"ok": true sets ok of the JSON output written here by hand`
}
