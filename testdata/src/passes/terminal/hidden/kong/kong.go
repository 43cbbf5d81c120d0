// Package main marks code with mark(…): the test reports each mark that
// runs only through a kong command or flag tagged hidden, beside its
// look-alikes.
package main

import "github.com/alecthomas/kong"

func mark(string) {}

type cli struct {
	Serve  serveCmd  `cmd:"" help:"Serve."`
	Worker workerCmd `cmd:"" hidden:""`
	Debug  debugCmd  `cmd:"" hidden:""`
	Dump   debugCmd  `cmd:"" help:"Dump the state."`
	Trace  bool      `hidden:"" help:"Trace."`
}

type serveCmd struct{}

func (s *serveCmd) Run(c *cli) error {
	if c.Trace {
		mark("hidden") // want `terminal-only: hidden flag --trace`
	}
	mark("agent: a visible command")
	return nil
}

type workerCmd struct{}

func (w *workerCmd) Run() error {
	mark("hidden") // want `terminal-only: hidden command worker`
	return nil
}

type debugCmd struct{}

func (d *debugCmd) Run() error {
	mark("agent: the visible dump command runs it too")
	return nil
}

func main() {
	var c cli
	ctx := kong.Parse(&c)
	_ = ctx.Run(&c)
}
