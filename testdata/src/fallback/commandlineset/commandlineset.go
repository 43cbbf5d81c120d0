// Package main replaces the process's flag set with one that continues
// on error: Parse returns the error, and the exit under it is what an
// agent gets for a bad flag.
package main

import (
	"flag"
	"os"
)

func main() {
	flag.CommandLine = flag.NewFlagSet(os.Args[0], flag.ContinueOnError)
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
