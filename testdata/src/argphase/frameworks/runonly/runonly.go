// Package runonly: a Run function returns no error, so no error of
// Execute follows its side effects.
package runonly

import (
	"os"

	"github.com/spf13/cobra"
)

var rootCmd = &cobra.Command{
	Use: "tool",
	Run: func(cmd *cobra.Command, args []string) {
		_ = os.WriteFile(args[0], nil, 0o644)
	},
}

func main() {
	if err := rootCmd.Execute(); err != nil {
		os.Exit(3)
	}
}
