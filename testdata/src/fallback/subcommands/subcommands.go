// Package main is a program built on google/subcommands: each command's
// Execute returns its exit status, which subcommands.Execute returns to
// main and main exits with. A method named Execute of a type that is no
// command returns no exit code.
package main

import (
	"context"
	"flag"
	"os"

	"github.com/google/subcommands"
)

type genCmd struct{ out string }

func (*genCmd) Name() string               { return "gen" }
func (*genCmd) Synopsis() string           { return "generate" }
func (*genCmd) Usage() string              { return "gen [dir]" }
func (c *genCmd) SetFlags(f *flag.FlagSet) { f.StringVar(&c.out, "out", "", "output file") }

func (c *genCmd) Execute(ctx context.Context, f *flag.FlagSet, _ ...interface{}) subcommands.ExitStatus {
	if _, err := os.Stat(c.out); err != nil {
		return subcommands.ExitFailure // want `exit code subcommands.ExitFailure \(1\) is GENERAL_ERROR.*genCmd.Execute.s result, the exit status the command framework returns`
	}
	if f.NArg() == 0 {
		return subcommands.ExitUsageError
	}
	const differ = subcommands.ExitStatus(1)
	if f.NArg() > 1 {
		return differ // want `exit code differ \(1\) is GENERAL_ERROR`
	}
	return subcommands.ExitSuccess
}

// job is no command (it has no Name, Usage or SetFlags): its Execute's
// result is a count of retries.
type job struct{}

func (job) Execute(ctx context.Context, f *flag.FlagSet, _ ...interface{}) subcommands.ExitStatus {
	if f.NArg() == 0 {
		return 1 // no finding: no command's status
	}
	return 0
}

func main() {
	subcommands.Register(&genCmd{}, "")
	flag.Parse()
	_ = job{}.Execute(context.Background(), flag.CommandLine)
	os.Exit(int(subcommands.Execute(context.Background())))
}
