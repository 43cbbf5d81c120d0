// Package noenum sees no exit-code enum: the message cannot name a member.
package noenum

import "os"

func usage() {
	os.Exit(2) // want `exit code 2 written as a bare integer: spell it as a member of an exit-code enum \(exitlint's exitcode.Code, or a type marked //exitlint:enum\)`
}

// A table of the program's own: the message says what the contract calls
// the value, since no member can be named.
const exitLimited = 11

func limited() {
	os.Exit(exitLimited) // want `exit code exitLimited \(11\) is a constant of its own, not a member of the exit-code enum: use the member that means what you intend \(11 is RATE_LIMITED in the contract\)`
}
