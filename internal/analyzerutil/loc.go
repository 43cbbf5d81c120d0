package analyzerutil

import (
	"fmt"
	"go/build"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Loc is a position that outlives the file set it was read from: a fact
// carries it from the package whose source it points into to the packages
// that import it, where a check may report at it (a code in a CLI package
// that an importing main exits with).
type Loc struct {
	File   string // the file's name, as the file set has it
	Offset int    // the byte offset in the file
	Line   int    // 1-based
	Col    int    // 1-based, in bytes
}

// String reads "file:line:col".
func (l Loc) String() string { return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Col) }

// IsValid reports whether l points somewhere.
func (l Loc) IsValid() bool { return l.File != "" && l.Line > 0 }

// LocOf returns the portable form of pos in fset.
func LocOf(fset *token.FileSet, pos token.Pos) Loc {
	p := fset.Position(pos)
	if !p.IsValid() {
		return Loc{}
	}
	return Loc{File: p.Filename, Offset: p.Offset, Line: p.Line, Col: p.Column}
}

// PosOf returns a position in fset for start and end, which lie on one
// line of one file: in the file fset holds by that name, when it holds one
// (the file was parsed in this run), else in a stand-in file added to fset
// whose line table places start at its line and column. A stand-in serves
// these two positions only; a position at an offset it was not made for
// reads the wrong line. It returns token.NoPos when start is not valid.
func PosOf(fset *token.FileSet, start, end Loc) (token.Pos, token.Pos) {
	if !start.IsValid() {
		return token.NoPos, token.NoPos
	}
	if end.File != start.File || end.Offset < start.Offset {
		end = start
	}
	var tf *token.File
	fset.Iterate(func(f *token.File) bool {
		if _, made := standIns.Load(f); f.Name() == start.File && f.Size() >= end.Offset && !made {
			tf = f
			return false
		}
		return true
	})
	if tf == nil {
		tf = standIn(fset, start, end)
		if tf == nil {
			return token.NoPos, token.NoPos
		}
	}
	return tf.Pos(start.Offset), tf.Pos(end.Offset)
}

// standIn adds a file to fset with a line table that puts start at its
// line and column: the lines before it are given one byte each.
func standIn(fset *token.FileSet, start, end Loc) *token.File {
	lineStart := start.Offset - (start.Col - 1)
	if lineStart < start.Line-1 || start.Col < 1 {
		return nil // no file has such a line
	}
	lines := make([]int, 0, start.Line)
	for i := range start.Line - 1 {
		lines = append(lines, i)
	}
	lines = append(lines, lineStart)
	tf := fset.AddFile(start.File, -1, end.Offset+1)
	if !tf.SetLines(lines) {
		return nil
	}
	standIns.Store(tf, true)
	return tf
}

// standIns are the files standIn made, which no other position may use.
var standIns sync.Map // *token.File → bool

// InDependency reports whether file lies in a dependency the program does
// not own: under the module cache (GOMODCACHE, by default GOPATH/pkg/mod)
// or in a vendor directory. A finding there names code its user cannot
// change.
func InDependency(file string) bool {
	file = filepath.ToSlash(file)
	if strings.Contains(file, "/vendor/") {
		return true
	}
	if cache := moduleCache(); cache != "" && strings.HasPrefix(file, cache+"/") {
		return true
	}
	// A module cache elsewhere (go env -w GOMODCACHE): its directories are
	// named module@version under pkg/mod.
	if _, rest, ok := strings.Cut(file, "/pkg/mod/"); ok {
		for _, part := range strings.Split(rest, "/") {
			if strings.Contains(part, "@v") {
				return true
			}
		}
	}
	return false
}

var moduleCache = sync.OnceValue(moduleCacheDir)

// moduleCacheDir is the module cache's directory, slash-separated.
func moduleCacheDir() string {
	dir := os.Getenv("GOMODCACHE")
	if dir == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			gopath = build.Default.GOPATH
		}
		if gopath == "" {
			return ""
		}
		dir = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	return filepath.ToSlash(filepath.Clean(dir))
}
