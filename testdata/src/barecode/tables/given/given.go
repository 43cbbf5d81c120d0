// Package main exits with what a helper returns, the code it is given: a
// bare constant given to it is the exit code, though it sits inside the
// exit call's argument.
package main

import (
	"fmt"
	"os"
)

// emit prints a message and returns the code it is given.
func emit(msg string, code int) int {
	fmt.Println(msg)
	return code
}

func main() {
	if len(os.Args) > 2 {
		os.Exit(emit("not found", 7)) // want `exit code 7 written as a bare integer`
	}
	os.Exit(int(int64(5))) // want `exit code 5 written as a bare integer`
}
