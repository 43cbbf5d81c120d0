package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
)

// fixScope is what -fix knows of the files analyzed: which module each
// belongs to, and what each held when it was read.
type fixScope struct {
	files map[string]fileOwner         // every file of the packages analyzed, by name as go list gives it
	sums  map[string][sha256.Size]byte // each file's content as analyzed
	// off are directories -fix never writes in, whatever the module:
	// GOROOT, the module cache and the build cache.
	off    []offDir
	offErr error  // why off could not be known: then nothing is written
	dir    string // the working directory, to which reasons name files
	// recheck type-checks the packages that files edited as given would
	// change (driver.Graph.Recheck); nil when the run kept no types.
	recheck func(files map[string][]byte) []driver.Broken
}

// fileOwner is the package a file belongs to.
type fileOwner struct {
	module string // the module's path; "" for the standard library
	dir    string // the module's directory
	main   bool   // a main module: one of the modules exitlint runs in
	// generated marks a file the go command generated from the package's
	// source files (cmd/cgo's rewrite, in its build cache): what the
	// package is compiled from, and no file of the user's.
	generated bool
}

// offDir is a directory -fix never writes in, and its name for the user.
type offDir struct{ dir, name string }

// newFixScope records, for -fix, which module each file of the graph
// belongs to and what it held when the analysis read it.
func newFixScope(g *driver.Graph) fixScope {
	s := fixScope{files: map[string]fileOwner{}, sums: g.Sums()}
	if g.KeptTypes() {
		s.recheck = g.Recheck
	}
	for _, p := range g.Packages() {
		var o fileOwner
		if m := p.Module(); m != nil {
			o = fileOwner{module: m.Path, dir: m.Dir, main: m.Main}
		}
		goFiles, compiled := p.Files()
		source := map[string]bool{}
		for _, f := range goFiles {
			s.files[f] = o
			source[f] = true
		}
		for _, f := range compiled {
			if !source[f] {
				g := o
				g.generated = true
				s.files[f] = g
			}
		}
	}
	return s
}

// goDirs asks the go command where GOROOT, the module cache and the build
// cache are, with symbolic links resolved.
func goDirs() ([]offDir, error) {
	out, err := exec.Command("go", "env", "-json", "GOROOT", "GOMODCACHE", "GOCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env could not say where GOROOT and the module cache are: %v", err)
	}
	var env map[string]string
	if err := json.Unmarshal(out, &env); err != nil {
		return nil, fmt.Errorf("go env could not say where GOROOT and the module cache are: %v", err)
	}
	var dirs []offDir
	for _, v := range []struct{ key, name string }{
		{"GOROOT", "GOROOT (the Go installation)"},
		{"GOMODCACHE", "the module cache (GOMODCACHE)"},
		{"GOCACHE", "the go build cache (GOCACHE)"},
	} {
		if d := env[v.key]; d != "" && d != "off" && filepath.IsAbs(d) {
			dirs = append(dirs, offDir{realPath(d), v.name})
		}
	}
	return dirs, nil
}

// realPath is path with its symbolic links resolved, or path itself when
// it does not exist.
func realPath(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return filepath.Clean(path)
}

// within reports whether path lies in dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// place maps the edits of a fix in the parsed file name onto the file
// they are written to. It returns that file and the edits in it; or why
// the fix is refused; or an empty file when the file failed.
func (f *fixer) place(name string, edits []edit) (string, []edit, string) {
	if f.scope.offErr != nil {
		return "", nil, f.scope.offErr.Error() + "; -fix writes nothing it cannot place"
	}
	owner, ok := f.scope.files[name]
	if !ok {
		return "", nil, fmt.Sprintf("%s is no file of a package analyzed", f.rel(name))
	}
	if !owner.generated {
		if why := f.open(name); why != "" || f.targets[name] == nil {
			return "", nil, why
		}
		return name, edits, ""
	}
	// cmd/cgo's rewrite: every edit must map back exactly, and into one
	// file of the user's.
	gen, ok := f.read(name)
	if !ok {
		return "", nil, ""
	}
	tf := f.tfiles[name]
	if want, ok := f.scope.sums[name]; tf == nil || !ok || sha256.Sum256(gen) != want {
		return "", nil, fmt.Sprintf("%s, cmd/cgo's rewrite of a file, is no longer as it was analyzed: the fix cannot be mapped back; run exitlint -fix again", f.rel(name))
	}
	user := ""
	var out []edit
	for _, e := range edits {
		file := tf.PositionFor(tf.Pos(e.start), true).Filename
		if user == "" {
			user = file
		}
		if file != user {
			return "", nil, fmt.Sprintf("the fix lies in cmd/cgo's rewrite %s and maps to two files, %s and %s", f.rel(name), f.rel(user), f.rel(file))
		}
		if o, ok := f.scope.files[user]; !ok || o.generated {
			return "", nil, fmt.Sprintf("the fix lies in cmd/cgo's rewrite %s, whose line directives name %s, no source file of the package: it cannot be mapped back", f.rel(name), f.rel(user))
		}
		if why := f.open(user); why != "" || f.targets[user] == nil {
			return "", nil, why
		}
		start, end, ok := mapBack(tf, gen, f.targets[user].src, user, e.start, e.end)
		if !ok {
			p := tf.PositionFor(tf.Pos(e.start), true)
			return "", nil, fmt.Sprintf("the fix lies in a part of %s:%d that cmd/cgo rewrote: its place in the file cannot be mapped back exactly from the rewrite; apply it by hand", f.rel(user), p.Line)
		}
		out = append(out, edit{start, end, e.text})
	}
	return user, out, ""
}

// rel names a file as the command does: relative to the working
// directory when it lies below it.
func (f *fixer) rel(name string) string { return findings.Relative(f.scope.dir, name) }

// read reads a file -fix needs, once; on an error the file fails.
func (f *fixer) read(name string) ([]byte, bool) {
	if src, ok := f.reads[name]; ok {
		return src, true
	}
	src, err := os.ReadFile(name)
	if err != nil {
		f.fail(name, kindOf(err), fmt.Errorf("cannot read %s to fix it: %w", f.rel(name), err))
		return nil, false
	}
	f.reads[name] = src
	return src, true
}

// open decides whether -fix may write the file name, a file of the user's
// named by go list, and reads it. It returns why not, or "" with the file
// in f.targets, or "" with the file failed.
func (f *fixer) open(name string) string {
	if _, ok := f.targets[name]; ok {
		return f.refused[name]
	}
	f.targets[name] = nil
	why := f.refuse(name)
	f.refused[name] = why
	if why != "" {
		return why
	}
	real := realPath(name)
	info, err := os.Stat(real)
	if err != nil {
		f.fail(name, kindOf(err), fmt.Errorf("cannot read %s to fix it: %w", f.rel(name), err))
		return ""
	}
	if !info.Mode().IsRegular() {
		f.refused[name] = fmt.Sprintf("%s is not a regular file", f.rel(name))
		return f.refused[name]
	}
	src, ok := f.read(name)
	if !ok {
		return ""
	}
	if generated(src) {
		f.refused[name] = fmt.Sprintf("%s is a generated file (it says \"Code generated ... DO NOT EDIT.\"): change what generates it", f.rel(name))
		return f.refused[name]
	}
	t := &target{name: name, shown: f.rel(name), real: real, src: src, sum: sha256.Sum256(src), info: info}
	if want, ok := f.scope.sums[name]; !ok || want != t.sum {
		f.fail(name, failChanged, fmt.Errorf("%s changed on disk since it was analyzed; run exitlint -fix again", f.rel(name)))
		return ""
	}
	f.targets[name] = t
	return ""
}

// refuse says why -fix may not write the file name, or "".
func (f *fixer) refuse(name string) string {
	owner := f.scope.files[name]
	real := realPath(name)
	for _, d := range f.scope.off {
		if within(real, d.dir) {
			if real != filepath.Clean(name) {
				return fmt.Sprintf("%s is a symbolic link to %s, in %s: -fix never writes there", f.rel(name), f.rel(real), d.name)
			}
			return fmt.Sprintf("%s lies in %s: -fix never writes there", f.rel(name), d.name)
		}
	}
	switch {
	case owner.module == "":
		return fmt.Sprintf("%s belongs to the standard library, not to a module exitlint runs in: -fix writes only the main module's files", f.rel(name))
	case !owner.main:
		return fmt.Sprintf("%s belongs to %s, a dependency, not to a module exitlint runs in: -fix writes only the main module's files (run exitlint -fix in that module's own checkout)", f.rel(name), owner.module)
	}
	dir := realPath(owner.dir)
	if !within(real, dir) {
		if real != filepath.Clean(name) {
			return fmt.Sprintf("%s is a symbolic link to %s, outside module %s (%s): -fix writes only inside the main module", f.rel(name), f.rel(real), owner.module, owner.dir)
		}
		return fmt.Sprintf("%s lies outside module %s (%s): -fix writes only inside the main module", f.rel(name), owner.module, owner.dir)
	}
	return ""
}

// generated reports whether src is a generated Go file, by the convention
// go/ast.IsGenerated reads.
func generated(src []byte) bool {
	file, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(file)
}

// mapBack maps the edit from start to end in cmd/cgo's rewrite gen (parsed
// as tf) into the user's file src, named user, through the rewrite's line
// directives. It succeeds only when the mapping is exact: the positions of
// the edit's bytes follow one another, and the stretch of gen around the
// edit whose positions follow one another (back to the line's start or the
// directive before the edit, forward to the line's end or the next
// directive) is, byte for byte, the text at its mapped place in src.
// cmd/cgo writes a directive as a comment right before the text it maps,
// and the comment is not the user's text: so a fix on a line cmd/cgo
// copied, or after its last rewrite on a line, maps back; a fix in a
// rewrite, or before one on the same line, does not.
func mapBack(tf *token.File, gen, src []byte, user string, start, end int) (int, int, bool) {
	if start < 0 || end < start || end > len(gen) {
		return 0, 0, false
	}
	pos := func(o int) token.Position { return tf.PositionFor(tf.Pos(o), true) }
	// follows reports whether offset o+1 of gen maps right after offset o.
	follows := func(o int) bool {
		if o+1 > len(gen) {
			return false
		}
		p, q := pos(o), pos(o+1)
		if p.Filename != user || q.Filename != user || p.Column == 0 || q.Column == 0 {
			return false
		}
		if gen[o] == '\n' {
			return q.Line == p.Line+1 && q.Column == 1
		}
		return q.Line == p.Line && q.Column == p.Column+1
	}
	for o := start; o < end; o++ {
		if !follows(o) {
			return 0, 0, false
		}
	}
	lo := bytes.LastIndexByte(gen[:start], '\n') + 1
	hi := len(gen)
	if i := bytes.IndexByte(gen[end:], '\n'); i >= 0 {
		hi = end + i
	}
	a := start
	for a > lo && follows(a-1) {
		a--
	}
	b := end
	for b < hi && follows(b) {
		b++
	}
	p := pos(a)
	if p.Filename != user || p.Column == 0 {
		return 0, 0, false
	}
	lineStart := 0
	for line := 1; line < p.Line; line++ {
		i := bytes.IndexByte(src[lineStart:], '\n')
		if i < 0 {
			return 0, 0, false
		}
		lineStart += i + 1
	}
	ua := lineStart + p.Column - 1
	last := min(b+1, len(gen))
	if ua+(last-a) > len(src) || !bytes.Equal(gen[a:last], src[ua:ua+(last-a)]) {
		return 0, 0, false
	}
	if i := bytes.IndexByte(src[lineStart:], '\n'); i >= 0 && ua > lineStart+i {
		return 0, 0, false // the column lies past the end of its line
	}
	return ua + (start - a), ua + (end - a), true
}
