package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"go/token"
	"os"
	"slices"
	"sort"

	"github.com/exitlint/exitlint/internal/findings"
)

// fix writes the first fix of each finding that has one, in the order the
// checks reported them, and moves the findings it fixed from Diagnostics to
// Fixed. What it wrote and the first file it could not fix are left in res
// for outcome to judge.
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
	fr := applyFixes(res.fset, pending)
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
	res.fixErr = fr.err
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

// fixResult says what -fix did.
type fixResult struct {
	applied  []Diagnostic // findings whose fix was written
	conflict []Diagnostic // findings whose fix overlapped another and was left
	files    []string     // files written
	err      error        // the first file that could not be fixed, if any
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

// applyFixes writes every fix that does not overlap a fix accepted before
// it, formats the files it changes, and refuses a file that changed on disk
// since it was analyzed (sizes known from the file set).
func applyFixes(fset *token.FileSet, fixes []*pendingFix) fixResult {
	var res fixResult
	sizes := map[string]int{}
	fset.Iterate(func(f *token.File) bool {
		sizes[f.Name()] = f.Size()
		return true
	})
	accepted := map[string][]edit{}
	var acceptedFixes []*pendingFix
	for _, p := range fixes {
		ok := true
		for name, edits := range p.edits {
			for _, e := range edits {
				if overlaps(accepted[name], e) {
					ok = false
				}
			}
		}
		if !ok {
			res.conflict = append(res.conflict, p.diag)
			continue
		}
		for name, edits := range p.edits {
			for _, e := range edits {
				if !contains(accepted[name], e) {
					accepted[name] = append(accepted[name], e)
				}
			}
		}
		acceptedFixes = append(acceptedFixes, p)
	}
	names := make([]string, 0, len(accepted))
	for name := range accepted {
		names = append(names, name)
	}
	sort.Strings(names)
	failed := map[string]bool{}
	for _, name := range names {
		if err := rewrite(name, sizes[name], accepted[name]); err != nil {
			failed[name] = true
			if res.err == nil {
				res.err = err
			}
			continue
		}
		res.files = append(res.files, name)
	}
	for _, p := range acceptedFixes {
		written := true
		for name := range p.edits {
			if failed[name] {
				written = false
			}
		}
		if written {
			res.applied = append(res.applied, p.diag)
		}
	}
	return res
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

func rewrite(name string, size int, edits []edit) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return fmt.Errorf("cannot read %s to fix it: %w", name, err)
	}
	if len(src) != size {
		return fmt.Errorf("%s changed on disk since it was analyzed; run exitlint -fix again", name)
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start < edits[j].start })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.start < last || e.end > len(src) {
			return fmt.Errorf("the fixes for %s do not fit the file; nothing was written to it", name)
		}
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	formatted, err := format.Source(out.Bytes())
	if err != nil {
		return fmt.Errorf("the fixes for %s do not leave valid Go (%v); nothing was written to it", name, err)
	}
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	if err := os.WriteFile(name, formatted, info.Mode().Perm()); err != nil {
		return fmt.Errorf("cannot write the fixes to %s: %w", name, err)
	}
	return nil
}
