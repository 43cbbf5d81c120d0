// Package kong's functions end the process through kong's FatalIfErrorf
// and Fatalf.
package kong

import (
	"os"

	"github.com/alecthomas/kong"
)

func Check(k *kong.Kong, err error) { // want Check:`exits\(1 via kong.Kong.FatalIfErrorf\)`
	k.FatalIfErrorf(err)
}

func Fail(ctx *kong.Context) { // want Fail:`exits\(1 via kong.Kong.Fatalf\)`
	ctx.Fatalf("failed")
}

func Parse(k *kong.Kong) *kong.Context { // want Parse:`exits\(computed via kong.Kong.FatalIfErrorf\)`
	ctx, err := k.Parse(os.Args[1:])
	k.FatalIfErrorf(err)
	return ctx
}

// Run ends the process only inside kong.Parse, with kong's own codes:
// the library's exits, which no fact of the program carries.
func Run(grammar any) error {
	return kong.Parse(grammar).Run()
}

// Quit ends the process through the parser's Exit field, os.Exit unless
// an option sets another.
func Quit(ctx *kong.Context, err error) { // want Quit:`exits\(4 via kong.Kong.Exit\(4\)\)`
	if err != nil {
		ctx.Exit(4)
	}
}
