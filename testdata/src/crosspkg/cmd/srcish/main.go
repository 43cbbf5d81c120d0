// Command srcish runs commands declared in package-level variables and
// exits with the code their error carries (cmderr.ExitCodeError.Code).
package main

import (
	"errors"
	"fmt"
	"os"

	"cases/crosspkg/cmderr"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	cmds := []*command{getCommand, createCommand, apiCommand}
	for _, c := range cmds {
		if len(args) > 0 && args[0] == c.name {
			err := c.action(args[1:])
			var p *cmderr.Progress
			if errors.As(err, &p) {
				fmt.Println("reached step", p.Code())
				return 0
			}
			if e, ok := err.(*cmderr.ExitCodeError); ok {
				return e.Code()
			}
			if err != nil {
				return 1
			}
			return 0
		}
	}
	return 0
}
