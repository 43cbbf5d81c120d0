// Package store has side effects that callers in other packages see through
// facts.
package store

import (
	"fmt"
	"os"

	"cases/argphase/validate"

	"github.com/exitlint/exitlint/exitcode"
)

func Save(name string, b []byte) error { // want Save:`sideEffect\(os.WriteFile writes a file\)`
	return os.WriteFile(name, b, 0o644)
}

func Archive(name string) error { // want Archive:`sideEffect\(store.Save → os.WriteFile writes a file\)`
	return Save(name+".bak", nil)
}

// Validate is re-exported from the validate package.
func Validate(name string) error { return validate.Validate(name) }

// Publish is an SDK call exitlint cannot see into.
//
//exitlint:sideeffect
func Publish(topic string) {} // want Publish:`sideEffect\(is marked //exitlint:sideeffect\)`

func Read(name string) ([]byte, error) { return os.ReadFile(name) }

// Usage ends the process with ARG_ERROR.
func Usage() {
	exitcode.Exit(exitcode.ArgError)
}

// Log writes diagnostics: no side effect.
func Log(msg string) { os.Stderr.WriteString(msg); os.Stdout.Write([]byte(msg)) }

// Open reads: no side effect.
func Open(name string) (*os.File, error) { return os.OpenFile(name, os.O_RDONLY, 0) }

// Append opens an existing file to append to it: opening changes nothing,
// what is written later does.
func Append(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
}

func Create(name string) (*os.File, error) { // want Create:`sideEffect\(os.OpenFile opens a file for writing\)`
	return os.OpenFile(name, os.O_CREATE|os.O_WRONLY, 0o644)
}

func Printf(f *os.File, n int) { // want Printf:`sideEffect\(fmt.Fprintf writes to a file\)`
	fmt.Fprintf(f, "%d\n", n)
}

// Report prints to stderr: no side effect.
func Report(n int) { fmt.Fprintf(os.Stderr, "%d\n", n) }

func WriteTo(f *os.File) { // want WriteTo:`sideEffect\(os.File.Write writes to a file\)`
	f.Write(nil)
}

// Handler returns a literal that writes; calling Handler writes nothing.
func Handler() func() { return func() { os.WriteFile("x", nil, 0o644) } }

func Walk(root string) { // want Walk:`sideEffect\(os.Remove removes a file\)`
	each(func(p string) { os.Remove(p) })
}

func each(f func(string)) {}
