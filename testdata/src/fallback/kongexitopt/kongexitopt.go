// Package main gives kong an Exit option of its own: the parser's Exit
// field is the program's function, which may not end the process (a help
// screen the program shows, then goes on), so a call of the field is no
// exit the analysis knows.
package main

import (
	"fmt"
	"os"

	"github.com/alecthomas/kong"
)

type cli struct {
	Verbose bool `help:"Say more."`
}

var helpShown bool

func main() {
	var c cli
	parser, err := kong.New(&c, kong.Exit(func(int) { helpShown = true }))
	if err != nil {
		panic(err)
	}
	ctx, err := parser.Parse(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		ctx.Exit(1)
	}
	if helpShown {
		return
	}
}
