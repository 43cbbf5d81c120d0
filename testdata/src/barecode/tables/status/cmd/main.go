// Package main sets the exit status through base.
package main

import (
	"os"

	"cases/barecode/tables/status/base"
)

func main() {
	defer base.Exit()
	if len(os.Args) < 2 {
		base.SetExitStatus(2) // want `exit code 2 written as a bare integer.*\(it becomes the exit code: base.SetExitStatus sets the exit status to it\)`
		return
	}
	base.Count(4)
}
