// Package exclusive: flags cobra declares mutually exclusive are never both
// set in one run, so what runs when one is set never precedes what runs
// when another is.
package exclusive

import (
	"os"

	"github.com/spf13/cobra"
)

var addCmd = &cobra.Command{Use: "add"}

var dryRun bool

func init() {
	addCmd.Flags().String("copy-to", "", "copy the file there first")
	addCmd.Flags().String("move-to", "", "move the file there first")
	addCmd.Flags().String("link-to", "", "link the file there too")
	addCmd.Flags().BoolVar(&dryRun, "dry-run", false, "change nothing")
	addCmd.MarkFlagsMutuallyExclusive("copy-to", "move-to")
	addCmd.MarkFlagsMutuallyExclusive("link-to", "dry-run")
}

func add(cmd *cobra.Command, file string) {
	copyTo, _ := cmd.Flags().GetString("copy-to")
	if copyTo != "" {
		if err := os.WriteFile(copyTo, nil, 0o644); err != nil {
			return
		}
	}
	moveTo, _ := cmd.Flags().GetString("move-to")
	if moveTo != "" {
		if _, err := os.Stat(moveTo); err == nil {
			os.Exit(3) // no finding: --copy-to and --move-to never come together
		}
	}
	linkTo, _ := cmd.Flags().GetString("link-to")
	if linkTo != "" {
		if _, err := os.Stat(linkTo); err == nil {
			os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: os.WriteFile writes a file`
		}
	}
}

// bound: the flag is bound to a variable.
func bound(cmd *cobra.Command, file string) {
	linkTo, _ := cmd.Flags().GetString("link-to")
	if linkTo != "" {
		if err := os.Symlink(file, linkTo); err != nil {
			return
		}
	}
	if dryRun {
		os.Exit(3) // no finding: --link-to and --dry-run never come together
	}
	if len(file) > 3 {
		os.Exit(3) // want `ARG_ERROR emitted by os.Exit after a side effect: os.Symlink creates a symbolic link`
	}
}
