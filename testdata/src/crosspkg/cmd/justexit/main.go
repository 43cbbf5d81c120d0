// Command justexit keeps its exit code in an error of an integer type of
// its own, returned by its commands and exited with by main.
package main

import (
	"fmt"
	"os"
	"strconv"
)

type errJustExit int

func (e errJustExit) Error() string { return "exit: " + strconv.Itoa(int(e)) }

// level is an integer type that is no error: its conversions are no exit
// codes, though main converts it too.
type level int

func main() {
	if err := run(os.Args[1:]); err != nil {
		if code, ok := err.(errJustExit); ok {
			os.Exit(int(code))
		}
		fmt.Fprintln(os.Stderr, err)
		os.Exit(5) // want barecode:`exit code 5 written as a bare integer`
	}
	fmt.Println(int(level(2)))
}

func run(args []string) error {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: justexit cmd")
		return errJustExit(2) // want barecode:`exit code 2 written as a bare integer.*errJustExit`
	}
	if args[0] == "help" {
		return errJustExit(0)
	}
	if _, err := os.Stat(args[0]); err != nil {
		return errJustExit(1) // want fallback:`exit code 1 is GENERAL_ERROR.*errJustExit`
	}
	return nil
}

// verbosity exits with a level, an integer type that is no error: its
// value is followed only through what is assigned to lv, and a level
// converted elsewhere for another purpose is no exit code.
func verbosity(quiet bool) {
	fmt.Println("default level", int(level(4))) // no finding: printed, never exited with
	lv := level(0)
	if quiet {
		lv = level(7) // want barecode:`exit code 7 written as a bare integer`
	}
	os.Exit(int(lv))
}
