// Command deploycli is a small agent-facing CLI with the mistakes exitlint
// exists to catch. Run exitlint on it from the repository root:
//
//	go run ./cmd/exitlint ./examples/...
package main

import (
	"fmt"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

const exitUsage = 2 // a private exit code: agents cannot look it up

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: deploycli ENV")
		os.Exit(exitUsage) // barecode: the code is a bare integer
	}
	code := deploy(os.Args[1])
	if code == 5 { // barecode: compares with a bare integer
		fmt.Fprintln(os.Stderr, "no such environment")
	}
	exitcode.Exit(code)
}

func deploy(env string) exitcode.Code {
	switch env {
	case "prod", "staging":
		return exitcode.Success
	case "":
		return 3 // barecode: should be exitcode.ArgError
	}
	return exitcode.NotFound
}
