// Package main marks code with mark(…): the test reports each mark that
// runs only when a hidden urfave/cli v3 flag is set: its flags are
// aliases of one generic type, and its help-and-exit a variable.
package main

import (
	"context"

	"github.com/urfave/cli/v3"
)

func mark(string) {}

var root = &cli.Command{
	Name:   "tool",
	Action: mainAction,
	Flags: []cli.Flag{
		&cli.BoolFlag{Name: "generate-man-page", Hidden: true},
		&cli.BoolFlag{Name: "generate-markdown", Hidden: true},
		&cli.BoolFlag{Name: "no-color"},
	},
}

func mainAction(ctx context.Context, cmd *cli.Command) error {
	if cmd.Bool("generate-man-page") {
		mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	} else if cmd.Bool("generate-markdown") {
		mark("hidden") // want `terminal-only: hidden flag --generate-markdown`
	} else {
		cli.ShowAppHelpAndExit(cmd, 0)
	}
	mark("hidden") // want `terminal-only: hidden flag --generate-man-page`
	return nil
}

func visible(ctx context.Context, cmd *cli.Command) error {
	if cmd.Bool("no-color") {
		mark("agent: a visible flag")
	} else {
		cli.ShowAppHelpAndExit(cmd, 0)
	}
	mark("agent: --no-color reaches it")
	return nil
}

func main() {
	_ = root.Action(context.Background(), root)
	_ = visible(context.Background(), root)
}
