// Package main marks code with mark(…): the test reports each mark that
// runs only through a hidden urfave/cli command or flag, beside its
// look-alikes.
package main

import (
	"os"

	"github.com/urfave/cli/v2"
)

func mark(string) {}

var workerMode bool

var app = &cli.App{
	Name:   "tool",
	Action: mainAction,
	Commands: []*cli.Command{
		{
			Name:   "gen-docs",
			Hidden: true,
			Action: func(c *cli.Context) error {
				mark("hidden") // want `terminal-only: hidden command gen-docs`
				return nil
			},
		},
		{
			Name: "run",
			Action: func(c *cli.Context) error {
				mark("agent: a visible command")
				return nil
			},
			Flags: []cli.Flag{
				&cli.BoolFlag{Name: "generate-man-page", Hidden: true},
				&cli.BoolFlag{Name: "generate-markdown", Aliases: []string{"md"}, Hidden: true},
				&cli.BoolFlag{Name: "verbose"},
				&cli.BoolFlag{Name: "worker", Hidden: true, Destination: &workerMode},
				&cli.StringFlag{Name: "socket", Hidden: true},
				&cli.BoolFlag{Name: "dup", Hidden: true},
				&cli.StringFlag{Name: "dup"},
			},
		},
	},
}

func mainAction(c *cli.Context) error {
	if c.Bool("generate-man-page") {
		mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	} else if c.Bool("md") {
		mark("hidden") // want `terminal-only: hidden flag --md`
	} else {
		cli.ShowAppHelpAndExit(c, 0)
	}
	mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	return nil
}

func visibleChain(c *cli.Context) {
	if c.Bool("generate-man-page") {
		mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	} else if c.Bool("verbose") {
		mark("agent: a visible flag")
	} else {
		cli.ShowAppHelpAndExit(c, 0)
	}
	mark("agent: --verbose reaches it")
}

func noElse(c *cli.Context) {
	if c.Bool("generate-man-page") {
		mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	}
	mark("agent: the if falls through")
}

func others(c *cli.Context) {
	if c.Bool("dup") {
		mark("agent: a visible flag has the name too")
	}
	if workerMode {
		mark("hidden") // want `terminal-only: hidden flag --worker`
	}
	if c.String("socket") != "" {
		mark("hidden") // want `terminal-only: hidden flag --socket`
	}
	if c.IsSet("worker") {
		mark("hidden") // want `terminal-only: hidden flag --worker`
	}
	if !c.Bool("worker") {
		mark("agent")
	}
}

func main() {
	if err := app.Run(os.Args); err != nil {
		os.Exit(1)
	}
	visibleChain(nil)
	noElse(nil)
	others(nil)
}
