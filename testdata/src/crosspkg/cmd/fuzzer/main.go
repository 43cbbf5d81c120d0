// Command fuzzer exits with the constants of package outcome, spelled by
// their names: they are reported at their declarations, not here.
package main

import (
	"fmt"
	"os"

	"cases/crosspkg/outcome"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		return outcome.FailedLint
	}
	switch args[0] {
	case "fmt":
		return outcome.FailedFmt
	case "fmt-check":
		return outcome.FailedFmt
	case "exec":
		os.Exit(outcome.FailedExec)
	case "get":
		return outcome.NotFound
	case "wait":
		return outcome.Timeout
	case "again":
		return outcome.Retry
	}
	fmt.Println(outcome.Width)
	return outcome.OK
}
