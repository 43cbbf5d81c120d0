// Package noenum sees no exit-code enum: the message cannot name a member.
package noenum

import "os"

func usage() {
	os.Exit(2) // want `exit code 2 written as a bare integer: spell it as a member of an exit-code enum \(exitlint's exitcode.Code, or a type marked //exitlint:enum\)`
}

// A table of the program's own, reported at its declaration: the message
// says what the contract calls the value, which the name does not say.
const exitLimited = 11 // want `exit code exitLimited is 11, which an agent reads as RATE_LIMITED \(.*\), and its name does not say so \(exitLimited reaches os.Exit\): if that is what it means`

func limited() {
	os.Exit(exitLimited)
}
