// Package view calls lib's helpers and the standard library's side effects
// with arguments that meet their rules or not; the sideeffectsview
// analyzer reports, at each call, what Call (the call alone) and CallIn
// (the call in its function's body, whose local variables a rule follows)
// say, and the rule Func gives the callee.
package view

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"

	"cases/passes/sideeffects/lib"
)

const u = "https://example.com"

// Paths: in a directory os.MkdirTemp made, paths are temporary, which
// CallIn follows through the body's variables and Call alone cannot.
func Paths(data []byte) {
	dir, _ := os.MkdirTemp("", "v")
	tmp := filepath.Join(dir, "x")
	lib.Save(tmp, data)                                // want `Call: lib\.Save → os\.WriteFile writes a file; rule NotTemp 0`
	lib.Save("out", data)                              // want `Call CallIn: lib\.Save → os\.WriteFile writes a file; rule NotTemp 0`
	os.WriteFile(filepath.Join(dir, "y"), data, 0o644) // want `Call: os\.WriteFile writes a file; rule NotTemp 0`
	os.Remove(dir)                                     // want `Call: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	os.Rename("a", "b")                                // want `Call CallIn: os\.Rename renames a file; rule Always 0 all-or-nothing`
}

// Requests: GET and HEAD requests change nothing; a request whose method
// differs between its values counts.
func Requests(ctx context.Context, c *http.Client, post bool) {
	get, _ := http.NewRequest("GET", u, nil)
	c.Do(get)                  // want `Call: http\.Client\.Do sends an HTTP request; rule NotReading 0`
	c.Do(get.WithContext(ctx)) // want `Call: http\.Client\.Do sends an HTTP request; rule NotReading 0`
	head, _ := http.NewRequest(http.MethodHead, u, nil)
	lib.Send(c, head) // want `Call: lib\.Send → http\.Client\.Do sends an HTTP request; rule NotReading 1`
	del, _ := http.NewRequest(http.MethodDelete, u, nil)
	lib.Send(c, del) // want `Call CallIn: lib\.Send → http\.Client\.Do sends an HTTP request; rule NotReading 1`
	r := get
	if post {
		r = del
	}
	c.Do(r)                         // want `Call CallIn: http\.Client\.Do sends an HTTP request; rule NotReading 0`
	http.Get(u)                     // a GET: no entry of the catalogue
	http.Post(u, "text/plain", nil) // want `Call CallIn: http\.Post sends an HTTP POST request; rule Always 0`
}

// Files: writes to a lasting file count, not to stdout or stderr, a
// temporary file, or an io.Writer (no *os.File); os.OpenFile counts when
// it creates or truncates.
func Files(w io.Writer) {
	f, _ := os.Create("log.txt")                       // want `Call CallIn: os\.Create creates a file; rule NotTemp 0 all-or-nothing`
	fmt.Fprintf(f, "x")                                // want `Call CallIn: fmt\.Fprintf writes to a file; rule ToFile 0`
	f.WriteString("x")                                 // want `Call CallIn: os\.File\.WriteString writes to a file; rule ToFile -1`
	tf, _ := os.CreateTemp("", "x")                    // temporary files are left out of the catalogue
	fmt.Fprintf(tf, "x")                               // want `Call: fmt\.Fprintf writes to a file; rule ToFile 0`
	fmt.Fprintln(os.Stdout, "x")                       // want `Func only: fmt\.Fprintln writes to a file; rule ToFile 0`
	fmt.Fprintln(w, "x")                               // want `Func only: fmt\.Fprintln writes to a file; rule ToFile 0`
	lib.Write(os.Stdout, "x")                          // want `Func only: lib\.Write → fmt\.Fprintln writes to a file; rule ToFile 0`
	lib.Write(f, "x")                                  // want `Call CallIn: lib\.Write → fmt\.Fprintln writes to a file; rule ToFile 0`
	os.OpenFile("log.txt", os.O_APPEND|os.O_WRONLY, 0) // want `Func only: os\.OpenFile opens a file for writing; rule WriteFlags 1 all-or-nothing`
	os.OpenFile("log.txt", os.O_TRUNC|os.O_WRONLY, 0)  // want `Call CallIn: os\.OpenFile opens a file for writing; rule WriteFlags 1 all-or-nothing`
}

// Processes: a process signalling itself changes nothing, nor a query
// that is no constant statement changing data.
func Processes(db *sql.DB, pid int, q string) {
	syscall.Kill(0, syscall.SIGTSTP)                        // want `Func only: syscall\.Kill signals a process; rule NotSelf 0 all-or-nothing`
	syscall.Kill(os.Getpid(), syscall.SIGTSTP)              // want `Func only: syscall\.Kill signals a process; rule NotSelf 0 all-or-nothing`
	syscall.Kill(pid, syscall.SIGTERM)                      // want `Call CallIn: syscall\.Kill signals a process; rule NotSelf 0 all-or-nothing`
	db.QueryRow("UPDATE jobs SET done = true RETURNING id") // want `Call CallIn: sql\.DB\.QueryRow runs a statement that changes data; rule ChangesData 0`
	db.QueryRow(q)                                          // want `Func only: sql\.DB\.QueryRow runs a statement that changes data; rule ChangesData 0`
	db.Exec(q)                                              // want `Call CallIn: sql\.DB\.Exec executes a database statement; rule Always 0`
	exec.Command("true").Start()                            // want `Call CallIn: exec\.Cmd\.Start starts a process; rule Always 0 all-or-nothing`
	exec.Command("true").Output()                           // want `Call CallIn: exec\.Cmd\.Output runs a process; rule Always 0`
}

// Helpers: lib's facts, the marked interface method, a generic instance.
func Helpers(s lib.Store) {
	lib.Record(s)        // want `Call CallIn: lib\.Record → lib\.Store\.Put is marked //exitlint:sideeffect; rule Always 0`
	s.Put("k")           // want `Call CallIn: lib\.Store\.Put is marked //exitlint:sideeffect; rule Always 0`
	s.Get("k")           // not marked
	lib.Notify()         // want `Call CallIn: lib\.Notify is marked //exitlint:sideeffect; rule Always 0`
	lib.Put[int]("p", 1) // want `Call CallIn: lib\.Put → os\.WriteFile writes a file; rule NotTemp 0`
	lib.Put("p", "v")    // want `Call CallIn: lib\.Put → os\.WriteFile writes a file; rule NotTemp 0`
	lib.Fetch(nil)       // sends a GET
	lib.Later()          // returns a literal that removes a file
	lib.Scratch()        // writes in a temporary directory
	lib.Reads("x")       // reads
	lib.Lookup(s)        // calls the unmarked Get
}

// Literal calls a literal on the spot: its call is the literal's.
func Literal() {
	func() {
		os.Remove("x") // want `Call CallIn: os\.Remove removes a file; rule NotTemp 0 all-or-nothing`
	}()
}
