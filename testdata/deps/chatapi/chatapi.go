// Package chatapi is a client library of another service: its reply types
// carry the service's ok and error, which are no envelope of a program that
// uses the library.
package chatapi

import (
	"encoding/json"
	"io"
)

// Response is the service's reply.
type Response struct {
	Ok    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

// Decode reads a reply into out.
func Decode(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) }
