package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// A command runner handed the standard streams by main: its writer
// parameters are stdout and stderr wherever the program calls it (a test
// that hands it buffers stands in for those streams), so a failed write to
// one is a failed write to the output stream, where GENERAL_ERROR is the
// last resort.
func mainStreams() { os.Exit(runStreams(os.Args[1:], os.Stdout, os.Stderr)) }

func runStreams(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "list" {
		return listStreams(stdout, stderr)
	}
	if len(args) > 0 && args[0] == "show" {
		return showStreams(bufio.NewWriter(stdout))
	}
	if err := json.NewEncoder(stdout).Encode(args); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// listStreams is handed runStreams's stdout, which is os.Stdout.
func listStreams(out, errs io.Writer) int {
	if _, err := fmt.Fprintln(out, "a", "b"); err != nil {
		fmt.Fprintln(errs, err)
		return 1
	}
	return 0
}

// showStreams is handed a buffered writer over that stdout.
func showStreams(w *bufio.Writer) int {
	fmt.Fprintln(w, "shown")
	if err := w.Flush(); err != nil {
		return 1
	}
	return 0
}

// Look-alikes: a writer parameter that some call gives a file, one the
// function replaces before writing, and a function passed as a value,
// whose callers are unknown, keep their findings.
func mainSinks(path string) {
	f, _ := os.Create(path)
	if len(path) > 1 {
		os.Exit(emitSink(f))
	}
	if len(path) > 2 {
		os.Exit(emitSink(os.Stdout))
	}
	if len(path) > 3 {
		os.Exit(reassignedSink(os.Stdout))
	}
	os.Exit(callSink(valueSink))
}

func emitSink(w io.Writer) int {
	if _, err := fmt.Fprintln(w, "x"); err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	return 0
}

func reassignedSink(w io.Writer) int {
	if len(os.Args) > 3 {
		f, _ := os.Create(os.Args[3])
		w = f
	}
	if _, err := fmt.Fprintln(w, "x"); err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	return 0
}

func valueSink(w io.Writer) int {
	if _, err := fmt.Fprintln(w, "x"); err != nil {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	return 0
}

func callSink(f func(io.Writer) int) int {
	if f(os.Stdout) != 0 {
		return 4
	}
	return valueSink(os.Stdout)
}
