// Package exitlib is a library in the module cache (its directory is
// named as the module cache names it): an error type whose status a
// program exits with. Its codes are the library's, which the program's
// author cannot change: none is reported.
package exitlib

import "errors"

// Error carries a status.
type Error struct {
	msg    string
	status int
}

func (e *Error) Error() string { return e.msg }

// Status is the status of the failure.
func (e *Error) Status() int { return e.status }

// ErrBusy is a busy resource.
var ErrBusy = &Error{msg: "busy", status: 9}

// Do does it.
func Do(name string) error {
	if name == "" {
		return errors.New("no name")
	}
	return ErrBusy
}
