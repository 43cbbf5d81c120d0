// Package crossmain: the commands are built in another package.
package crossmain

import (
	"os"

	"cases/argphase/frameworks/cmds"
)

func main() {
	if err := cmds.Execute(); err != nil {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: cmds.Execute → cobra.Command.Execute → RunE of rm → cmds.removeAll → os.RemoveAll removes files`
	}
}
