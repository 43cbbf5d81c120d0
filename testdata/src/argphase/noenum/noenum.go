// Package noenum sees no exit-code enum: only its exits can be ARG_ERROR.
package noenum

import "os"

func run(name string) {
	os.WriteFile("state", nil, 0o644)
	if name == "" {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: os.WriteFile writes a file`
	}
	if name == "-" {
		os.Exit(2) // another code: no ARG_ERROR
	}
}
