// Package base keeps the process's exit status in a variable, raised by
// SetExitStatus and passed to os.Exit by Exit: what is stored there becomes
// the exit code.
package base

import (
	"os"
	"sync"
)

var (
	exitStatus = 0
	exitMu     sync.Mutex
)

// calls counts calls: an integer variable that is no exit status.
var calls int

// SetExitStatus raises the status the process ends with.
func SetExitStatus(n int) {
	exitMu.Lock()
	if exitStatus < n {
		exitStatus = n
	}
	exitMu.Unlock()
}

// Exit ends the process with the status.
func Exit() {
	os.Exit(exitStatus)
}

// Interrupted sets the status itself.
func Interrupted() {
	exitStatus = 130 // want `exit code 130 is in the shell-reserved range 126–255.*\(it becomes the exit code: exitStatus → os.Exit\)`
}

// Count counts: no exit code.
func Count(n int) {
	calls = 7
	calls += n
}
