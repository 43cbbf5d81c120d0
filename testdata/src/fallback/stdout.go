package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log"
	"os"
)

// printJSON: when stdout itself cannot be written, no code can be explained
// to the agent, whose envelope is lost with it: GENERAL_ERROR is the last
// resort there.
func printJSON(v any) {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := json.NewEncoder(os.Stdout).Encode(v); err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "done")
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
	_, err := fmt.Fprintln(os.Stdout, "ok")
	if err != nil {
		os.Exit(1)
	}
}

// saveJSON: a file that cannot be written is a failure a code can name.
func saveJSON(f *os.File, v any) {
	if err := json.NewEncoder(f).Encode(v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err := json.Unmarshal([]byte("{}"), &v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	_, err := fmt.Fprintln(os.Stdout, "ok")
	if err != nil {
		fmt.Println("retrying")
	}
	if v == nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
