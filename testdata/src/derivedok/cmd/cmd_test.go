package cmd

import (
	"testing"

	"cases/derivedok/output"
)

func TestExpected(t *testing.T) {
	want := output.Response{OK: true}
	want.OK = false
}
