// Package report is a library of the program: it declares interfaces
// whose implementations it holds, as a program's output managers do.
package report

import (
	"fmt"
	"os"
)

// Result is one checked file.
type Result struct{ File string }

// Printer prints results. Every implementation in the program writes to
// standard output or keeps the result in memory, so no call of Put fails
// with anything an agent could act on.
type Printer interface {
	Put(r Result) error
}

type text struct{}

func (text) Put(r Result) error {
	_, err := fmt.Fprintln(os.Stdout, r.File)
	return err
}

type collect struct{ all []Result }

func (c *collect) Put(r Result) error {
	c.all = append(c.all, r)
	return nil
}

// NewPrinter returns the printer of the format.
func NewPrinter(format string) Printer {
	if format == "text" {
		return text{}
	}
	return &collect{}
}

// Store keeps results. One implementation writes a file, which can fail
// for a reason an agent can act on (a missing directory, a full disk).
type Store interface {
	Save(r Result) error
}

type memory struct{}

func (memory) Save(Result) error { return nil }

type file struct{ path string }

func (f file) Save(r Result) error { return os.WriteFile(f.path, []byte(r.File), 0o644) }

// NewStore returns the store at path, or one in memory.
func NewStore(path string) Store {
	if path == "" {
		return memory{}
	}
	return file{path}
}
