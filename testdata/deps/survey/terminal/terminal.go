// Package terminal is a stand-in for survey's terminal package.
package terminal

import "errors"

// InterruptErr is the error a prompt returns on Ctrl-C.
var InterruptErr = errors.New("interrupt")
