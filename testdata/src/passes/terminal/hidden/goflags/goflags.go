// Package main marks code with mark(…): the test reports each mark that
// runs only when a go-flags field tagged hidden is set, beside its
// look-alikes.
package main

import (
	"os"

	flags "github.com/jessevdk/go-flags"
)

func mark(string) {}

type options struct {
	Recursive   bool   `long:"recursive" description:"inspect each directory"`
	ActAsWorker bool   `long:"act-as-worker" hidden:"true"`
	ActAsPlugin bool   `long:"act-as-plugin" hidden:"true"`
	Shown       bool   `long:"shown" hidden:"false"`
	Socket      string `long:"socket" hidden:"true"`
}

func inspect(opts options) int {
	if opts.ActAsWorker {
		mark("hidden") // want `terminal-only: hidden flag --act-as-worker`
	} else {
		mark("agent")
	}
	if opts.Recursive {
		mark("agent: a visible flag")
	}
	if opts.ActAsPlugin {
		mark("agent: the program sets it")
	}
	if opts.Shown {
		mark("agent: not hidden")
	}
	if opts.Socket != "" {
		mark("hidden") // want `terminal-only: hidden flag --socket`
	}
	if !opts.ActAsWorker {
		return 1
	}
	mark("hidden") // want `terminal-only: hidden flag --act-as-worker`
	return 0
}

func asPlugin(opts *options) { opts.ActAsPlugin = true }

func main() {
	var opts options
	if _, err := flags.Parse(&opts); err != nil {
		os.Exit(2)
	}
	asPlugin(&opts)
	os.Exit(inspect(opts))
}
