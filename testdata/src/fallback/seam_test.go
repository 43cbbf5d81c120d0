package main

import "testing"

// A test swaps the seam: it stays the exit function for the program.
func TestSeam(t *testing.T) {
	osExit = func(int) {}
	seam()
}
