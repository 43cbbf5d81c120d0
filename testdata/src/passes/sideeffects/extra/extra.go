// Package extra is checked with -config.sideeffects naming lib.Lookup and
// the Store interface's Get.
package extra

import "cases/passes/sideeffects/lib"

func Extra(s lib.Store) {
	lib.Lookup(s) // want `Call CallIn: lib\.Lookup has a side effect \(-config\.sideeffects\); rule Always 0`
	s.Get("k")    // want `Call CallIn: lib\.Store\.Get has a side effect \(-config\.sideeffects\); rule Always 0`
	lib.Reads("x")
}

// Calls reaches Lookup through a function of the package.
func Calls(s lib.Store) {
	Extra(s) // want `Call CallIn: extra\.Extra → lib\.Lookup has a side effect \(-config\.sideeffects\); rule Always 0`
}
