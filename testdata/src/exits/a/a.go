package a

import (
	"log"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func Die() { // want Die:`exits\(1 via os.Exit\(1\)\)`
	os.Exit(1)
}

func Usage() { // want Usage:`exits\(3 via exitcode.Exit\(3\)\)`
	exitcode.Exit(exitcode.ArgError)
}

func Fatal(err error) { // want Fatal:`exits\(1 via log.Fatal\)`
	log.Fatal(err)
}

func Either(bad bool) { // want Either:`exits\(1,3 via Die → os.Exit\(1\)\)`
	if bad {
		Die()
	}
	Usage()
}

func Computed(c exitcode.Code) { // want Computed:`exits\(computed via exitcode.Exit\(…\)\)` Computed:`code\(exits\(0\)\)`
	exitcode.Exit(c)
}

// Literal declares a literal that exits; the literal's exit is its own.
func Literal() func() {
	return func() { os.Exit(1) }
}

func Recursive(n int) { // want Recursive:`exits\(1 via Recursive2 → Die → os.Exit\(1\)\)`
	if n > 0 {
		Recursive2(n - 1)
	}
}

func Recursive2(n int) { // want Recursive2:`exits\(1 via Die → os.Exit\(1\)\)`
	Recursive(n)
	Die()
}

type T struct{}

func (T) Exit(code int) {} // no process exit

func (*T) Quit() { // want Quit:`exits\(0 via os.Exit\(0\)\)`
	os.Exit(0)
}
