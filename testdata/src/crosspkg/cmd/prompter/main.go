// Command prompter exits with the code an exitint.ErrExit carries.
package main

import (
	"errors"
	"fmt"
	"os"

	"cases/crosspkg/confirm"
	"cases/crosspkg/exitint"
)

func main() {
	if err := confirm.Run(os.Args[1], len(os.Args)); err != nil {
		var ex exitint.ErrExit
		if errors.As(err, &ex) {
			os.Exit(int(ex))
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4) // want barecode:`exit code 4 written as a bare integer`
	}
}
