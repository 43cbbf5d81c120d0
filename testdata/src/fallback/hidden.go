package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

// A command or flag the program hides from its help is its own internals
// (a child it spawns, a worker mode, its manual's generation): no agent
// runs it, and its exit is read by the program's parent or a developer.
// Beside each, the look-alike an agent does run.

var proxyChildCmd = &cobra.Command{
	Use:    "proxy-child",
	Hidden: true,
	RunE: func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			os.Exit(1)
		}
		return nil
	},
}

var proxyCmd = &cobra.Command{
	Use: "proxy",
	RunE: func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
		}
		return nil
	},
}

var legacyCmd = &cobra.Command{
	Use:        "legacy",
	Hidden:     true,
	Deprecated: "use proxy",
	Run: func(cmd *cobra.Command, args []string) {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	},
}

var importAliasCmd = &cobra.Command{Use: "import-internal", Hidden: true, Run: runImport}

var importCmd = &cobra.Command{Use: "import", Run: runImport}

func runImport(cmd *cobra.Command, args []string) {
	os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
}

var (
	actAsWorker bool
	workerPort  string
)

func init() {
	proxyCmd.Flags().BoolVar(&actAsWorker, "act-as-worker", false, "")
	proxyCmd.Flags().StringVar(&workerPort, "worker-port", "", "")
	_ = proxyCmd.Flags().MarkHidden("act-as-worker")
	_ = proxyCmd.Flags().MarkHidden("worker-port")
	proxyCmd.AddCommand(proxyChildCmd, legacyCmd, importAliasCmd, importCmd)
}

func serveWorker(err error) {
	if actAsWorker {
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if workerPort != "" && err != nil {
		os.Exit(1)
	}
	if !actAsWorker {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
