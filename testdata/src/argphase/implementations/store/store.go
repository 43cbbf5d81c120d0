// Package store declares where results go, and the two places it can be.
package store

import (
	"net/http"
	"os"
	"strings"
)

// Store saves results.
type Store interface {
	Save(name, data string) error // want Save:`sideEffect\(store.Disk.Save → os.WriteFile writes a file\)`
	Name() string
}

// Disk writes results to files.
type Disk struct{ Dir string }

func (d Disk) Save(name, data string) error { // want Save:`sideEffect\(os.WriteFile writes a file\)`
	return os.WriteFile(d.Dir+"/"+name, []byte(data), 0o644)
}

func (d Disk) Name() string { return "disk" }

// Remote posts results to a server.
type Remote struct{ URL string }

func (r *Remote) Save(name, data string) error { // want Save:`sideEffect\(http.Post sends an HTTP POST request\)`
	_, err := http.Post(r.URL+"/"+name, "text/plain", strings.NewReader(data))
	return err
}

func (r *Remote) Name() string { return "remote" }

// Cache remembers results; it writes nothing, but only the process's own
// memory.
type Cache interface {
	Put(name, data string) error
}

// Memory is a Cache in memory.
type Memory struct{ m map[string]string }

func (m *Memory) Put(name, data string) error { m.m[name] = data; return nil }

// Journal is a Cache on disk.
type Journal struct{ Path string }

func (j Journal) Put(name, data string) error { // want Put:`sideEffect\(os.WriteFile writes a file\)`
	return os.WriteFile(j.Path, []byte(name+"="+data), 0o644)
}
