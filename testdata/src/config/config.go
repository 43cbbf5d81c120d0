// Package config is analyzed with settings that name nothing in the
// packages it imports; the test sets them.
package config // want `-config.enum: cases/config.Name: Name is no integer type`

import (
	"log" // want `-config.fatals: \(log.Logger\).Fatal: the method is spelled \(\*log.Logger\).Fatal` `-config.sideeffects: \(\*log.Logger\).Fatl: type Logger has no method Fatl; did you mean Fatal\?`

	"example.com/dielib" // want `-config.fatals: example.com/dielib.Dye: package example.com/dielib declares no function Dye; did you mean Die\?` `-config.enum: example.com/dielib.Must: Must is a function, not a type`
)

// Name is a string type: no exit-code enum.
type Name string

// Code is an integer type: the enum setting may name it.
type Code int

func use() {
	dielib.Die("x")
	log.New(nil, "", 0).Print("x")
}
