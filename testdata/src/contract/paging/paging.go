package paging // want package:`contract\(enums=false envelopes=true\)`

// paging fetches a listing page by page from a server in an open loop and
// writes the run's envelope once, with the last page's cursor. A page is a
// reply the program reads from a server it called, not a request it
// answers: the envelope built from its fields, and by a function that
// takes a page, stays the run's envelope.

import (
	"encoding/json"
	"net/http"
	"os"
)

// Envelope is the run's envelope.
type Envelope struct { // want Envelope:`envelope\(json ok=OK\)`
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error"`
	Next  string `json:"next"`
}

type page struct {
	Items []string `json:"items"`
	Next  string   `json:"next"`
}

func emit(e Envelope) { json.NewEncoder(os.Stdout).Encode(e) } // want emit:`json\(writes 0 reads \)`

// List reads every page, then writes the envelope once.
func List(url string) error {
	var all []string
	var last page
	for {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		var p page
		err = json.NewDecoder(resp.Body).Decode(&p)
		resp.Body.Close()
		if err != nil {
			return err
		}
		all = append(all, p.Items...)
		last = p
		if p.Next == "" {
			break
		}
		url = p.Next
	}
	emit(Envelope{OK: true, Data: all, Next: last.Next})
	return nil
}

// Render writes one page as the run's result.
func Render(p page) {
	emit(Envelope{OK: true, Data: p.Items})
}
