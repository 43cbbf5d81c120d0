// Package ssa is read by the sideeffects pass's SSA view: values followed
// through phis, captured variables and the parameters of unexported
// functions; function literals called, deferred, started or handed to a
// call; interface calls of values the function made.
package ssa

import (
	"context"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sort"

	"cases/passes/sideeffects/lib"
)

const u = "https://example.com"

// Phi writes at a path that is temporary on one branch only, then at one
// that is temporary on both.
func Phi(temp bool) {
	dir, _ := os.MkdirTemp("", "x")
	p := "out"
	if temp {
		p = filepath.Join(dir, "a")
	}
	os.WriteFile(p, nil, 0o644) // want `SSA \*ssa\.Call: os\.WriteFile writes a file; rule NotTemp 0`
	q := filepath.Join(dir, "b")
	if temp {
		q = filepath.Join(dir, "c")
	}
	os.WriteFile(q, nil, 0o644) // temporary on every path
}

// Captured sets the path in a closure.
func Captured() {
	dir, _ := os.MkdirTemp("", "x")
	var p string
	set := func() { p = filepath.Join(dir, "a") }
	set()
	os.WriteFile(p, nil, 0o644) // what the closure stored: temporary
}

// writeAt is unexported and only ever given temporary paths: the tracer
// follows its parameter to every call's argument.
func writeAt(path string) {
	os.WriteFile(path, nil, 0o644) // every caller gives a temporary path
}

// writeSomewhere is given a lasting path by one caller.
func writeSomewhere(path string) {
	os.WriteFile(path, nil, 0o644) // want `SSA \*ssa\.Call: os\.WriteFile writes a file; rule NotTemp 0`
}

// WriteAt is exported: its callers are not all known.
func WriteAt(path string) {
	os.WriteFile(path, nil, 0o644) // want `SSA \*ssa\.Call: os\.WriteFile writes a file; rule NotTemp 0`
}

func Callers() {
	dir, _ := os.MkdirTemp("", "x")
	writeAt(filepath.Join(dir, "a"))
	writeAt(dir)
	writeSomewhere(dir)   // this argument is temporary
	writeSomewhere("out") // want `SSA \*ssa\.Call: ssa\.writeSomewhere → os\.WriteFile writes a file; rule NotTemp 0`
}

// Requests: a method chosen at run time is no known GET; a GET through
// WithContext, or given to an unexported helper, is.
func Requests(ctx context.Context, c *http.Client, post bool) {
	m := "GET"
	if post {
		m = "POST"
	}
	req, _ := http.NewRequest(m, u, nil)
	c.Do(req) // want `SSA \*ssa\.Call: http\.Client\.Do sends an HTTP request; rule NotReading 0`
	get, _ := http.NewRequest("GET", u, nil)
	c.Do(get.WithContext(ctx)) // a GET
	send(c, get)               // a GET to a helper whose fact is conditional
	c.Do(get)                  // a GET
}

func send(c *http.Client, r *http.Request) {
	c.Do(r) // every caller gives a GET
}

// Literals run while the function does: called, deferred, started, or
// handed to a call; a literal only stored does not. Each literal's own
// calls are its own.
func Literals(root string, xs []int) {
	f := func() {
		os.Remove("f") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	}
	f()            // want `SSA \*ssa\.Call: func literal → os\.Remove removes a file; rule Always 0`
	defer func() { // want `SSA \*ssa\.Defer: func literal → os\.Remove removes a file; rule Always 0`
		os.Remove("deferred") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	}()
	go func() { // want `SSA \*ssa\.Go: func literal → os\.Remove removes a file; rule Always 0`
		os.Remove("started") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	}()
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error { // want `SSA \*ssa\.Call: callback → func literal → os\.Remove removes a file; rule Always 0`
		return os.Remove(p) // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	})
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	stored := func() {
		os.Remove("stored") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	}
	_ = stored
	defer os.Remove("direct") // want `SSA \*ssa\.Defer: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
}

// Nested literals: a side effect five literals deep is seen from the
// outermost call, one six deep is not (maxLiteralDepth).
func Nested() {
	func() {
		func() {
			func() {
				func() {
					func() {
						os.Remove("five") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
					}() // want `SSA \*ssa\.Call: func literal → os\.Remove removes a file; rule Always 0`
				}() // want `SSA \*ssa\.Call: func literal → func literal → os\.Remove removes a file; rule Always 0`
			}() // want `SSA \*ssa\.Call: func literal → func literal → func literal → os\.Remove removes a file; rule Always 0`
		}() // want `SSA \*ssa\.Call: func literal → func literal → func literal → func literal → os\.Remove removes a file; rule Always 0`
	}() // want `SSA \*ssa\.Call: func literal → func literal → func literal → func literal → func literal → os\.Remove removes a file; rule Always 0`
}

// TooDeep's outermost call does not see the side effect. Neither do the
// calls of the inner literals, each of which is within the depth from its
// own literal: the first question, from the outermost call, cut them off
// at the depth and the view remembers each literal's answer.
func TooDeep() {
	func() {
		func() {
			func() {
				func() {
					func() {
						func() {
							os.Remove("six") // want `SSA \*ssa\.Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
						}()
					}()
				}()
			}()
		}()
	}()
}

type Putter interface{ Put(k string) error }

type diskStore struct{}

func (diskStore) Put(string) error { return os.WriteFile("store.db", nil, 0o644) } // want `SSA \*ssa\.Call: os\.WriteFile writes a file; rule NotTemp 0`

type memStore struct{ m map[string]bool }

func (s memStore) Put(k string) error {
	s.m[k] = true
	return nil
}

// pathStore writes at the key: a conditional effect.
type pathStore struct{}

func (pathStore) Put(k string) error { return os.WriteFile(k, nil, 0o644) } // want `SSA \*ssa\.Call: os\.WriteFile writes a file; rule NotTemp 0`

// Concrete calls Put through the interface on values it made itself.
func Concrete() {
	var d Putter = diskStore{}
	d.Put("k") // want `SSA \*ssa\.Call: ssa\.diskStore\.Put → os\.WriteFile writes a file; rule Always 0`
	var m Putter = memStore{m: map[string]bool{}}
	m.Put("k") // memStore.Put changes only memory
	var p Putter = pathStore{}
	p.Put("out") // pathStore.Put's effect is conditional: not applied through an interface
}

// Given calls Put on a value it is given: unknown, no effect; and the
// marked method of lib.Store: an effect whatever the value.
func Given(p Putter, s lib.Store) {
	p.Put("k")
	s.Put("k") // want `SSA \*ssa\.Call: lib\.Store\.Put is marked //exitlint:sideeffect; rule Always 0`
	s.Get("k")
}
