// Package noenum sees no exit-code enum: the message cannot name a member.
package noenum

import "os"

func usage() {
	os.Exit(2) // want `exit code 2 written as a bare integer: spell it as a member of an exit-code enum \(exitlint's exitcode.Code, or a type marked //exitlint:enum\)`
}
