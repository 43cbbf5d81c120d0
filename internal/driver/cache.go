package driver

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/exitlint/exitlint/internal/regularfile"
)

// Cache is the persistent cache of a standalone run: per package, the facts
// it exported and, for a requested package, the findings of each check,
// under the package's key (key.go). It lives in a directory of its own,
// by default exitlint under the user's cache directory.
//
// Entries are written to a temporary file and renamed into place, so a
// reader sees a whole entry or none, and several runs may share the
// directory at once: two that compute the same entry write the same
// content. An entry that cannot be read or decoded is a miss. Entries not
// used for MaxAge are removed, and the oldest ones while the cache is
// larger than MaxSize, at most once per TrimInterval.
type Cache struct {
	Dir string
	// MaxAge, MaxSize and TrimInterval bound the cache; zero takes the
	// defaults (5 days, 1 GiB, 1 hour).
	MaxAge       time.Duration
	MaxSize      int64
	TrimInterval time.Duration

	// Stderr, when set, is told each note as it is made (Notes).
	Stderr io.Writer

	mu       sync.Mutex
	writeErr error
	notes    []string
	noted    map[noteKind]bool
	dirs     sync.Map // the shard directories this process made sure of

	prog *progStore // set when a GOCACHEPROG program keeps the entries
}

// DefaultCacheDir is where the cache lives unless the environment says
// otherwise: EXITLINT_CACHE set to "off" turns it off (the empty string is
// returned), set to an absolute path puts it there.
func DefaultCacheDir() (string, error) {
	if v, ok := os.LookupEnv("EXITLINT_CACHE"); ok && v != "" {
		if v == "off" {
			return "", nil
		}
		if !filepath.IsAbs(v) {
			return "", fmt.Errorf("EXITLINT_CACHE is %q: it must be an absolute directory, or off to run without the cache", v)
		}
		return v, nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for exitlint (%v): set EXITLINT_CACHE to an absolute directory, or to off", err)
	}
	return filepath.Join(dir, "exitlint"), nil
}

// OpenCache returns the cache in dir. Nothing is created until an entry
// is written: a run that ends before it analyzes anything leaves nothing
// behind.
func OpenCache(dir string) (*Cache, error) {
	if !filepath.IsAbs(dir) {
		return nil, fmt.Errorf("the cache directory %q is not absolute", dir)
	}
	return &Cache{Dir: dir}, nil
}

// OpenCacheProg returns a cache whose entries a GOCACHEPROG program keeps:
// command is the program and its arguments, as the go command reads them
// from GOCACHEPROG. Nothing is started until the cache is first used, in
// a run's execute phase, as nothing is written to a directory before
// then; the program's stderr goes to stderr. A program that cannot be
// started, or does not serve get and put, leaves the entries to the
// directory dir (an absolute path; "" for none), and stderr is told. Close
// must be called when the cache is no longer used.
func OpenCacheProg(command, dir string, stderr io.Writer) (*Cache, error) {
	if _, err := splitQuoted(command); err != nil {
		return nil, fmt.Errorf("GOCACHEPROG=%q is no command: %v", command, err)
	}
	if dir != "" && !filepath.IsAbs(dir) {
		return nil, fmt.Errorf("the cache directory %q is not absolute", dir)
	}
	c := &Cache{Dir: dir, Stderr: stderr}
	c.prog = &progStore{command: command, stderr: stderr, dir: dir, note: func(msg string) { c.note(noteProg, msg) }}
	return c, nil
}

// Close ends the GOCACHEPROG program of a cache that has started one; for
// a cache in a directory it does nothing.
func (c *Cache) Close() error {
	if c.prog == nil {
		return nil
	}
	return c.prog.close()
}

// useProg reports whether the cache's GOCACHEPROG program keeps its
// entries, starting it on first use; false when there is none, or it could
// not be started or has failed since (then the directory keeps them, if
// there is one).
func (c *Cache) useProg() bool {
	return c.prog != nil && c.prog.serving()
}

// WriteErr is the first error that kept an entry from being written, if
// any: a directory that cannot be created or written costs the run its
// cache, not its result.
func (c *Cache) WriteErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writeErr
}

func (c *Cache) path(k key) string {
	s := k.String()
	return filepath.Join(c.Dir, s[:2], s+"-e")
}

// get returns the entry under k, or nil. An entry that cannot be used (no
// regular file, larger than maxEntry, changed since it was written: its
// checksum does not match) is a miss, as a missing one is: the package is
// analyzed again and its entry written over the bad one. The first such
// entry of a run is noted.
func (c *Cache) get(k key) *entry {
	if c.useProg() {
		data, where, err := c.prog.get(k)
		switch {
		case data != nil:
			return c.decode(data, k, where)
		case err != nil && c.useProg():
			c.badEntry(where, err)
			return nil
		case err == nil:
			return nil
		}
		// The program failed on this request: the directory serves.
	}
	if c.Dir == "" {
		return nil
	}
	name := c.path(k)
	data, err := regularfile.Read(name, maxEntry)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			c.badEntry(name, err)
		}
		return nil
	}
	e := c.decode(data, k, name)
	if e == nil {
		return nil
	}
	// The modification time says when an entry was last used, for trim;
	// it is updated once an hour at most.
	if info, err := os.Stat(name); err == nil && time.Since(info.ModTime()) > time.Hour {
		now := time.Now()
		os.Chtimes(name, now, now)
	}
	return e
}

// decode decodes the entry read from where, noting it when it cannot be
// used.
func (c *Cache) decode(data []byte, k key, where string) *entry {
	e, err := decodeEntry(data, k)
	if err != nil {
		c.badEntry(where, err)
		return nil
	}
	return e
}

// badEntry notes, once a run, an entry that could not be used.
func (c *Cache) badEntry(where string, err error) {
	c.note(noteEntry, fmt.Sprintf("the cache entry %s cannot be used (%v): its package is analyzed again and the entry written anew; other entries like it are treated alike", where, err))
}

// noteKind is what a note of the cache is about: each is noted once a
// run.
type noteKind int

const (
	noteEntry noteKind = iota // an entry that could not be used
	noteProg                  // the GOCACHEPROG program failed
	noteWrite                 // an entry could not be written
)

// note records msg, unless a note of its kind was made before, and
// writes it to Stderr.
func (c *Cache) note(kind noteKind, msg string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.noted[kind] {
		return
	}
	if c.noted == nil {
		c.noted = map[noteKind]bool{}
	}
	c.noted[kind] = true
	c.notes = append(c.notes, msg)
	if c.Stderr != nil {
		fmt.Fprintf(c.Stderr, "exitlint: %s\n", msg)
	}
}

// Notes returns what the cache noted so far, in order: an entry that
// could not be used, a GOCACHEPROG program that failed, an entry that
// could not be written; each kind once. They cost the run its cache, never
// its result; a front end passes them on (-json's warnings).
func (c *Cache) Notes() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.notes)
}

// put writes e under its key. A failure leaves the cache as it was: the
// entry is computed again next time; the first one is kept for WriteErr,
// and noted.
func (c *Cache) put(e *entry) {
	if err := c.write(e); err != nil {
		c.mu.Lock()
		if c.writeErr == nil {
			c.writeErr = err
		}
		c.mu.Unlock()
		var pe *progError
		if errors.As(err, &pe) {
			return // the program's failure is noted
		}
		c.note(noteWrite, fmt.Sprintf("the cache could not be written (the run's result stands; the next run analyzes again): %v", err))
	}
}

func (c *Cache) write(e *entry) error {
	data, err := encodeEntryBytes(e)
	if err != nil {
		return err
	}
	if c.useProg() {
		err := c.prog.put(e.Key, data)
		if err == nil || c.useProg() || c.Dir == "" {
			return err
		}
		// The program failed on this request: the directory keeps it.
	}
	if c.Dir == "" {
		if c.prog != nil && c.prog.startErr == nil {
			return c.prog.failure() // it failed, and there is no directory
		}
		return nil // the program could not start, and there is no directory
	}
	name := c.path(e.Key)
	if dir := filepath.Dir(name); !c.madeDir(dir) {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return err
		}
		c.dirs.Store(dir, true)
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if errors.Is(err, fs.ErrNotExist) {
		// The directory went since (the cache removed by hand, say).
		if err = os.MkdirAll(filepath.Dir(name), 0o777); err == nil {
			f, err = os.CreateTemp(filepath.Dir(name), ".tmp-*")
		}
	}
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// madeDir reports whether this process made sure dir exists. Trim never
// removes a shard directory, so it stays.
func (c *Cache) madeDir(dir string) bool {
	_, ok := c.dirs.Load(dir)
	return ok
}

// Trim removes the entries not used for MaxAge and, while the cache is
// larger than MaxSize, the least recently used ones, unless another run
// trimmed within TrimInterval. Temporary files an interrupted run left
// behind go after an hour.
func (c *Cache) Trim() error {
	maxAge := c.MaxAge
	if maxAge == 0 {
		maxAge = 5 * 24 * time.Hour
	}
	maxSize := c.MaxSize
	if maxSize == 0 {
		maxSize = 1 << 30
	}
	interval := c.TrimInterval
	if interval == 0 {
		interval = time.Hour
	}
	if c.prog != nil || c.Dir == "" {
		return nil // a program keeps its store within bounds itself
	}
	if _, err := os.Stat(c.Dir); err != nil {
		return nil // nothing written yet
	}
	stamp := filepath.Join(c.Dir, "trim.txt")
	if data, err := regularfile.Read(stamp, 64); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64); err == nil && time.Since(time.Unix(t, 0)) < interval {
			return nil
		}
	}
	if err := os.WriteFile(stamp, []byte(strconv.FormatInt(time.Now().Unix(), 10)+"\n"), 0o666); err != nil {
		return err
	}
	type file struct {
		name string
		size int64
		used time.Time
	}
	var files []file
	var total int64
	now := time.Now()
	err := filepath.WalkDir(c.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		base := d.Name()
		if !strings.HasSuffix(base, "-e") && !strings.HasPrefix(base, ".tmp-") {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		age := now.Sub(info.ModTime())
		if strings.HasPrefix(base, ".tmp-") {
			if age > time.Hour {
				os.Remove(path)
			}
			return nil
		}
		if age > maxAge {
			os.Remove(path)
			return nil
		}
		files = append(files, file{path, info.Size(), info.ModTime()})
		total += info.Size()
		return nil
	})
	if err != nil {
		return err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].used.Before(files[j].used) })
	for _, f := range files {
		if total <= maxSize {
			break
		}
		if os.Remove(f.name) == nil {
			total -= f.size
		}
	}
	return nil
}
