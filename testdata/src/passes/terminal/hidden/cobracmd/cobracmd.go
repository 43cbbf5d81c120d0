// Package main marks code with mark(…): the test reports each mark that
// runs only through a hidden cobra command, beside its look-alikes.
package main

import "github.com/spf13/cobra"

func mark(string) {}

var childCmd = &cobra.Command{
	Use:    "child [dir]",
	Hidden: true,
	RunE: func(cmd *cobra.Command, args []string) error {
		mark("hidden") // want `terminal-only: hidden command child`
		return nil
	},
}

var visibleCmd = &cobra.Command{
	Use: "visible",
	RunE: func(cmd *cobra.Command, args []string) error {
		mark("agent: a visible command")
		return nil
	},
}

var notHiddenCmd = &cobra.Command{
	Use:    "shown",
	Hidden: false,
	Run:    func(*cobra.Command, []string) { mark("agent: Hidden is false") },
}

var deprecatedCmd = &cobra.Command{
	Use:        "old",
	Hidden:     true,
	Deprecated: "use new",
	Run:        func(*cobra.Command, []string) { mark("agent: a deprecated command is still used") },
}

var workerCmd = &cobra.Command{Use: "worker", Hidden: true, PreRun: prepareWorker, RunE: runWorker}

func prepareWorker(*cobra.Command, []string) {
	mark("hidden") // want `terminal-only: hidden command worker`
}

func runWorker(cmd *cobra.Command, args []string) error {
	mark("hidden") // want `terminal-only: hidden command worker`
	return nil
}

// A hidden alias and a visible command share runSync.
var syncAliasCmd = &cobra.Command{Use: "sync-internal", Hidden: true, RunE: runSync}

var syncCmd = &cobra.Command{Use: "sync", RunE: runSync}

func runSync(cmd *cobra.Command, args []string) error {
	mark("agent: a visible command runs it too")
	return nil
}

// runPing is a hidden command's, and main calls it as well.
var pingCmd = &cobra.Command{Use: "ping", Hidden: true, RunE: runPing}

func runPing(cmd *cobra.Command, args []string) error {
	mark("agent: main calls it")
	return nil
}

func main() {
	root := &cobra.Command{Use: "tool"}
	root.AddCommand(childCmd, visibleCmd, notHiddenCmd, deprecatedCmd, workerCmd, syncAliasCmd, syncCmd, pingCmd)
	if len(root.Use) == 0 {
		_ = runPing(root, nil)
	}
	_ = root.Execute()
}
