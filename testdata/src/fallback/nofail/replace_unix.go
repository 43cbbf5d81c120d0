//go:build unix

package main

// prepare has nothing to do on Unix; its twin for Windows moves the
// running binary aside, which may fail.
func (u *updater) prepare() (func(), error) { return func() {}, nil }
