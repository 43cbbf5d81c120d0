// Package view writes model's types and its own envelope; the contractview
// analyzer reports what the contract pass's result says of each type,
// constant, literal and function.
package view

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/exitlint/exitlint/exitcode"

	"cases/passes/contract/model"
)

// Out is view's envelope: fail and respond build it, and respond derives
// ok from an exit code, so it is the factory.
type Out struct { // want `Envelope Out: json ok=OK factories=\[respond\] written tagged; builders \[fail respond\] marked=false inferred respond ambiguous=false`
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

// Loose is built by two functions that derive nothing: no factory.
type Loose struct { // want `Envelope Loose: json ok=OK factories=\[\] written tagged; builders \[looseA looseB\] marked=false inferred none ambiguous=true`
	OK    bool   `json:"ok"`
	Error string `json:"error"`
}

func respond(c exitcode.Code, data any) Out { // want `Enum Code: exitlint \[ArgError AuthRequired Conflict GeneralError NotFound PartialFailure PaymentRequired PermissionDenied Precondition RateLimited Redirected Success Timeout Unavailable\] \[3 8 6 1 5 2 9 7 4 11 13 0 10 12\] \(EnumOf agrees: true\)` `Envelope Out: json ok=OK factories=\[respond\] written tagged` `InHome=true InFactory=\[Out Loose\]`
	return Out{OK: c == exitcode.Success, Data: data} // want `Envelope Out: json ok=OK factories=\[respond\] written tagged` `IsMember Success`
}

func fail() Out { // want `Envelope Out: json ok=OK factories=\[respond\] written tagged` `InHome=true InFactory=\[Loose\]`
	return Out{} // want `Envelope Out: json ok=OK factories=\[respond\] written tagged`
}

func looseA() *Loose { return &Loose{OK: true} } // want `Envelope Loose: json ok=OK factories=\[\] written tagged` `Envelope Loose: json ok=OK factories=\[\] written tagged` `InHome=true InFactory=\[Loose\]`

func looseB() *Loose { return new(Loose) } // want `Envelope Loose: json ok=OK factories=\[\] written tagged` `Envelope Loose: json ok=OK factories=\[\] written tagged` `InHome=true InFactory=\[Loose\]`

// alias is a constant of model's enum declared here: no member.
const alias = model.Invalid // want `IsMember Invalid`

// write writes model.Result; it names model.Untagged (no json tag, written
// nowhere), model.Tagged (tagged, written nowhere), model.Item (held in a
// slice) and model.Reply (decoded) without writing them.
func write(r model.Result, u model.Untagged, t model.Tagged, i model.Item, rep model.Reply, b model.Batch, s model.Status) { // want `Envelope Result: json ok=OK factories=\[\] tagged` `Envelope Tagged: json ok=Success factories=\[\] tagged` `Enum Status: directive \[Failed Invalid OK\] \[1 3 0\] \(EnumOf agrees: true\)` `InHome=true InFactory=\[Loose\]`
	model.Print(respond(exitcode.Success, nil)) // want `IsMember Success`
	model.Print(fail())
	json.Marshal(looseA())
	json.Marshal(looseB())
	model.Print(r)
	_, _, _, _ = u, t, i, rep
	model.Print(b)
	model.Print(s == model.Invalid || s == alias) // want `IsMember Invalid`
}

// Literals: maps and anonymous structs with the envelope's keys are
// envelopes where they are written.
func literals() { // want `InHome=true InFactory=\[Loose\]`
	json.Marshal(map[string]any{"ok": true, "data": 1}) // want `Envelope=true`
	m := map[string]any{"ok": false}                    // want `Envelope=true`
	model.Print(m)
	model.Print(result())
	icons := map[string]string{"ok": "✓", "error": "✗"} // want `Envelope=false`
	fmt.Println(icons)
	json.Marshal(struct {
		OK   bool `json:"ok"`
		Data any  `json:"data"`
	}{true, 1}) // want `Envelope=true`
}

func result() map[string]any { // want `InHome=true InFactory=\[Loose\]`
	return map[string]any{"ok": true} // want `Envelope=true`
}

// Run reaches the package's functions: only what a run of the program
// reaches writes its output.
func Run() { // want `InHome=true InFactory=\[Served Loose\]`
	write(model.Result{}, model.Untagged{}, model.Tagged{}, model.Item{}, model.Reply{}, model.Batch{}, model.Invalid) // want `Envelope Result: json ok=OK factories=\[\] tagged` `Envelope Tagged: json ok=Success factories=\[\] tagged` `IsMember Invalid`
	literals()
	closed()
	receive(nil)
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { serve(w, Served{}) }) // want `Envelope Served: json ok=OK factories=\[Run\] tagged`
	_ = commands
}
