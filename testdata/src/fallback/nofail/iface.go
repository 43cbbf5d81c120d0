package main

import (
	"errors"
	"flag"
	"os"

	"cases/fallback/nofail/report"
)

// A call through an interface cannot fail with anything an agent could
// act on when every implementation in the program cannot: a main package
// sees every type of the program, so it knows them all. An exit after it
// never happens. Beside each, a look-alike with one implementation that
// can fail (a file write, an error of its own), whose exit stays reported.

func printAll(rs []report.Result) {
	p := report.NewPrinter("text")
	for _, r := range rs {
		if err := p.Put(r); err != nil {
			os.Exit(1) // every Printer writes to stdout or to memory
		}
	}
	s := report.NewStore(os.Getenv("OUT"))
	for _, r := range rs {
		if err := s.Save(r); err != nil {
			os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
		}
	}
}

// command is the program's own dispatch interface, as in a main that
// keeps a command per type.
type command interface {
	parse(args []string) error
}

type mergeCmd struct{ out string }

func (m *mergeCmd) parse(args []string) error {
	fs := flag.NewFlagSet("merge", flag.ExitOnError)
	fs.StringVar(&m.out, "out", ".", "")
	return fs.Parse(args) // exits by itself on a bad flag, else nil
}

type listCmd struct{}

func (listCmd) parse([]string) error { return nil }

func dispatch(args []string) {
	for _, c := range []command{&mergeCmd{}, listCmd{}} {
		if err := c.parse(args); err != nil {
			os.Exit(1) // neither command's parse returns an error
		}
	}
}

// checker's second implementation returns an error of its own.
type checker interface{ check() error }

type quiet struct{}

func (quiet) check() error { return nil }

type strict struct{}

func (strict) check() error { return errors.New("strict: failed") }

func checkAll() {
	for _, c := range []checker{quiet{}, strict{}} {
		if err := c.check(); err != nil {
			os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
		}
	}
}

// sizer has a generic implementation, whose instances are in no scope:
// what they return is not known, and the exit stays reported although the
// one implementation in scope returns nil.
type sizer interface{ size() error }

type fixed struct{}

func (fixed) size() error { return nil }

type boxed[T any] struct{ v T }

func (boxed[T]) size() error { return errors.New("boxed: no size") }

func sizeAll() {
	for _, s := range []sizer{fixed{}, boxed[int]{}} {
		if err := s.size(); err != nil {
			os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
		}
	}
}
