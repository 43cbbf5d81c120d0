// Package user calls lib: its functions' facts are imported (Of), generic
// instances by their origin; the standard library's functions carry none.
package user

import (
	"errors"

	"cases/passes/summary/lib"
)

func Recursion() { // want Recursion:`reach\(even odd self\)`
	lib.Even(1) // want `Of\(lib.Even\) = reach\(even odd\)`
	lib.Self(1) // want `Of\(lib.Self\) = reach\(self\)`
}

func Generic() { // want Generic:`reach\(get map\)`
	lib.Map(1)                // want `Of\(lib.Map\) = reach\(map\)`
	lib.Map[string]("x")      // want `Of\(lib.Map\) = reach\(map\)`
	lib.Box[float64]{}.Get()  // want `Of\(lib.Box.Get\) = reach\(get\)`
	new(lib.Box[int8]).Set(1) // want `Of\(lib.Box.Set\) = reach\(map\)`
}

func NoFact() {
	lib.Ping()  // want `Of\(lib.Ping\) = nil`
	lib.Later() // want `Of\(lib.Later\) = nil`
}

// New is marked here by its name, and so is lib.New; errors.New is too, in
// the standard library, which exports no facts.
func New() error { // want New:`reach\(new\)`
	lib.New()                 // want `Of\(lib.New\) = reach\(new\)`
	return errors.New("boom") // want `Of\(errors.New\) = nil`
}

// Local calls of the package's functions come through Solve.
func Caller() { // want Caller:`reach\(even get map new odd self\)`
	Recursion()
	Generic()
	_ = New()
}
