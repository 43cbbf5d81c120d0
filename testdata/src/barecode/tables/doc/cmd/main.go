// Package main exits with the codes package's statuses through a helper:
// they were checked where they are declared, so their uses are not
// reported again.
package main

import (
	"fmt"
	"os"

	"cases/barecode/tables/doc/codes"
)

// exitError ends the process with the code it is given.
func exitError(msg string, code int) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(code)
}

func main() {
	if len(os.Args) < 2 {
		exitError("no input", codes.CouldNotReadInputFile)
	}
	if len(os.Args) > 3 {
		exitError("encrypted", codes.FileAlreadyEncrypted)
	}
	for i := 0; i < codes.MaxRetries; i++ {
		fmt.Println(i)
	}
}
