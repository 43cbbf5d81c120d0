// Command lintme is the golangci-lint plugin's integration fixture
// (.ci/golangci-plugin): each finding below is asserted by line.
package main

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"

	"lintme/store"
)

func run(args []string) exitcode.Code {
	if err := store.Save("out.txt"); err != nil {
		return exitcode.FromError(err)
	}
	if len(args) == 0 {
		return exitcode.ArgError // argphase: after store.Save's write, a fact from package store
	}
	return exitcode.Success
}

func main() {
	if len(os.Args) > 5 {
		os.Exit(5) // barecode, with a fix
	}
	if len(os.Args) > 6 {
		os.Exit(6) //nolint:exitlint // silenced by golangci-lint
	}
	if len(os.Args) > 7 {
		//exitlint:ignore barecode silenced by exitlint's own directive
		os.Exit(7)
	}
	if len(os.Args) > 8 {
		os.Exit(8) //nolint:barecode // silenced by the plugin: golangci-lint does not know the name
	}
	_ = len(os.Args) //nolint:exitlint // unused: golangci-lint's nolintlint reports it, and nothing else does
	exitcode.Exit(run(os.Args[1:]))
}
