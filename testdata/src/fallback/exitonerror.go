package main

import (
	"flag"
	"fmt"
	"os"
)

// A flag set made with flag.ExitOnError never returns an error from
// Parse: on a bad flag the flag package prints it and exits 2 itself, and
// exits 0 after -h. An exit or a code 1 under `if err := fs.Parse(args);
// err != nil` never runs. Beside it, the same under ContinueOnError,
// where Parse returns the error and the 1 is what an agent gets for a bad
// flag, and a flag set whose mode the function does not know.

func installCmd(args []string) int {
	fs := flag.NewFlagSet("install", flag.ExitOnError)
	version := fs.String("version", "", "version to install")
	if err := fs.Parse(args); err != nil {
		return 1
	}
	fmt.Println(*version)
	return 0
}

var rootFlags = flag.NewFlagSet("root", flag.ExitOnError)

func parseRoot() {
	if err := rootFlags.Parse(os.Args[1:]); err != nil {
		os.Exit(1)
	}
}

func removeCmd(args []string) int {
	fs := flag.NewFlagSet("remove", flag.ContinueOnError)
	force := fs.Bool("force", false, "remove without asking")
	if err := fs.Parse(args); err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	fmt.Println(*force)
	return 0
}

func parseGiven(fs *flag.FlagSet, args []string) {
	if err := fs.Parse(args); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

func runAll() int {
	parseRoot()
	parseGiven(flag.NewFlagSet("given", flag.ContinueOnError), nil)
	if code := removeCmd(nil); code != 0 {
		return code
	}
	return installCmd(nil)
}

func mainFlags() { os.Exit(runAll()) }
