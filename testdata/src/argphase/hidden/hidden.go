// Package hidden: a write that runs only when a hidden flag is set is no
// side effect of an agent's run (an agent learns the command from its
// help, which leaves the flag out); ARG_ERROR after it keeps the contract
// for every agent. Beside it, the same write under the negated flag.
package hidden

import (
	"os"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/exitcode"
)

var (
	daemon bool
	format string
)

var runCmd = &cobra.Command{Use: "run"}

func init() {
	runCmd.Flags().BoolVar(&daemon, "daemon", false, "")
	_ = runCmd.Flags().MarkHidden("daemon")
	runCmd.Flags().StringVar(&format, "format", "text", "text or json")
}

func pidThenValidate() error {
	if daemon {
		_ = os.WriteFile("/run/tool.pid", nil, 0o600)
	}
	if format != "json" && format != "text" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is text or json")
	}
	return nil
}

func pidUnlessDaemon() error {
	if !daemon {
		_ = os.WriteFile("/run/tool.pid", nil, 0o600)
	}
	if format != "json" && format != "text" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is text or json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}
