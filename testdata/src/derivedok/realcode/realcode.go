// Package realcode holds the shapes real CLIs showed derivedok: an ok field
// of something that is no envelope of the program, beside envelopes whose
// ok is set by hand.
package realcode

import (
	"encoding/json"
	"io"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// Reply models another service's answer, decoded through a helper whose
// parameter is any.
type Reply struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

func decode(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) }

func Get(r io.Reader) (*Reply, error) {
	reply := &Reply{}
	if err := decode(r, reply); err != nil {
		return nil, err
	}
	if reply.Error != "" {
		reply.OK = false // a reply model's field: no finding
	}
	return reply, nil
}

// Result has untagged OK and Error fields and is never written.
type Result struct {
	OK    bool
	Error string
}

func Check() Result { return Result{OK: true} }

// Output spells its ok "success" and is the program's output.
type Output struct {
	Success bool   `json:"success"`
	Data    any    `json:"data,omitempty"`
	Error   string `json:"error,omitempty"`
}

func emit(o Output) { json.NewEncoder(os.Stdout).Encode(o) }

func Succeed(data any) { emit(Output{Success: true, Data: data}) } // want `Success: true sets ok of envelope realcode.Output by hand`

func Fail(err error) {
	o := Output{Error: err.Error()}
	o.Success = false // want `assigning o.Success sets ok of envelope realcode.Output by hand`
	emit(o)
}

// Respond derives success from the code, and so may set it.
func Respond(code exitcode.Code, data any) {
	emit(Output{Success: code == exitcode.Success, Data: data})
	emit(Output{Success: exitcode.Success == code, Data: data})
	emit(Output{Success: !(code != exitcode.Success), Data: data})
}

// Lenient is true at PARTIAL_FAILURE too: not derived.
func Lenient(code exitcode.Code, data any) {
	emit(Output{Success: code == exitcode.Success || code == exitcode.PartialFailure, Data: data}) // want `Success: code == exitcode.Success \|\| code == exitcode.PartialFailure sets ok`
	emit(Output{Success: code != exitcode.GeneralError, Data: data})                               // want `Success: code != exitcode.GeneralError sets ok`
	emit(Output{Success: code == exitcode.PartialFailure, Data: data})                             // want `Success: code == exitcode.PartialFailure sets ok`
	emit(Output{Success: code <= exitcode.PartialFailure, Data: data})                             // want `Success: code <= exitcode.PartialFailure sets ok`
}

func printJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// Maps written as the program's output carry an ok an agent reads, whatever
// their other keys: the program's envelope (Output) spells it "success", so
// of "ok" and "success" the map's ok is "success".
func Compact(n int, errs []error) {
	printJSON(map[string]any{"success": true, "message": "nothing to compact"}) // want `"success": true sets ok of the JSON output written here by hand`
	result := map[string]any{"reset": true, "success": len(errs) == 0}          // want `"success": len\(errs\) == 0 sets ok of the JSON output`
	printJSON(result)
	printJSON(map[string]any{"ok": true, "success": n > 0}) // want `"success": n > 0 sets ok of the JSON output`
}

// A map that is never written, or whose ok is derived, is not reported.
func Quiet(code exitcode.Code) map[string]any {
	printJSON(map[string]any{"ok": code == exitcode.Success, "count": 1})
	return map[string]any{"success": true}
}
