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

// Parse parses the arguments it is given and returns the command they
// select, or the error.
func (a *App) Parse(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("no command")
	}
	return args[0], nil
}

// MustParse ends the process with 1 when err is not nil.
func MustParse(command string, err error) string {
	if err != nil {
		CommandLine.Fatalf("%s, try --help", err)
	}
	return command
}

// ParseCommandLine parses the process's own command line (os.Args): a bad
// one ends the process with 1; a request for help ends it with 0.
func ParseCommandLine() string {
	selected := MustParse(CommandLine.Parse(os.Args[1:]))
	if selected == "help" {
		CommandLine.terminate(0)
	}
	return selected
}

// ParseDoc parses the process's command line through a function of its
// package that reads os.Args when given no arguments.
func ParseDoc(doc string) map[string]string {
	return parseArgs(doc, nil)
}

func parseArgs(doc string, argv []string) map[string]string {
	if argv == nil {
		argv = os.Args[1:]
	}
	if len(argv) == 0 {
		fmt.Fprintln(os.Stderr, doc)
		os.Exit(1)
	}
	return map[string]string{"cmd": argv[0]}
}

// Banner names the program (os.Args[0]) and ends the process with 0 or 1:
// no parse of the command line.
func Banner(ok bool) string {
	name := os.Args[0]
	if !ok {
		CommandLine.terminate(1)
	}
	CommandLine.terminate(0)
	return name
}
