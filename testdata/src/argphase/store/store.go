// Package store has side effects that callers in other packages see through
// facts.
package store

import (
	"context"
	"fmt"
	"net/http"
	"os"

	"cases/argphase/validate"

	"github.com/exitlint/exitlint/exitcode"
)

func Save(name string, b []byte) error { // want Save:`sideEffect\(os.WriteFile writes a file if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	return os.WriteFile(name, b, 0o644)
}

func Archive(name string) error { // want Archive:`sideEffect\(store.Save → os.WriteFile writes a file\)$`
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

func Create(name string) (*os.File, error) { // want Create:`sideEffect\(os.OpenFile opens a file for writing if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	return os.OpenFile(name, os.O_CREATE|os.O_WRONLY, 0o644)
}

func Printf(f *os.File, n int) { // want Printf:`sideEffect\(fmt.Fprintf writes to a file if parameter 0 is a lasting file; housekeeping under the user's config or cache directory\)`
	fmt.Fprintf(f, "%d\n", n)
}

// Report prints to stderr: no side effect.
func Report(n int) { fmt.Fprintf(os.Stderr, "%d\n", n) }

func WriteTo(f *os.File) { // want WriteTo:`sideEffect\(os.File.Write writes to a file if parameter 0 is a lasting file; housekeeping under the user's config or cache directory\)`
	f.Write(nil)
}

// Handler returns a literal that writes; calling Handler writes nothing.
func Handler() func() { return func() { os.WriteFile("x", nil, 0o644) } }

func Walk(root string) { // want Walk:`sideEffect\(os.Remove removes a file\)`
	each(func(p string) { os.Remove(p) })
}

func each(f func(string)) {}

// Send sends the request its caller gives it, as ctxhttp.Do does: a side
// effect only when that request is no GET or HEAD.
func Send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want Send:`sideEffect\(http.Client.Do sends an HTTP request if parameter 2 is no GET or HEAD request\)`
	return c.Do(req.WithContext(ctx))
}

// Latest reads through Send: no side effect.
func Latest(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	_, err = Send(ctx, c, req)
	return err
}

// Both sends one request and writes to one file its caller gives it: two
// conditions are one too many to carry, so it counts whatever it is given.
func Both(c *http.Client, req *http.Request, f *os.File) { // want Both:`sideEffect\(http.Client.Do sends an HTTP request\)$`
	c.Do(req)
	f.Write(nil)
}

// Relay passes its own parameter on to Send: the condition moves to it.
func Relay(c *http.Client, req *http.Request) { // want Relay:`sideEffect\(store.Send → http.Client.Do sends an HTTP request if parameter 1 is no GET or HEAD request\)`
	Send(context.Background(), c, req)
}

// Post sends a POST through Send: a side effect whatever its caller gives.
func Post(c *http.Client, url string) { // want Post:`sideEffect\(store.Send → http.Client.Do sends an HTTP request\)$`
	req, _ := http.NewRequest(http.MethodPost, url, nil)
	Send(context.Background(), c, req)
}
