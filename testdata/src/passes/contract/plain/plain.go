// Package plain has nothing of the contract in view.
package plain // want `EnumsInView=false EnvelopesInView=false Runtime=none`

import "encoding/json"

type Status struct {
	Healthy bool `json:"healthy"`
}

func Print(s Status) ([]byte, error) { return json.Marshal(s) } // want `InHome=false InFactory=\[\]`
