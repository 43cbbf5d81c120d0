// Package inttable: a program's own exit table, plain ints returned by run
// into os.Exit: 3 reaches the exit, and the agent reads ARG_ERROR.
package main

import (
	"os"
)

const (
	exitOK    = 0
	exitError = 1
	exitUsage = 3
)

func run(args []string) int {
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return exitError
	}
	if len(args) > 1 {
		return exitUsage // want `ARG_ERROR returned as the exit code \(run's result → os.Exit\) after a side effect: os.WriteFile writes a file`
	}
	return exitOK
}

// check validates first: its 3 comes before any write.
func check(args []string) int {
	if len(args) > 1 {
		return exitUsage
	}
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return exitError
	}
	return exitOK
}

// count returns an int that is no exit code.
func count(args []string) int {
	if err := os.WriteFile("out.json", nil, 0o644); err != nil {
		return 0
	}
	return 3
}

func main() {
	if len(os.Args) > 5 {
		os.Exit(check(os.Args))
	}
	_ = count(os.Args)
	os.Exit(run(os.Args[1:]))
}
