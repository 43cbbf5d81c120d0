// Package huh is a stand-in for github.com/charmbracelet/huh: a form whose
// Run returns ErrUserAborted when the person at the terminal cancels it.
package huh

import "errors"

// ErrUserAborted is the error Run returns when the user aborts the form.
var ErrUserAborted = errors.New("user aborted")

// ErrTimeout is the error Run returns when the form times out.
var ErrTimeout = errors.New("timeout")

// Form is a form.
type Form struct{ aborted bool }

// NewForm returns a form.
func NewForm() *Form { return &Form{} }

// Run runs the form on the terminal.
func (f *Form) Run() error {
	if f.aborted {
		return ErrUserAborted
	}
	return nil
}
