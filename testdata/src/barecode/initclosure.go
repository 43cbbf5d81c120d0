package barecode

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// A command declared in a package-level variable is code of the package
// like any function: the codes its Run exits with, through the result of
// a function it calls, are exit codes. Beside it, a function whose result
// the same kind of Run only prints.

var syncCmd = &cobra.Command{
	Use: "sync",
	Run: func(cmd *cobra.Command, args []string) {
		os.Exit(syncAll(args))
	},
}

func syncAll(args []string) int {
	if len(args) == 0 {
		return 4 // want `exit code 4 written as a bare integer.*syncAll's result → os.Exit`
	}
	return 0
}

var countCmd = &cobra.Command{
	Use: "count",
	Run: func(cmd *cobra.Command, args []string) {
		fmt.Println(countAll(args))
	},
}

func countAll(args []string) int {
	if len(args) == 0 {
		return 4 // no exit code: a count
	}
	return len(args)
}
