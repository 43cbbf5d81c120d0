// Package marked marks its factory.
package marked // want `EnumsInView=false EnvelopesInView=true Runtime=none`

import "encoding/json"

type Env struct { // want `Envelope Env: json ok=OK factories=\[Respond\] written tagged; builders \[Helper Respond\] marked=true inferred none ambiguous=false`
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

// Respond is the factory.
//
//exitlint:factory
func Respond(data any) Env { return Env{OK: true, Data: data} } // want `Envelope Env: json ok=OK factories=\[Respond\] written tagged` `Envelope Env: json ok=OK factories=\[Respond\] written tagged` `InHome=true InFactory=\[Env\]`

// Helper builds an Env too, outside the factory.
func Helper() []byte { // want `InHome=false InFactory=\[\]`
	b, _ := json.Marshal(Env{OK: false}) // want `Envelope Env: json ok=OK factories=\[Respond\] written tagged`
	return b
}
