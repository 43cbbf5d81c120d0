// Package main returns its exit code as one result of several: process
// gives (diagnostics, code), processAll passes it on, run assigns it with
// the diagnostics and returns it, and main exits with it. A code is the
// code however many results travel with it.
package main

import (
	"fmt"
	"os"
)

func process(name string) (string, int) {
	code := 0
	if _, err := os.Stat(name); err != nil {
		code = 4 // want `exit code 4 written as a bare integer.*\(it becomes the exit code: process's result → processAll's result → run's result → os.Exit\)`
	}
	return name, code
}

func processAll(names []string) ([]string, int) {
	var out []string
	code := 0
	for _, n := range names {
		d, c := process(n)
		out = append(out, d)
		if c != 0 {
			code = c
		}
	}
	return out, code
}

// sizes returns two integers: which one is a code nobody can say, and
// neither reaches an exit.
func sizes(name string) (int, int) {
	if name == "" {
		return 5, 6
	}
	return len(name), 0
}

// label's integer result is printed, never an exit code.
func label(name string) (string, int) {
	return name, 7
}

func run(args []string) int {
	if len(args) == 0 {
		return 2 // want `exit code 2 written as a bare integer.*\(it becomes the exit code: run's result → os.Exit\)`
	}
	w, h := sizes(args[0])
	s, n := label(args[0])
	fmt.Println(w, h, s, n)
	var out []string
	code := 0
	out, code = processAll(args)
	fmt.Println(out)
	return code
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// setup returns -1 when the caller should go on, and a code to exit with
// otherwise; status tests which it got before returning it.
func setup(name string) (string, int) {
	if name == "" {
		return "", 5 // no finding: the sentinel test decides what reaches the exit
	}
	return name, -1 // no finding: a sentinel, never an exit code
}

func status(args []string) int {
	s, code := setup(args[0])
	if code >= 0 {
		return code
	}
	fmt.Println(s)
	return 0
}

func init() {
	if len(os.Args) > 2 {
		os.Exit(status(os.Args[2:]))
	}
}
