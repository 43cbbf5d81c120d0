package b

import "cases/exits/a"

func Wrap() { // want Wrap:`exits\(1 via a.Die → os.Exit\(1\)\)`
	a.Die()
}

func NoExit() {
	a.Literal()
	var t a.T
	t.Exit(1)
}
