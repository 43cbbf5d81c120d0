package main

import (
	"bytes"
	"testing"
)

// A test hands the runner buffers in place of the standard streams.
func TestStreams(t *testing.T) {
	var out, errs bytes.Buffer
	if runStreams([]string{"list"}, &out, &errs) != 0 || listStreams(&out, &errs) != 0 {
		t.Fatal(errs.String())
	}
}
