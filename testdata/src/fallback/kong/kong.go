// Package main is a kong program whose module gives no error an exit code
// of its own: kong's FatalIfErrorf exits with 1 for every error the
// commands return.
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

// main is kong's documented idiom: every command's error ends as a 1.
func main() {
	var c cli
	ctx := kong.Parse(&c)
	err := ctx.Run()
	ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR \(1\) for every error that has no ExitCode\(\) int method, and no error type of this module has one, a catch-all that tells an agent nothing about what went wrong: give the errors an ExitCode\(\) int method that returns the code that fits \(kong exits with it\), or map the error to a code before exiting`
}

func runInline() {
	var c cli
	ctx := kong.Parse(&c)
	ctx.FatalIfErrorf(ctx.Run(), "running") // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}

// fatalf always exits 1.
func fatalf(k *kong.Kong, name string) {
	if name == "" {
		k.Fatalf("no name given") // want `kong.Kong.Fatalf ends the process with GENERAL_ERROR \(1\), a catch-all that tells an agent nothing about what went wrong: report the error and exit with the code that fits`
	}
}

// parseErr: a parse error carries kong's own code (ParseError.ExitCode), as
// kong.Parse's own exit does.
func parseErr() {
	var c cli
	parser, err := kong.New(&c)
	if err != nil {
		panic(err)
	}
	ctx, err := parser.Parse(os.Args[1:])
	if err != nil {
		parser.FatalIfErrorf(err)
	}
	parser.FatalIfErrorf(err, "parsing")
	err = ctx.Run()
	ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}

// notParsed: the same variable, last assigned by another call.
func notParsed(parser *kong.Kong, ctx *kong.Context) {
	_, err := parser.Parse(os.Args[1:])
	if err == nil {
		err = ctx.Run()
	}
	parser.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}

// cliError carries a code in a field, which main exits with: no
// ExitCode() int method, so kong does not see it.
type cliError struct {
	code int
	err  error
}

func (e *cliError) Error() string { return e.err.Error() }

// classified: the errors the program knows get their codes first; the
// FatalIfErrorf after them is the classification's last branch.
func classified() {
	var c cli
	ctx := kong.Parse(&c)
	if err := ctx.Run(); err != nil {
		var ce *cliError
		if errors.As(err, &ce) {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(ce.code)
		}
		ctx.FatalIfErrorf(err)
	}
}

// notClassified: an earlier branch on a mode classifies nothing.
func notClassified(quiet bool) {
	var c cli
	ctx := kong.Parse(&c)
	if err := ctx.Run(); err != nil {
		if quiet {
			os.Exit(4)
		}
		ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
	}
}

// coder is an error with kong's ExitCode() method: an interface declares
// no error type of the module.
type coder interface {
	error
	ExitCode() int
}

// summary has an ExitCode() int method but is no error: it never reaches
// FatalIfErrorf.
type summary struct{ failed int }

func (s summary) ExitCode() int { return s.failed }

// typed: an error whose type has ExitCode() int exits with its code; the
// rest of the errors exit 1.
func typed(ctx *kong.Context, err error) {
	var e coder
	if errors.As(err, &e) {
		ctx.FatalIfErrorf(e)
	}
	ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}

// handler returns an error: the advice is to return it.
func handler(ctx *kong.Context) error {
	ctx.FatalIfErrorf(ctx.Run()) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR \(1\) .*: return the error instead`
	return nil
}

// printed: FatalIfErrorf exits only when its error is not nil, so it is
// judged by where the error comes from, as `if err != nil { os.Exit(1) }`
// is: a failed write to stdout leaves 1 as the last resort; a file that
// cannot be read has a code that fits.
func printed(ctx *kong.Context, path string) {
	_, err := fmt.Fprintln(os.Stdout, "result")
	ctx.FatalIfErrorf(err)
	ctx.FatalIfErrorf(writeOut("done"))
	_, err = os.ReadFile(path)
	ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}

func writeOut(s string) error {
	_, err := fmt.Fprintln(os.Stdout, s)
	return err
}

// dispatched: kong's "switch on the command string" idiom. A case's body
// is a statement list as a block is: FatalIfErrorf(err) there is judged
// by the call the statement just before assigns err, as in printed. The
// usage kong prints for a command it does not know fails only when the
// write to the parser's stdout does.
func dispatched(ctx *kong.Context, path string) {
	switch ctx.Command() {
	case "show":
		_, err := fmt.Fprintln(os.Stdout, "result")
		ctx.FatalIfErrorf(err)
	case "read":
		_, err := os.ReadFile(path)
		ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
	case "check":
		if _, err := fmt.Fprintln(os.Stdout, "ok"); err != nil {
			ctx.FatalIfErrorf(err)
		}
	case "load":
		_, err := os.ReadFile(path)
		if err != nil {
			ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
		}
	case "write":
		_, err := fmt.Fprintln(os.Stdout, "written")
		if err != nil {
			ctx.FatalIfErrorf(err)
		}
	default:
		ctx.FatalIfErrorf(ctx.PrintUsage(true))
	}
}

// usageThenRun: the usage's write is the only failure of PrintUsage; the
// command's error that follows is not.
func usageThenRun(ctx *kong.Context) {
	err := ctx.PrintUsage(false)
	ctx.FatalIfErrorf(err)
	err = ctx.Run()
	ctx.FatalIfErrorf(err) // want `kong.Kong.FatalIfErrorf ends the process with GENERAL_ERROR`
}
