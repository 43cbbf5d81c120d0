// Package output is the home of the program's envelope.
package output

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Response is the program's envelope.
type Response struct {
	OK    bool   `json:"ok"`
	Data  any    `json:"data"`
	Error string `json:"error,omitempty"`
}

// Positional has ok first, for positional literals.
//
//exitlint:envelope
type Positional struct {
	Ok   bool
	Body any
}

// Write writes envelopes as the program's output.
func Write(r *Response, p Positional) {
	json.NewEncoder(os.Stdout).Encode(r)
	json.NewEncoder(os.Stdout).Encode(p)
}

func succeeded(c exitcode.Code) bool { return c == exitcode.Success }

// Respond derives ok in the ways the contract accepts.
func Respond(code exitcode.Code, data any) []Response {
	ok := code == exitcode.Success
	var viaVar bool = code.IsSuccess()
	both := ok && viaVar
	r := Response{Data: data}
	r.OK = code == exitcode.Success
	return []Response{
		{OK: code == exitcode.Success, Data: data},
		{OK: code.IsSuccess()},
		{OK: succeeded(code)},
		{OK: ok},
		{OK: viaVar},
		{OK: both},
		{OK: exitcode.Code(0) == code},
		r,
	}
}

// RespondBool lets its callers decide ok: the factory's home is no excuse.
func RespondBool(ok bool, data any, err error) []any {
	r := &Response{Data: data}
	r.OK = ok // want `assigning r.OK sets ok of envelope output.Response by hand: derive it from the exit code \(ok is true exactly when the code is SUCCESS\), so that ok and the exit code cannot disagree`
	var later bool
	later = err == nil
	mixed := err == nil
	mixed = true
	escaped := true
	flip(&escaped)
	return []any{
		Response{OK: true},         // want `OK: true sets ok of envelope output.Response by hand`
		&Response{OK: err == nil},  // want `OK: err == nil sets ok of envelope output.Response by hand`
		Response{OK: later},        // want `OK: later sets ok`
		Response{OK: mixed},        // want `OK: mixed sets ok`
		Response{OK: escaped},      // want `OK: escaped sets ok`
		Positional{false, data},    // want `Ok: false sets ok of envelope output.Positional by hand`
		Positional{Body: data},     // ok not set: the zero value is the factory's business
		map[string]any{"ok": true}, // a map: the handbuilt check's business
	}
}

func flip(b *bool) { *b = !*b }
