package driver

import (
	"crypto/sha256"
	"go/token"
	"go/types"
	"os"
	"sync"
	"time"
)

// Memo keeps what runs computed in memory for the next run of the same
// process: per package key, its types, its facts and, for a requested
// package, its checks' diagnostics. The language server analyzes with one
// Memo, so a save loads the changed package from the editor's buffers and
// type-checks and analyzes it and the packages above it that the run
// requests; everything below it comes from the Memo.
//
// Every run with a Memo shares its file set, since the types kept refer to
// positions in it. Memory stays bounded: an entry no run used for
// MaxIdle runs is dropped, and when the file set has grown past MaxFileSet
// bytes of source, the Memo starts over with a new one.
type Memo struct {
	// MaxIdle is how many runs an entry is kept without being used (default 8).
	MaxIdle int
	// MaxFileSet is how much source, in bytes, the file set may cover
	// before the Memo starts over (default 512 MiB).
	MaxFileSet int

	mu      sync.Mutex
	fset    *token.FileSet
	entries map[key]*memoEntry
	lists   map[string]*listing // go list's answers, by what was asked
	listed  int                 // how many times go list ran
	// sums are files' content sums and header sums (listing.go), by
	// name, kept while the file's size and modification time stay.
	sums map[sumKey]statSum
	run  int
	// Hits and Misses count the packages of the last run found in the
	// Memo, and those loaded or analyzed.
	hits, misses int
}

type memoEntry struct {
	types   *types.Package
	facts   *facts
	actions []*Action // a requested package's, in the order of the analyzers asked for
	used    int
}

// NewMemo returns an empty Memo.
func NewMemo() *Memo {
	return &Memo{fset: token.NewFileSet(), entries: map[key]*memoEntry{}, lists: map[string]*listing{}, sums: map[sumKey]statSum{}}
}

// begin starts a run: it trims what the previous runs left and returns the
// file set to use.
func (m *Memo) begin() *token.FileSet {
	m.mu.Lock()
	defer m.mu.Unlock()
	maxIdle := m.MaxIdle
	if maxIdle == 0 {
		maxIdle = 8
	}
	maxFset := m.MaxFileSet
	if maxFset == 0 {
		maxFset = 512 << 20
	}
	m.run++
	if m.fset.Base() > maxFset {
		m.fset = token.NewFileSet()
		clear(m.entries)
		clear(m.lists)
		clear(m.sums)
	}
	for k, e := range m.entries {
		if m.run-e.used > maxIdle {
			delete(m.entries, k)
		}
	}
	m.hits, m.misses = 0, 0
	return m.fset
}

// get returns the entry under k when usable says it may be used (its
// imports came from the Memo too) and, for a requested package (actions
// is the number of analyzers asked for), it holds their findings; it
// counts the package as found or not.
func (m *Memo) get(k key, usable bool, actions int) *memoEntry {
	m.mu.Lock()
	defer m.mu.Unlock()
	e := m.entries[k]
	if e == nil || !usable || (actions > 0 && len(e.actions) != actions) {
		m.misses++
		return nil
	}
	e.used = m.run
	m.hits++
	return e
}

func (m *Memo) put(k key, e *memoEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e.used = m.run
	m.entries[k] = e
}

// Len is the number of packages the Memo holds.
func (m *Memo) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.entries)
}

// Stats returns how many packages of the last run came from the Memo and
// how many did not.
func (m *Memo) Stats() (hits, misses int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.hits, m.misses
}

// listing returns the go list answer kept under k, if any.
func (m *Memo) listing(k string) *listing {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lists[k]
}

// keepListing keeps go list's answer under k; the Memo keeps the answers
// of the last 16 questions asked.
func (m *Memo) keepListing(k string, l *listing) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.lists[k] != l {
		m.listed++
	}
	delete(m.lists, k)
	if len(m.lists) >= 16 {
		oldest, at := "", m.run+1
		for k, l := range m.lists {
			if l.used < at {
				oldest, at = k, l.used
			}
		}
		delete(m.lists, oldest)
	}
	l.used = m.run
	m.lists[k] = l
}

// GoListRuns is how many times runs with the Memo ran go list, rather
// than reuse an answer it kept.
func (m *Memo) GoListRuns() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.listed
}

type sumKey struct {
	name   string
	header bool // the sum of the file's header, not its content
}

type statSum struct {
	size, mtime int64
	sum         [sha256.Size]byte
}

// statSlack is how old a file's modification time must be for its sum to
// be kept by size and time: a file written twice within the file system's
// time resolution keeps both, and the second must not pass for the first.
const statSlack = 2 * time.Second

// sumOf returns the sum compute gives for a file, reusing the one it gave
// before while the file's size and modification time stay what they were.
func (m *Memo) sumOf(name string, header bool, compute func() ([sha256.Size]byte, error)) ([sha256.Size]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	k := sumKey{name, header}
	m.mu.Lock()
	old, ok := m.sums[k]
	m.mu.Unlock()
	size, mtime := info.Size(), info.ModTime().UnixNano()
	if ok && old.size == size && old.mtime == mtime {
		return old.sum, nil
	}
	sum, err := compute()
	if err != nil {
		return sum, err
	}
	if time.Since(info.ModTime()) > statSlack {
		m.mu.Lock()
		if len(m.sums) > 1<<20 {
			clear(m.sums)
		}
		m.sums[k] = statSum{size, mtime, sum}
		m.mu.Unlock()
	}
	return sum, nil
}
