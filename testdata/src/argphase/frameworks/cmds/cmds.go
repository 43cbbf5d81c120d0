// Package cmds builds the command line; its main is in another package. // want package:`runs\(github.com/spf13/cobra: RunE of rm → cmds.removeAll → os.RemoveAll removes files\)`
package cmds

import (
	"os"

	"github.com/spf13/cobra"
)

// Root is the command line.
var Root = &cobra.Command{Use: "tool"}

func init() {
	rm := &cobra.Command{Use: "rm"}
	rm.RunE = removeAll
	Root.AddCommand(rm)
}

func removeAll(cmd *cobra.Command, args []string) error { // want removeAll:`sideEffect\(os.RemoveAll removes files\)`
	return os.RemoveAll(args[0])
}

// Execute runs the command line.
func Execute() error { return Root.Execute() } // want Execute:`sideEffect\(cobra.Command.Execute → RunE of rm → cmds.removeAll → os.RemoveAll removes files\)`
