// Package main makes the process's flag set continue on error before it
// parses it: Parse then returns the error, and the exit under it is what
// an agent gets for a bad flag.
package main

import (
	"flag"
	"os"

	"github.com/spf13/pflag"
)

func main() {
	flag.CommandLine.Init(os.Args[0], flag.ContinueOnError)
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	pflag.CommandLine.Init(os.Args[0], pflag.ContinueOnError)
	if err := pflag.CommandLine.Parse(os.Args[1:]); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
