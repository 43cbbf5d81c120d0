package main

import (
	"fmt"
	"os"

	"github.com/alecthomas/kong"
)

// cliGrammar is the program's own command grammar.
type cliGrammar struct {
	Verbose bool `help:"Say more."`
}

// parser: kong.New fails only when the program's own grammar is malformed
// (a struct tag kong refuses), a defect of the build no input causes:
// GENERAL_ERROR is the honest last resort there.
func parser() *kong.Kong {
	var g cliGrammar
	p, err := kong.New(&g, kong.Name("tool"), kong.Description("A tool."), kong.Vars{"v": "1"}, kong.Exit(func(int) {}))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return p
}

// configuredParser loads defaults from a file the user keeps: a malformed
// file fails kong.New too, and that is the user's to fix.
func configuredParser(extra []kong.Option) *kong.Kong {
	var g cliGrammar
	if _, err := kong.New(&g, kong.Configuration(kong.JSON, "~/.tool.json")); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	p, err := kong.New(&g, extra...)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	return p
}
