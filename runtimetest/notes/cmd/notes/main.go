// Command notes is the notes CLI: notes in $NOTES_DIR (default ./notes),
// synced with $NOTES_SERVER; NOTES_DEBUG=1 makes list print a stray debug
// line to standard output.
package main

import (
	"os"

	"github.com/exitlint/exitlint/runtimetest/notes"
)

func main() {
	dir := os.Getenv("NOTES_DIR")
	if dir == "" {
		dir = "notes"
	}
	notes.New(notes.Config{Dir: dir, Server: os.Getenv("NOTES_SERVER"), Debug: os.Getenv("NOTES_DEBUG") == "1"}).Main()
}
