package lib

type I interface{ M() }

type T struct{}

func (T) M() {}

// Kinds makes every kind of call; the engine's Calls yields those with a
// callee known from types (an interface's method included: it is what a
// directive on the method names), in source order, and enters a function
// literal only when asked (here: one called on the spot).
//
//summary:calls
func Kinds(i I, f func(), t T) { // want Kinds:`reach\(d map\)`
	i.M()  // want `calls lib.I.M`
	f()    // a function value: no callee
	t.M()  // want `calls lib.T.M`
	T.M(t) // want `calls lib.T.M`
	_ = len("x")
	_ = int64(1)
	defer D()        // want `calls lib.D`
	go D()           // want `calls lib.D`
	func() { D() }() // want `calls lib.D`
	g := func() { Map(2) }
	_ = g
	Map(1) // want `calls lib.Map`
}
