// Command tool exits with its table's codes.
package main

import (
	"errors"
	"os"

	"example.com/unreached/internal/exitcodes"
	"example.com/unreached/internal/out"
)

func main() {
	if len(os.Args) < 2 {
		os.Exit(exitcodes.Usage)
	}
	if os.Args[1] == "missing" {
		os.Exit(exitcodes.NotFound)
	}
	os.Exit(out.Fail(errors.New(os.Args[1])))
}
