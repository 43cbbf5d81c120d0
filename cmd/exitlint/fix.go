package main

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/exitlint/exitlint/internal/findings"
)

// fix writes the first fix of each finding that has one, in the order the
// checks reported them, and moves the findings it fixed from Diagnostics to
// Fixed. What it wrote, what it could not write and the fixes it refused
// are left in res for outcome to judge.
//
// A run whose analysis is incomplete (a package that does not type-check,
// a check that failed) writes nothing: it ends in PRECONDITION or
// GENERAL_ERROR, and PRECONDITION promises that nothing changed. The
// fixes are counted in res.fixHeld, and the run says that -fix wrote
// nothing and why.
func fix(res *result) {
	var pending []*pendingFix
	reported := slices.SortedFunc(slices.Values(res.Diagnostics), func(a, b findings.Finding) int { return cmp.Compare(a.Order, b.Order) })
	for _, f := range reported {
		if p := newPendingFix(f); p != nil {
			pending = append(pending, p)
		}
	}
	if len(pending) == 0 {
		return
	}
	if !res.Complete {
		res.fixHeld = len(pending)
		return
	}
	scope := res.scope
	scope.off, scope.offErr = goDirs()
	fr := applyFixes(res.fset, scope, pending)
	res.Fixed = fr.applied
	done := map[findingKey]bool{}
	for _, d := range fr.applied {
		done[keyOf(d)] = true
	}
	remaining := res.Diagnostics[:0]
	for _, f := range res.Diagnostics {
		if !done[keyOf(diagnostic(f))] {
			remaining = append(remaining, f)
		}
	}
	res.Diagnostics = remaining
	for _, f := range fr.files {
		res.fixWritten = append(res.fixWritten, findings.Relative(res.dir, f))
	}
	for _, f := range fr.failed {
		f.file = findings.Relative(res.dir, f.file)
		res.fixFailed = append(res.fixFailed, f)
	}
	for _, n := range fr.notWritten {
		res.fixNotWritten = append(res.fixNotWritten, NotFixed{Diagnostic: n.diag, Reason: n.reason})
	}
}

// findingKey tells one finding from another.
type findingKey struct{ posn, check, message string }

func keyOf(d Diagnostic) findingKey { return findingKey{d.Posn, d.Check, d.Message} }

// edit is one text replacement in a file, by byte offsets.
type edit struct {
	start, end int
	text       string
}

// pendingFix is the first suggested fix of one finding, with the finding
// as -json reports it: -fix lists what it fixed in that form.
type pendingFix struct {
	diag  Diagnostic
	edits map[string][]edit // by file name, as parsed
}

// newPendingFix returns the first fix of f, or nil when f has none or an
// edit of it does not lie within one file.
func newPendingFix(f findings.Finding) *pendingFix {
	if len(f.Fixes) == 0 {
		return nil
	}
	p := &pendingFix{diag: diagnostic(f), edits: map[string][]edit{}}
	for _, e := range f.Fixes[0].Edits {
		if e.Parsed == "" {
			return nil
		}
		p.edits[e.Parsed] = append(p.edits[e.Parsed], edit{e.Pos.Offset, e.End.Offset, e.NewText})
	}
	return p
}

// fixResult says what -fix did.
type fixResult struct {
	applied    []Diagnostic  // findings whose fix was written
	files      []string      // files written, by name as go list gives them
	failed     []fileFailure // files that could not be written, and why
	notWritten []notWritten  // fixes not written, and why, other than a failed file
}

// notWritten is a fix -fix did not write: it was refused (a file that is
// not the user's, a position that cannot be mapped back exactly), it
// overlaps one written before it, or it does not leave valid Go.
type notWritten struct {
	diag   Diagnostic
	reason string
}

// fileFailure is a file -fix could not write, and what that means for the
// exit code.
type fileFailure struct {
	file string
	err  error
	kind failKind
}

// failKind is why a file could not be written, ordered by precedence: when
// several files fail, the run ends in the code of the highest kind, the
// one that running again would not clear.
type failKind int

const (
	failChanged    failKind = iota // changed on disk since it was analyzed: CONFLICT
	failIO                         // another error of the file system: GENERAL_ERROR
	failNoSpace                    // no space left on the device, or over quota: PRECONDITION
	failPermission                 // not writable: PERMISSION_DENIED
)

// kindOf classifies an error of the file system.
func kindOf(err error) failKind {
	switch {
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		return failPermission
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return failNoSpace
	}
	return failIO
}

// target is a file -fix writes.
type target struct {
	name  string // as go list names it
	shown string // as messages name it
	real  string // with symbolic links resolved: the file renamed over
	src   []byte // its content when -fix read it
	sum   [sha256.Size]byte
	info  fs.FileInfo
}

// fixer holds the state of one applyFixes call.
type fixer struct {
	fset    *token.FileSet
	scope   fixScope
	tfiles  map[string]*token.File
	targets map[string]*target // by name; nil for a file refused or failed
	refused map[string]string  // why a file is refused
	failed  map[string]*fileFailure
	order   []string // failed files in the order found
	reads   map[string][]byte
}

// applyFixes writes every fix that -fix may write and that does not
// overlap a fix accepted before it.
//
// A fix is written only into the user's files: files of a main module's
// packages, inside that module's directory once symbolic links are
// resolved, never in GOROOT, the module cache or the build cache, never a
// generated file. A fix in cmd/cgo's rewrite of a file is mapped back to
// the user's file through the rewrite's line directives when every byte it
// touches, and the bytes around it up to the next directive or line end,
// are the user's own; else it is refused. A refused fix is listed with its
// reason and its finding stays.
//
// The files are written all or nothing: each fixed file is first written
// whole to a temporary file beside it and synced; only when every one is
// ready, and every original still holds the bytes that were analyzed
// (compared by SHA-256), are they renamed over the originals. A failure
// before that writes nothing. Only a failed rename, after others
// succeeded, leaves some files written, and the result names them.
func applyFixes(fset *token.FileSet, scope fixScope, fixes []*pendingFix) fixResult {
	f := &fixer{fset: fset, scope: scope, tfiles: map[string]*token.File{}, targets: map[string]*target{},
		refused: map[string]string{}, failed: map[string]*fileFailure{}, reads: map[string][]byte{}}
	fset.Iterate(func(tf *token.File) bool {
		f.tfiles[tf.Name()] = tf
		return true
	})
	var res fixResult

	// Map each fix onto the files it would write, refusing what -fix may
	// not write.
	var candidates []mapped
	for _, p := range fixes {
		m := mapped{p: p, edits: map[string][]edit{}}
		reason, blocked := "", false
		for _, name := range slices.Sorted(maps.Keys(p.edits)) {
			file, edits, why := f.place(name, p.edits[name])
			switch {
			case why != "":
				reason = why
			case file == "":
				blocked = true // its file failed: reported with the file
			default:
				m.edits[file] = append(m.edits[file], edits...)
			}
			if reason != "" || blocked {
				break
			}
		}
		switch {
		case reason != "":
			res.notWritten = append(res.notWritten, notWritten{p.diag, reason})
		case !blocked:
			candidates = append(candidates, m)
		}
	}

	// Accept the fixes that overlap none accepted before them, then those
	// of them that type-check (fixverify.go); drop those whose file's
	// fixes do not leave valid Go, until none is dropped.
	var accepted []mapped
	edits := map[string][]edit{}
	for _, m := range candidates {
		ok := true
		for name, list := range m.edits {
			for _, e := range list {
				if overlaps(edits[name], e) {
					ok = false
				}
			}
		}
		if !ok {
			res.notWritten = append(res.notWritten, notWritten{m.p.diag, "it overlaps a fix written before it; run exitlint -fix again to apply it to the fixed file"})
			continue
		}
		mergeEdits(edits, m.edits)
		accepted = append(accepted, m)
	}
	accepted = f.typeChecked(accepted, &res)
	var out map[string][]byte
	for {
		edits = map[string][]edit{}
		for _, m := range accepted {
			mergeEdits(edits, m.edits)
		}
		out = map[string][]byte{}
		invalid := map[string]string{}
		for name, list := range edits {
			content, err := fixedContent(f.targets[name].src, list)
			if err != nil {
				invalid[name] = fmt.Sprintf("the fixes for %s do not leave valid Go (%v); nothing was written to it: this is a bug in exitlint, report it", f.rel(name), err)
				continue
			}
			out[name] = content
		}
		if len(invalid) == 0 {
			break
		}
		var keep []mapped
		for _, m := range accepted {
			reason := ""
			for name := range m.edits {
				if r, bad := invalid[name]; bad {
					reason = r
				}
			}
			if reason != "" {
				res.notWritten = append(res.notWritten, notWritten{m.p.diag, reason})
				continue
			}
			keep = append(keep, m)
		}
		accepted = keep
	}

	names := slices.Sorted(maps.Keys(edits))
	written := map[string]bool{}
	if len(f.failed) == 0 {
		for _, name := range f.write(names, out) {
			written[name] = true
			res.files = append(res.files, name)
		}
	}
	for _, name := range f.order {
		res.failed = append(res.failed, *f.failed[name])
	}
	for _, m := range accepted {
		ok := true
		for name := range m.edits {
			ok = ok && written[name]
		}
		if ok {
			res.applied = append(res.applied, m.p.diag)
		}
	}
	return res
}

// mapped is a fix with its edits placed in the files -fix writes.
type mapped struct {
	p     *pendingFix
	edits map[string][]edit // by target file
}

// mergeEdits adds edits, by file, to all, each edit once (two fixes that
// add the same import agree).
func mergeEdits(all, edits map[string][]edit) {
	for name, list := range edits {
		for _, e := range list {
			if !contains(all[name], e) {
				all[name] = append(all[name], e)
			}
		}
	}
}

// fail records that a file cannot be written.
func (f *fixer) fail(name string, kind failKind, err error) {
	if f.failed[name] == nil {
		f.failed[name] = &fileFailure{file: name, err: err, kind: kind}
		f.order = append(f.order, name)
	}
}

// write writes the fixed content of each file all or nothing, as
// applyFixes says, and returns the files it wrote.
func (f *fixer) write(names []string, out map[string][]byte) []string {
	temps := map[string]string{}
	defer func() {
		for _, tmp := range temps {
			os.Remove(tmp)
		}
	}()
	for _, name := range names {
		tmp, err := prepare(f.targets[name], out[name])
		if err != nil {
			f.fail(name, kindOf(err), err)
			return nil
		}
		temps[name] = tmp
	}
	// The originals must still hold what was analyzed: a last look, right
	// before the renames, narrows the time an editor's save can slip in
	// between to the renames themselves.
	for _, name := range names {
		t := f.targets[name]
		now, err := os.ReadFile(t.real)
		if err != nil {
			f.fail(name, kindOf(err), fmt.Errorf("cannot read %s to fix it: %w", f.rel(name), err))
			return nil
		}
		if sha256.Sum256(now) != t.sum {
			f.fail(name, failChanged, fmt.Errorf("%s changed on disk since it was analyzed; run exitlint -fix again", f.rel(name)))
			return nil
		}
	}
	var written []string
	dirs := map[string]bool{}
	for _, name := range names {
		t := f.targets[name]
		if err := rename(temps[name], t.real); err != nil {
			f.fail(name, kindOf(err), fmt.Errorf("cannot replace %s with its fixed version: %w", f.rel(name), err))
			break
		}
		delete(temps, name)
		written = append(written, name)
		dirs[filepath.Dir(t.real)] = true
	}
	for dir := range dirs {
		syncDir(dir)
	}
	// A file not reached after a failed rename was not written: it is
	// named with the failure.
	for _, name := range names {
		if _, left := temps[name]; left && f.failed[name] == nil {
			f.fail(name, failIO, fmt.Errorf("%s was not written: -fix stopped at the failure before it", f.rel(name)))
		}
	}
	return written
}

// rename renames a temporary file over the original: a seam for tests.
var rename = os.Rename

// prepare writes content to a new temporary file beside t, with t's mode
// (and owner, where the system permits), synced to disk, and returns its
// name. A read-only file, or a file in a read-only directory (whose mode
// lets no one write), is not written, even by a user who could (root):
// the mode says what its owner wants, whoever runs -fix.
func prepare(t *target, content []byte) (string, error) {
	if t.info.Mode().Perm()&0o222 == 0 {
		return "", fmt.Errorf("cannot write the fixes to %s: the file is read-only (mode %v): %w", t.shown, t.info.Mode().Perm(), fs.ErrPermission)
	}
	dir := filepath.Dir(t.real)
	if info, err := os.Stat(dir); err == nil && info.Mode().Perm()&0o222 == 0 {
		return "", fmt.Errorf("cannot write the fixes to %s: its directory is read-only (mode %v): %w", t.shown, info.Mode().Perm(), fs.ErrPermission)
	}
	probe, err := os.OpenFile(t.real, os.O_WRONLY, 0)
	if err != nil {
		return "", fmt.Errorf("cannot write the fixes to %s: %w", t.shown, err)
	}
	probe.Close()
	tmp, err := os.CreateTemp(dir, tempPrefix(filepath.Base(t.real))+"*")
	if err != nil {
		return "", fmt.Errorf("cannot write the fixes to %s: %w", t.shown, err)
	}
	werr := func() error {
		if _, err := tmp.Write(content); err != nil {
			return err
		}
		if err := tmp.Chmod(t.info.Mode().Perm()); err != nil {
			return err
		}
		keepOwner(tmp, t.info)
		return tmp.Sync()
	}()
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(tmp.Name())
		var pe *fs.PathError
		if errors.As(werr, &pe) {
			werr = pe.Err // the temporary file's name is of no use: it is gone
		}
		return "", fmt.Errorf("cannot write the fixes to %s (it is left as it was): %w", t.shown, werr)
	}
	return tmp.Name(), nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// overlaps reports whether e overlaps an edit of list other than an
// identical one (two fixes adding the same import agree).
func overlaps(list []edit, e edit) bool {
	for _, a := range list {
		if a == e {
			continue
		}
		if e.start < a.end && a.start < e.end {
			return true
		}
		if e.start == e.end && a.start == a.end && e.start == a.start {
			return true // two insertions at one place: their order is unknown
		}
		if (e.start == e.end && a.start < e.start && e.start < a.end) || (a.start == a.end && e.start < a.start && a.start < e.end) {
			return true
		}
	}
	return false
}

func contains(list []edit, e edit) bool {
	for _, a := range list {
		if a == e {
			return true
		}
	}
	return false
}

const bom = "\ufeff"

// splice applies edits to src, in the order of their places; with crlf,
// the new lines of their text end in CRLF.
func splice(src []byte, edits []edit, crlf bool) ([]byte, error) {
	edits = slices.Clone(edits)
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var b bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end < e.start || e.end > len(src) {
			return nil, errors.New("the edits do not fit the file")
		}
		b.Write(src[last:e.start])
		text := e.text
		if crlf {
			text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n")
		}
		b.WriteString(text)
		last = e.end
	}
	b.Write(src[last:])
	return b.Bytes(), nil
}

// fixedContent applies edits to src and keeps the file's form: a UTF-8
// byte order mark stays, a file whose lines all end in CRLF keeps CRLF
// (the fixes' new lines too), and only a file that was gofmt-formatted
// (BOM and CRLF aside) is formatted again after the edits. A file gofmt
// would change gets the edits as the checks wrote them, nothing else.
func fixedContent(src []byte, edits []edit) ([]byte, error) {
	lines := bytes.Count(src, []byte("\n"))
	crlf := lines > 0 && bytes.Count(src, []byte("\r\n")) == lines
	mixed := !crlf && bytes.Contains(src, []byte("\r\n"))
	edited, err := splice(src, edits, crlf)
	if err != nil {
		return nil, err
	}

	hasBOM := bytes.HasPrefix(src, []byte(bom))
	plain := func(s []byte) []byte {
		s = bytes.TrimPrefix(s, []byte(bom))
		if crlf {
			s = bytes.ReplaceAll(s, []byte("\r\n"), []byte("\n"))
		}
		return s
	}
	if !mixed {
		if was, err := format.Source(plain(src)); err == nil && bytes.Equal(was, plain(src)) {
			out, err := format.Source(plain(edited))
			if err != nil {
				return nil, err
			}
			if crlf {
				out = bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))
			}
			if hasBOM {
				out = append([]byte(bom), out...)
			}
			return out, nil
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "", edited, parser.ParseComments|parser.SkipObjectResolution); err != nil {
		return nil, err
	}
	return edited, nil
}
