// Package argparse is an argument parser that ends the process through an
// exit function it holds in a field: os.Exit unless a program installs
// another with Terminate.
package argparse

import (
	"fmt"
	"os"
)

// App is a command line's parser.
type App struct {
	terminate func(status int)
	// quit is set to os.Exit, and replaced by Quiet with a function that
	// does not exit: calls of it are no exits.
	quit func(int)
	// Exit is exported, and a program may set it to anything.
	Exit func(int)
}

// New returns a parser that exits with os.Exit.
func New() *App {
	return &App{terminate: os.Exit, quit: os.Exit, Exit: os.Exit}
}

// Terminate installs the function the parser ends the process with.
func (a *App) Terminate(f func(int)) *App {
	if f == nil {
		f = func(int) {}
	}
	a.terminate = f
	return a
}

// Quiet makes Stop return instead of exiting.
func (a *App) Quiet() { a.quit = func(int) {} }

// Fatalf reports an error and ends the process with 1.
func (a *App) Fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	a.terminate(1)
}

// FatalIfError ends the process with 1 when err is not nil.
func (a *App) FatalIfError(err error, prefix string) {
	if err != nil {
		a.Fatalf("%s: %s", prefix, err)
	}
}

// Stop ends the process with 1, unless Quiet was called.
func (a *App) Stop() { a.quit(1) }

// Leave ends the process with 1 through the exported field.
func (a *App) Leave() { a.Exit(1) }

// CommandLine is the parser of os.Args.
var CommandLine = New()

// FatalIfError is CommandLine's FatalIfError.
func FatalIfError(err error, prefix string) { CommandLine.FatalIfError(err, prefix) }
