// Package errs declares the failure envelope in a package of its own,
// beside the success envelope of the package it imports.
package errs

import (
	"encoding/json"
	"os"

	"cases/envshape/split/one"
)

// Failure is the failure envelope.
type Failure struct { // want `envelope type Failure is a second shape beside Success \(cases/envshape/split/one\)`
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

func Fail(err error) {
	_ = json.NewEncoder(os.Stdout).Encode(Failure{Error: err.Error()})
	one.Print(nil)
}
