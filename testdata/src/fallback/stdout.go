package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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

// readInput: when stdin itself cannot be read, nothing an agent sent is
// at fault and no code 3–13 says what happened: GENERAL_ERROR is the last
// resort, as for a broken stdout.
func readInput() []byte {
	data, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	in := bufio.NewReader(os.Stdin)
	more, err := io.ReadAll(in)
	if err != nil {
		os.Exit(1)
	}
	// Copied whole into memory, or its descriptor's stat: again only the
	// stream itself can fail.
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, os.Stdin); err != nil {
		os.Exit(1)
	}
	if _, err := os.Stdin.Stat(); err != nil {
		os.Exit(1)
	}
	return append(data, more...)
}

// decodeInput: input that does not decode is the agent's to fix, and a
// file named on the command line may be missing: codes name both.
func decodeInput(path string) any {
	var v any
	if err := json.NewDecoder(os.Stdin).Decode(&v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	f, _ := os.Open(path)
	if _, err := io.ReadAll(f); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, f); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := io.Copy(f, os.Stdin); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := statOf(f); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	return v
}

// statOf stats a file it is handed: the file may be one that is gone.
func statOf(f *os.File) (os.FileInfo, error) { return f.Stat() }
