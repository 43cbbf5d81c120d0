// Command mainenv keeps its envelope in package main, as most CLIs do, and
// marks no factory: the one function that derives ok from the exit code is
// inferred to be it, and the others that build the envelope are reported.
package main

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

type response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data,omitempty"`
	Error string `json:"error,omitempty"`
}

func respond(code exitcode.Code, data any, err error) {
	r := response{OK: code == exitcode.Success, Data: data}
	if err != nil {
		r.Error = err.Error()
	}
	json.NewEncoder(os.Stdout).Encode(r)
	exitcode.Exit(code)
}

func shortcut(data any) {
	json.NewEncoder(os.Stdout).Encode(response{OK: true, Data: data}) // want `a composite literal of envelope type main.response builds the response envelope outside its factory: build it with its factory main.respond`
}

func main() {
	if len(os.Args) > 1 {
		shortcut(os.Args[1:])
	}
	respond(exitcode.Success, nil, nil)
}
