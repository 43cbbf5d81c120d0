// Package main ends the process through an argument parser's fatal
// helpers, which exit through a function the parser holds in a field
// (exitFields): os.Exit by default.
package main

import (
	"errors"
	"os"

	"example.com/dielib/argparse"
)

func load(string) error { return errors.New("no config") }

func main() {
	argparse.FatalIfError(load(os.Args[1]), "loading config") // want `argparse.FatalIfError may end the process with GENERAL_ERROR \(1\) \(via FatalIfError → Fatalf → os.Exit\(1\)\)`
	app := argparse.New()
	app.Stop()                            // the field a method replaces with a function that returns
	app.Leave()                           // the exported field a program may set
	_ = argparse.ParseCommandLine()       // want `argparse.ParseCommandLine parses the process's command line and ends the process with GENERAL_ERROR \(1\) when the command line is wrong`
	_ = argparse.ParseDoc("usage: tool")  // want `argparse.ParseDoc parses the process's command line and ends the process with GENERAL_ERROR \(1\)`
	_ = argparse.Banner(len(os.Args) > 1) // no finding: it reads only the program's name, and returns a value
}
