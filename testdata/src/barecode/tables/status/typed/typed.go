// Package typed keeps a typed exit status: its constants are an exit table
// though only other packages pass them to SetExitStatus, so each member is
// checked here, at its declaration, and not at every use.
package typed

import "os"

// StatusCode is the status the process ends with.
type StatusCode int

const (
	SNoError           StatusCode = 0
	SGenericError      StatusCode = 1
	SInvalidParameters StatusCode = 2  // want `exit code SInvalidParameters is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
	SApplicationError  StatusCode = 6  // want `exit code SApplicationError is 6, which an agent reads as CONFLICT \(.*\), and its name does not say so \(its type StatusCode is that of exitStatus → os.Exit\): if that is what it means, keep it; else give it the table code that does`
	SInterrupted       StatusCode = 20 // want `exit code SInterrupted \(20\) is in the framework-reserved range 14–63`
)

var exitStatus = SNoError

// SetExitStatus raises the status.
func SetExitStatus(n StatusCode) {
	if exitStatus < n {
		exitStatus = n
	}
}

// Exit ends the process with the status.
func Exit() { os.Exit(int(exitStatus)) }

// scanState is a parser's state, returned by the function that is given
// it: a returned parameter is no exit code unless the result reaches an
// exit, so its constants are no table.
type scanState int

const (
	scanText scanState = iota
	scanEsc
	scanCSI
	scanOSC
)

func scan(data []byte, state scanState) (bool, scanState) {
	for _, b := range data {
		if b == 0x1b {
			state = scanEsc
		}
	}
	return len(data) > 0, state
}
