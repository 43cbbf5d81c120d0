// Package lib holds functions with side effects of every kind the
// sideeffects pass knows, conditional ones among them, and look-alikes
// that change nothing.
package lib

import (
	"database/sql"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
)

// Save writes at the path its caller gives: whether it counts is the
// caller's to tell.
func Save(path string, data []byte) error { // want Save:`sideEffect\(os.WriteFile writes a file if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	return os.WriteFile(path, data, 0o644)
}

// Archive gives Save a lasting path: unconditional.
func Archive() error { // want Archive:`sideEffect\(lib.Save → os.WriteFile writes a file\)`
	return Save("archive.tar", nil)
}

// Scratch gives Save a path in a directory it made with os.MkdirTemp.
func Scratch() error {
	dir, err := os.MkdirTemp("", "scratch")
	if err != nil {
		return err
	}
	return Save(filepath.Join(dir, "a"), nil)
}

// Send sends the request it is given.
func Send(c *http.Client, req *http.Request) error { // want Send:`sideEffect\(http.Client.Do sends an HTTP request if parameter 1 is no GET or HEAD request\)`
	_, err := c.Do(req)
	return err
}

// Fetch sends a GET: no side effect.
func Fetch(c *http.Client) error {
	req, err := http.NewRequest(http.MethodGet, "https://example.com", nil)
	if err != nil {
		return err
	}
	return Send(c, req.WithContext(req.Context()))
}

// Publish sends a POST.
func Publish(c *http.Client) error { // want Publish:`sideEffect\(lib.Send → http.Client.Do sends an HTTP request\)`
	req, _ := http.NewRequest("POST", "https://example.com", nil)
	return Send(c, req)
}

// Write writes to the file it is given.
func Write(f *os.File, s string) { // want Write:`sideEffect\(fmt.Fprintln writes to a file if parameter 0 is a lasting file; housekeeping under the user's config or cache directory\)`
	fmt.Fprintln(f, s)
}

// Say writes to stdout and stderr: diagnostics, no side effect.
func Say(s string) {
	fmt.Fprintln(os.Stdout, s)
	fmt.Fprintln(os.Stderr, s)
	Write(os.Stderr, s)
}

// Both has two conditions on two parameters: one too many to carry.
func Both(path string, c *http.Client, req *http.Request) { // want Both:`sideEffect\(os.WriteFile writes a file\)`
	os.WriteFile(path, nil, 0o644)
	c.Do(req)
}

// Notify is marked by its directive.
//
//exitlint:sideeffect
func Notify() {} // want Notify:`sideEffect\(is marked //exitlint:sideeffect\)`

// Store's Put is marked: a call through it is a side effect, whatever
// stands behind it.
type Store interface {
	//exitlint:sideeffect
	Put(key string) error // want Put:`sideEffect\(is marked //exitlint:sideeffect\)`
	Get(key string) (string, error)
}

// Record calls Put through the interface.
func Record(s Store) error { // want Record:`sideEffect\(lib.Store.Put is marked //exitlint:sideeffect\)`
	return s.Put("k")
}

// Lookup calls the unmarked Get.
func Lookup(s Store) (string, error) { return s.Get("k") }

// Clean removes files from a callback it hands to filepath.WalkDir: the
// callback runs while Clean does.
func Clean(root string) error { // want Clean:`sideEffect\(os.Remove removes a file\)`
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		return os.Remove(path)
	})
}

// Later returns a literal that removes a file: its caller's business.
func Later() func() error {
	return func() error { return os.Remove("x") }
}

// Deferred removes a file when it returns.
func Deferred() { // want Deferred:`sideEffect\(os.Remove removes a file\)`
	defer func() { os.Remove("lock") }()
}

func Run() error { // want Run:`sideEffect\(exec.Cmd.Run runs a process\)`
	return exec.Command("true").Run()
}

// Suspend signals its own process group; Stop signals another process.
func Suspend() {
	syscall.Kill(0, syscall.SIGTSTP)
	syscall.Kill(os.Getpid(), syscall.SIGTSTP)
}

func Stop(pid int) { // want Stop:`sideEffect\(syscall.Kill signals a process\)`
	syscall.Kill(pid, syscall.SIGTERM)
}

// Query runs a SELECT; Purge a DELETE.
func Query(db *sql.DB) {
	db.Query("SELECT id FROM jobs")
}

func Purge(db *sql.DB) { // want Purge:`sideEffect\(sql.DB.Query runs a statement that changes data\)`
	db.Query("DELETE FROM jobs")
}

// Open opens to read; Create opens to create.
func Open(p string) (*os.File, error) { return os.OpenFile(p, os.O_RDONLY, 0) }

func Create(p string) (*os.File, error) { // want Create:`sideEffect\(os.OpenFile opens a file for writing if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	return os.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o644)
}

// Ping and Pong call each other; Pong removes a file.
func Ping(n int) { // want Ping:`sideEffect\(lib.Pong → os.Remove removes a file\)`
	if n > 0 {
		Pong(n - 1)
	}
}

func Pong(n int) { // want Pong:`sideEffect\(os.Remove removes a file\)`
	Ping(n)
	os.Remove("pong")
}

// Put is generic; it writes at the path it is given.
func Put[T any](path string, v T) error { // want Put:`sideEffect\(os.WriteFile writes a file if parameter 0 is no temporary path; housekeeping under the user's cache directory\)`
	return os.WriteFile(path, []byte(fmt.Sprint(v)), 0o644)
}

// PutAll calls an instance of Put at a lasting path.
func PutAll() { // want PutAll:`sideEffect\(lib.Put → os.WriteFile writes a file\)`
	Put("all", 1)
}

// Reads only.
func Reads(p string) ([]byte, error) { return os.ReadFile(p) }
