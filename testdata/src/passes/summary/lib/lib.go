// Package lib is a call graph for the summary engine's tests: recursion,
// cycles, a chain declared callers first, generic functions and methods,
// function literals. A function's fact is the set of marks it reaches:
// the strings it gives mark, and "new" for a function named New.
package lib

func mark(string) {}

// Self calls itself: its own mark, once.
func Self(n int) { // want Self:`reach\(self\)`
	if n > 0 {
		Self(n - 1)
	}
	mark("self")
}

// Even and Odd call each other: each reaches both marks.
func Even(n int) bool { // want Even:`reach\(even odd\)`
	mark("even")
	return n == 0 || Odd(n-1)
}

func Odd(n int) bool { // want Odd:`reach\(even odd\)`
	mark("odd")
	return n != 0 && Even(n-1)
}

// Ping and Pong call each other and reach no mark: no fact.
func Ping() { Pong() }

func Pong() { Ping() }

// A, B, C, D: a chain declared callers first, which takes a round per link.
func A() { B() } // want A:`reach\(d\)`

func B() { C() } // want B:`reach\(d\)`

func C() { D() } // want C:`reach\(d\)`

func D() { mark("d") } // want D:`reach\(d\)`

// X, Y, Z: a cycle that a mark enters from outside, at its last function.
func X() { Y() } // want X:`reach\(d z\)`

func Y() { Z() } // want Y:`reach\(d z\)`

func Z() { // want Z:`reach\(d z\)`
	X()
	mark("z")
	D()
}

// Map is generic; calls of its instances are calls of Map.
func Map[T any](x T) T { // want Map:`reach\(map\)`
	mark("map")
	return x
}

// Box is a generic type; calls of its instances' methods are calls of
// the method of Box.
type Box[T any] struct{ v T }

func (b Box[T]) Get() T { // want Get:`reach\(get\)`
	mark("get")
	return b.v
}

func (b *Box[T]) Set(v T) { // want Set:`reach\(map\)`
	b.v = Map(v)
}

func UseGeneric() { // want UseGeneric:`reach\(get map\)`
	Map(1)
	Map[string]("x")
	Box[int]{}.Get()
	new(Box[bool]).Set(true)
}

// New is marked by its name.
func New() {} // want New:`reach\(new\)`

// Now calls a literal on the spot: it runs while Now does.
func Now() { // want Now:`reach\(now\)`
	func() { mark("now") }()
}

// Later returns a literal: its mark is its caller's business, not Later's.
func Later() func() {
	return func() { mark("later") }
}

// Stored keeps a literal in a variable and calls it: the engine's Calls
// does not enter it (only literals called on the spot), and a call of a
// variable has no static callee.
func Stored() {
	f := func() { mark("stored") }
	f()
}
