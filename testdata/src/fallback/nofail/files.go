package main

import (
	"log"
	"os"
	"os/exec"
)

// openFile exits after fstat of a descriptor it has just opened, which
// fails only inside the process.
func openFile(path string) int64 {
	f, err := os.Open(path)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	fi, err := f.Stat()
	if err != nil {
		os.Exit(1)
	}
	return fi.Size()
}

// writtenFile closes a file it made: a close may report a write's failure
// (a full disk, a network file system), which is no internal one.
func writtenFile(path string) {
	w, err := os.Create(path)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := w.Stat(); err != nil {
		os.Exit(1)
	}
	if err := w.Close(); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

// givenFile stats a file it was handed: which descriptor that is, and
// whether it is open, is not known here.
func givenFile(f *os.File) {
	if _, err := f.Stat(); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err := f.Close(); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

// pipes connects to a child's streams: making a pipe fails only inside
// the process (a stream already set or a command already started, both
// defects of the program, or no descriptor left), so the exits after
// StdoutPipe and StdinPipe never tell an agent anything; starting the
// child may fail for a missing program.
func pipes(cmd *exec.Cmd) {
	out, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		log.Fatalf("stdin: %v", err)
	}
	_, _ = out, in
	if err := cmd.Start(); err != nil {
		log.Fatal(err) // want `log.Fatal ends the process with GENERAL_ERROR`
	}
}

func files() {
	_ = openFile(os.Args[1])
	writtenFile(os.Args[2])
	givenFile(os.Stdin)
	pipes(exec.Command("git", "status"))
}
