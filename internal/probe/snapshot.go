package probe

import (
	"crypto/sha256"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Snapshot is the state of every file and directory under a root, by path
// relative to it (slash-separated).
type Snapshot map[string]fileState

// fileState is what a snapshot keeps of one entry: enough to tell a
// created, removed or changed file, never the time it was last read or
// written alone (a program that rewrites a file with what it held has
// changed nothing an agent can see).
type fileState struct {
	kind fs.FileMode // the type bits: 0 for a regular file, fs.ModeDir, fs.ModeSymlink, ...
	perm fs.FileMode
	size int64
	// sum is the SHA-256 of a regular file's content up to maxHashed, or
	// for a larger one (and one that cannot be read) its size and
	// modification time stand in; a symbolic link's target.
	sum    [32]byte
	mtime  int64 // nanoseconds since the epoch
	target string
}

// maxHashed bounds the files a snapshot reads whole: a sandbox holds what
// one call of a command line wrote, and a larger file is compared by its
// size and modification time.
const maxHashed = 64 << 20

// Take records the state of everything under root. A directory that cannot
// be read is recorded without its entries.
func Take(root string) (Snapshot, error) {
	s := Snapshot{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if path == root {
			return err
		}
		rel, rerr := filepath.Rel(root, path)
		if rerr != nil {
			return rerr
		}
		rel = filepath.ToSlash(rel)
		if err != nil {
			if d != nil {
				s[rel] = fileState{kind: d.Type() & fs.ModeType}
			}
			return nil // an unreadable directory: its entries are not seen
		}
		info, ierr := d.Info()
		if ierr != nil {
			return nil // removed while walking
		}
		s[rel] = stateOf(path, info)
		return nil
	})
	return s, err
}

func stateOf(path string, info fs.FileInfo) fileState {
	st := fileState{kind: info.Mode() & fs.ModeType, perm: info.Mode().Perm(), size: info.Size()}
	switch {
	case st.kind == fs.ModeDir:
		st.size = 0 // it grows with its entries, which are listed by path
	case st.kind == fs.ModeSymlink:
		st.target, _ = os.Readlink(path)
	case st.kind == 0 && info.Size() <= maxHashed:
		// Only regular files are opened: a named pipe would block.
		if sum, ok := hashFile(path); ok {
			st.sum = sum
			return st
		}
		st.mtime = info.ModTime().UnixNano()
	case st.kind == 0:
		st.mtime = info.ModTime().UnixNano()
	}
	return st
}

func hashFile(path string) ([32]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return [32]byte{}, false
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, maxHashed+1)); err != nil {
		return [32]byte{}, false
	}
	var sum [32]byte
	copy(sum[:], h.Sum(nil))
	return sum, true
}

// ChangeKind is how a path changed between two snapshots.
type ChangeKind string

// The kinds of change.
const (
	Created ChangeKind = "created"
	Changed ChangeKind = "changed"
	Removed ChangeKind = "removed"
)

// Change is one path that differs between two snapshots.
type Change struct {
	Kind ChangeKind `json:"kind"`
	Path string     `json:"path"` // relative to the sandbox's root, slash-separated
	Dir  bool       `json:"dir,omitempty"`
}

// Diff lists what changed from before to after, sorted by path. A
// directory's own entry changes only with its type or permissions: what
// happens inside it is listed by path.
func Diff(before, after Snapshot) []Change {
	var out []Change
	for p, a := range after {
		b, ok := before[p]
		switch {
		case !ok:
			out = append(out, Change{Created, p, a.kind == fs.ModeDir})
		case a != b:
			out = append(out, Change{Changed, p, a.kind == fs.ModeDir})
		}
	}
	for p, b := range before {
		if _, ok := after[p]; !ok {
			out = append(out, Change{Removed, p, b.kind == fs.ModeDir})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}
