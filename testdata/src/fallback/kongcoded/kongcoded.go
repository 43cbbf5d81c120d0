// Package main is a kong program whose commands' errors carry their exit
// codes (errs.Error's ExitCode): FatalIfErrorf exits with the code the
// error carries, and its 1 is the last branch of that classification.
package main

import (
	"errors"
	"fmt"
	"os"

	"cases/fallback/kongcoded/errs"

	"github.com/alecthomas/kong"
)

type cli struct {
	Verbose bool `help:"Say more."`
}

func main() {
	var c cli
	ctx := kong.Parse(&c)
	err := ctx.Run()
	ctx.FatalIfErrorf(err)
}

// nine: an earlier branch passes the code on, as nctl does; the
// FatalIfErrorf after it is the last branch.
func nine(ctx *kong.Context) {
	if err := ctx.Run(); err != nil {
		var e *errs.Error
		if errors.As(err, &e) {
			fmt.Fprintln(os.Stderr, err)
			ctx.Exit(e.ExitCode())
			return
		}
		ctx.FatalIfErrorf(err)
	}
}

// fatalf exits 1 whatever the module declares.
func fatalf(k *kong.Kong) {
	k.Fatalf("no name given") // want `kong.Kong.Fatalf ends the process with GENERAL_ERROR`
}
