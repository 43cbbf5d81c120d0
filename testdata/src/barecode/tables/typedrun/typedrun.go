// Package main returns the runtime's typed codes from a function whose result
// becomes the exit code. A bare constant there is one finding, which says
// both how it reaches the exit and how to spell it, not two.
package main

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func deploy(env string) exitcode.Code {
	switch env {
	case "prod":
		return exitcode.Success
	case "":
		return 3 // want `^exit code 3 written as a bare integer: spell it exitcode.ArgError so the type system and readers see the contract's code \(it becomes the exit code: deploy's result → exitcode.Exit\); an agent reads 3 as ARG_ERROR \(fix the input, retry immediately — zero side effects guaranteed\): if the code means another outcome, use the member that says it$`
	}
	return exitcode.NotFound
}

func main() {
	exitcode.Exit(deploy(os.Args[1]))
}
