// Package main sets the typed status: the members are checked where they
// are declared.
package main

import (
	"os"

	"cases/barecode/tables/status/typed"
)

func main() {
	defer typed.Exit()
	if len(os.Args) < 2 {
		typed.SetExitStatus(typed.SInvalidParameters)
		return
	}
	typed.SetExitStatus(typed.SApplicationError)
}
