//go:build go1.24

// Package wire is a library of the program: its functions' errors are
// known to the packages that import it.
package wire

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Status is a struct encoding/json always encodes.
type Status struct {
	Encrypted bool `json:"encrypted"`
}

// Envelope is the program's own message.
type Envelope struct {
	Kind    string `json:"kind"`
	Payload []byte `json:"payload"`
}

// MarshalEnvelope fails only when json.Marshal of the program's own
// envelope does.
func MarshalEnvelope(e Envelope) ([]byte, error) {
	return json.Marshal(e)
}

// MakeToken fails only when crypto/rand.Read does, which from Go 1.24 on
// never returns an error (this file is built with Go 1.24 or later).
func MakeToken() (string, error) {
	b := make([]byte, 15)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base32.StdEncoding.EncodeToString(b), nil
}

// Load may fail: the file may be missing.
func Load(path string) (Envelope, error) {
	var e Envelope
	b, err := os.ReadFile(path)
	if err != nil {
		return e, err
	}
	return e, json.Unmarshal(b, &e)
}

// Render writes the program's own value to w: it fails only when w does.
func Render(w io.Writer, s Status) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(s); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "--")
	return err
}

// RenderFile writes to w and reads a file the caller names: the read may
// fail whatever w is.
func RenderFile(w io.Writer, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}
