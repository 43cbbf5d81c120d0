// Package main calls the Exit field of kong's parser itself: kong sets it
// to os.Exit, and no option here sets another, so ctx.Exit(1) ends the
// process with 1 as os.Exit(1) does.
package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/alecthomas/kong"
)

type cli struct {
	Verbose bool `help:"Say more."`
}

var errNoArgs = errors.New("no arguments")

// mustRun reports every error and exits 1 through the context.
func mustRun() {
	var c cli
	ctx := kong.Parse(&c)
	if err := ctx.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		ctx.Exit(1) // want `ctx.Exit\(1\) ends the process with GENERAL_ERROR \(1\), a catch-all that tells an agent nothing about what went wrong`
	}
}

// parser: the field of the parser itself.
func parser(k *kong.Kong, err error) {
	if err != nil {
		k.Exit(1) // want `k.Exit\(1\) ends the process with GENERAL_ERROR \(1\)`
	}
}

// version: 0 after printing the version is no catch-all.
func version(k *kong.Kong) {
	fmt.Println("v1.0.0")
	k.Exit(0)
}

// computed: a code the program computes is no catch-all.
func computed(ctx *kong.Context, code int) {
	ctx.Exit(code)
}

// classified: the 1 after the codes the program knows is the last
// branch of its classification.
func classified(ctx *kong.Context, err error) {
	switch {
	case err == nil:
	case errors.Is(err, errNoArgs):
		ctx.Exit(3)
	default:
		ctx.Exit(1)
	}
}

// afterExit: the exit ends the function: what follows never runs after a
// failure.
func afterExit(ctx *kong.Context, err error) int {
	if err != nil {
		ctx.Exit(5)
	}
	return 0
}

func main() {
	mustRun()
}
