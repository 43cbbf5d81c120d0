// Package warnings builds its envelope in several factories, some of which
// leave warnings nil, which encodes as null.
package warnings

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the program's envelope.
type Response struct {
	OK       bool     `json:"ok"`
	Data     any      `json:"data"`
	Error    any      `json:"error"`
	Warnings []string `json:"warnings"`
	Meta     struct{} `json:"meta"`
}

func write(r Response) { _ = json.NewEncoder(os.Stdout).Encode(r) }

func Nil(code exitcode.Code, data any) {
	write(Response{OK: code == exitcode.Success, Data: data}) // want `this Response leaves its Warnings nil and nothing sets it later: it encodes as "warnings": null`
}

func ExplicitNil(code exitcode.Code) {
	write(Response{OK: code == exitcode.Success, Warnings: nil}) // want `field Warnings of envelope type Response is set to nil`
}

func Empty(code exitcode.Code) {
	write(Response{OK: code == exitcode.Success, Warnings: []string{}})
}

func Assigned(code exitcode.Code, ws []string) {
	r := Response{OK: code == exitcode.Success}
	r.Warnings = ws
	write(r)
}

func Appended(code exitcode.Code, ws []string) {
	r := Response{OK: code == exitcode.Success}
	for _, w := range ws {
		r.Warnings = append(r.Warnings, w)
	}
	write(r)
}

func addWarnings(r *Response) { r.Warnings = []string{"deprecated flag"} }

func HandedOn(code exitcode.Code) {
	r := Response{OK: code == exitcode.Success}
	addWarnings(&r)
	write(r)
}

func Variable(code exitcode.Code, ws []string) {
	write(Response{OK: code == exitcode.Success, Warnings: ws})
}

func Unkeyed(ws []string) {
	write(Response{true, nil, nil, ws, struct{}{}})
}

// Status carries warnings as a string: no list to be null.
type Status struct {
	OK       bool   `json:"ok"`
	Data     any    `json:"data"`
	Warnings string `json:"warnings"`
}

func WriteStatus(code exitcode.Code) {
	_ = json.NewEncoder(os.Stdout).Encode(Status{OK: code == exitcode.Success})
}
