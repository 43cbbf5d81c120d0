// Package frameworks: a framework calls the run functions of the commands
// it is given (cobra's RunE, urfave/cli's Action), and returns what they
// return: their side effects happen inside Execute or Run.
package frameworks

import (
	"errors"
	"os"

	"github.com/spf13/cobra"
	"github.com/urfave/cli/v2"
)

var rootCmd = &cobra.Command{Use: "tool"}

var addCmd = &cobra.Command{
	Use: "add [file]",
	RunE: func(cmd *cobra.Command, args []string) error {
		return os.WriteFile(args[0], nil, 0o644)
	},
}

func init() { rootCmd.AddCommand(addCmd) }

// main maps every error of the command line to ARG_ERROR, also the failed
// write of add.
func main() {
	if err := rootCmd.Execute(); err != nil {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: cobra.Command.Execute → RunE of add → os.WriteFile writes a file`
	}
}

type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// classified exits with 3 for one class of errors only: which of them a
// run function returns after its side effect is not known here.
func classified() {
	if err := rootCmd.Execute(); err != nil {
		var ue *usageError
		if errors.As(err, &ue) {
			os.Exit(3)
		}
		os.Exit(1)
	}
}

// app is urfave/cli's: its Action runs inside Run.
var app = &cli.App{
	Name: "tool",
	Action: func(c *cli.Context) error {
		return os.Remove(c.Args[0])
	},
}

func urfaveMain() {
	if err := app.Run(os.Args); err != nil {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: cli.App.Run → Action of tool → os.Remove removes a file`
	}
}
