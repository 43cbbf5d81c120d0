// Package main marks code with mark(…): the test reports each mark that
// runs only when a flag hidden with MarkHidden is set, beside its
// look-alikes.
package main

import (
	"os"

	"github.com/spf13/cobra"
)

func mark(string) {}

var (
	daemon    bool
	deployID  string
	force     bool
	internal  bool
	setByCode bool
	elsewhere bool
)

var deployCmd = &cobra.Command{Use: "deploy", RunE: runDeploy}

var otherCmd = &cobra.Command{Use: "other"}

func init() {
	deployCmd.Flags().BoolVar(&daemon, "daemon", false, "")
	deployCmd.Flags().StringVar(&deployID, "deploy-id", "", "")
	deployCmd.Flags().BoolVarP(&force, "force", "f", false, "skip the check")
	_ = deployCmd.Flags().MarkHidden("daemon")
	_ = deployCmd.Flags().MarkHidden("deploy-id")

	// Bound to a hidden flag and to a visible one.
	deployCmd.Flags().BoolVar(&internal, "internal", false, "")
	_ = deployCmd.Flags().MarkHidden("internal")
	otherCmd.Flags().BoolVar(&internal, "shared", false, "a visible flag")

	// Hidden, but the program sets it itself as well.
	deployCmd.Flags().BoolVar(&setByCode, "set-by-code", false, "")
	_ = deployCmd.Flags().MarkHidden("set-by-code")

	// Marked hidden on another flag set.
	deployCmd.Flags().BoolVar(&elsewhere, "elsewhere", false, "")
	_ = otherCmd.Flags().MarkHidden("elsewhere")
}

func runDeploy(cmd *cobra.Command, args []string) error {
	if daemon && deployID != "" {
		mark("hidden") // want `terminal-only: hidden flag --daemon`
	}
	if !daemon {
		mark("agent: the flag is not set")
	}
	if force {
		mark("agent: a visible flag")
	}
	if internal {
		mark("agent: a visible flag sets it too")
	}
	if setByCode {
		mark("agent: the program sets it")
	}
	if elsewhere {
		mark("agent: hidden on another flag set")
	}
	if deployID == "" {
		mark("agent")
	} else {
		mark("hidden") // want `terminal-only: hidden flag --deploy-id`
	}
	if daemon || force {
		mark("agent: --force reaches it")
	}
	return nil
}

func worker() {
	if !daemon {
		os.Exit(1)
	}
	mark("hidden") // want `terminal-only: hidden flag --daemon`
}

func notLeaving() {
	if !daemon {
		mark("agent")
	}
	mark("agent: the if falls through")
}

func local() {
	w := daemon
	if w {
		mark("hidden") // want `terminal-only: hidden flag --daemon`
	}
}

func setIt() { setByCode = true }

func main() {
	root := &cobra.Command{Use: "tool"}
	root.AddCommand(deployCmd, otherCmd)
	setIt()
	worker()
	notLeaving()
	local()
	_ = root.Execute()
}
