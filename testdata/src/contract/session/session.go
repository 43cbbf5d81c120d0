package session // want package:`contract\(enums=false envelopes=true\)`

// session has a request/response mode over a stream and a batch
// mode beside the run's envelope. A reply echoes the request it answers (its
// id), one per request read in the loop; a batch item's result echoes its
// item. Neither is the run's envelope: no exit code answers one reply, and
// the process's exit ends the session, not the request. Envelope, written
// once after a loop that reads its input for data, is the run's envelope.

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
)

// Envelope is the run's envelope.
type Envelope struct { // want Envelope:`envelope\(json ok=OK factory=Count\)`
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error"`
}

type request struct {
	ID any    `json:"id"`
	Op string `json:"op"`
}

// reply answers one request of the session.
type reply struct {
	ID    any    `json:"id,omitempty"`
	OK    bool   `json:"ok"`
	Data  any    `json:"data,omitempty"`
	Error string `json:"error,omitempty"`
}

type item struct {
	ID   string `json:"id"`
	Path string `json:"path"`
}

// itemResult is one batch item's status, written as an element of a list.
type itemResult struct {
	ID    string `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

// Serve answers the requests read from in, one reply each.
func Serve(in io.Reader, out io.Writer) error {
	enc := json.NewEncoder(out)
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var req request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			enc.Encode(reply{OK: false, Error: err.Error()})
			continue
		}
		enc.Encode(handle(req))
	}
	return sc.Err()
}

func handle(req request) reply {
	if req.Op == "" {
		return reply{ID: req.ID, Error: "no op"}
	}
	r := reply{OK: true, Data: req.Op}
	r.ID = req.ID
	return r
}

// Batch reads items until the input ends and writes their results whole.
func Batch(in io.Reader) {
	dec := json.NewDecoder(in)
	var results []itemResult
	for {
		var it item
		if err := dec.Decode(&it); err != nil {
			break
		}
		results = append(results, itemResult{ID: it.ID, OK: it.Path != ""})
	}
	json.NewEncoder(os.Stdout).Encode(results)
}

// Count reads records from stdin for data, then writes the run's envelope.
func Count() {
	sc := bufio.NewScanner(os.Stdin)
	n := 0
	for sc.Scan() {
		var it item
		if json.Unmarshal(sc.Bytes(), &it) == nil && it.Path != "" {
			n++
		}
	}
	json.NewEncoder(os.Stdout).Encode(Envelope{OK: true, Data: n})
}

type command struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

// answer is what the command mode writes for each command: built by the
// command's handler, whose key is a constant, and by a failure writer the
// loop also calls.
type answer struct {
	Success bool   `json:"success"`
	Type    string `json:"type"`
	Data    any    `json:"data,omitempty"`
	Error   string `json:"error,omitempty"`
}

// Commands answers each command read from stdin.
func Commands() {
	dec := json.NewDecoder(os.Stdin)
	enc := json.NewEncoder(os.Stdout)
	for {
		var cmd command
		if err := dec.Decode(&cmd); err != nil {
			fail(enc, err)
			return
		}
		run(enc, cmd)
	}
}

func run(enc *json.Encoder, cmd command) {
	scan(enc, cmd.Payload)
}

// scan is a helper only the command's handler calls.
func scan(enc *json.Encoder, payload json.RawMessage) {
	enc.Encode(answer{Success: true, Type: "scan", Data: len(payload)})
}

func fail(enc *json.Encoder, err error) {
	enc.Encode(answer{Success: false, Type: "decode", Error: err.Error()})
}
