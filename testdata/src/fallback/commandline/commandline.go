// Package main parses the process's own flag set, flag.CommandLine (and
// pflag's), which both packages make with ExitOnError: on a bad flag the
// package prints it and exits 2 itself, after -h it exits 0, so Parse
// never returns an error and the exits under it never run.
package main

import (
	"flag"
	"os"

	"github.com/spf13/pflag"
)

func main() {
	if err := flag.CommandLine.Parse(os.Args[1:]); err != nil {
		os.Exit(1)
	}
	cmd := flag.CommandLine
	if err := cmd.Parse(os.Args[1:]); err != nil {
		os.Exit(1)
	}
	if err := pflag.CommandLine.Parse(os.Args[1:]); err != nil {
		os.Exit(1)
	}
	// A variable that may hold another flag set, and a flag set handed in,
	// keep their findings: Parse may return the error.
	fs := flag.CommandLine
	if len(os.Args) > 2 {
		fs = flag.NewFlagSet("sub", flag.ContinueOnError)
	}
	if err := fs.Parse(os.Args[2:]); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	parseGiven(flag.NewFlagSet("given", flag.ContinueOnError))
}

func parseGiven(fs *flag.FlagSet) {
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
