package main

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"

	"github.com/exitlint/exitlint/internal/driver"
)

// typeChecked returns the fixes of accepted that leave every package they
// change type-checking, and lists the others as not written with the
// type checker's reason. The analysis parsed each fix's text, and no
// check reads its own fix back through the type checker: a fix that
// names a package (exitcode.Exit) where a local name shadows it, or
// changes the type of an exported constant an importer relies on, would
// be written and break the build. So the packages the fixes change are
// type-checked again with the fixes in place, in the files as the
// analysis parsed them (cmd/cgo's rewrites included), against the types
// the analysis loaded, and so are their importers in the run while an
// API changes (driver.Graph.Recheck). When they do not type-check, the
// fixes are checked a directory at a time, and in a directory that fails
// one at a time: a fix that fails alone is not written; fixes that pass
// alone but fail together are not written either: those in the packages
// that fail, or all of them when those packages hold none.
func (f *fixer) typeChecked(accepted []mapped, res *fixResult) []mapped {
	if f.scope.recheck == nil || len(accepted) == 0 {
		return accepted
	}
	check := func(ms []mapped) []driver.Broken { return f.scope.recheck(f.parsedContents(ms)) }
	if len(check(accepted)) == 0 {
		return accepted
	}
	drop := func(m mapped, reason string) { res.notWritten = append(res.notWritten, notWritten{m.p.diag, reason}) }
	var keep []mapped
	for _, group := range byDirectory(accepted) {
		if len(check(group)) == 0 {
			keep = append(keep, group...)
			continue
		}
		for _, m := range group {
			if broken := check([]mapped{m}); len(broken) > 0 {
				drop(m, "the fix does not type-check ("+f.firstError(broken)+"); it was not written: exitlint's fix is wrong here (report it), change the code by hand")
				continue
			}
			keep = append(keep, m)
		}
	}
	for {
		broken := check(keep)
		if len(broken) == 0 {
			return keep
		}
		together := "the fix type-checks alone but not with the other fixes (" + f.firstError(broken) + "); it was not written: change the code by hand, or run exitlint -fix again"
		var next []mapped
		for _, m := range keep {
			if touches(m, broken) {
				drop(m, together)
				continue
			}
			next = append(next, m)
		}
		if len(next) == len(keep) {
			// The packages that fail hold none of the fixes: fixes
			// elsewhere broke them together, through an API.
			for _, m := range keep {
				drop(m, together)
			}
			return nil
		}
		keep = next
	}
}

// parsedContents is the content of each file the fixes ms edit, as the
// analysis parsed it, with their edits in place: the files the type
// checker reads.
func (f *fixer) parsedContents(ms []mapped) map[string][]byte {
	edits := map[string][]edit{}
	for _, m := range ms {
		mergeEdits(edits, m.p.edits)
	}
	out := map[string][]byte{}
	for name, list := range edits {
		if content, err := splice(f.reads[name], list, false); err == nil {
			out[name] = content
		}
	}
	return out
}

// byDirectory groups fixes by the directory of the first file they edit,
// in the order of accepted.
func byDirectory(accepted []mapped) [][]mapped {
	var order []string
	groups := map[string][]mapped{}
	for _, m := range accepted {
		dir := filepath.Dir(slices.Min(slices.Collect(maps.Keys(m.p.edits))))
		if _, ok := groups[dir]; !ok {
			order = append(order, dir)
		}
		groups[dir] = append(groups[dir], m)
	}
	var out [][]mapped
	for _, dir := range order {
		out = append(out, groups[dir])
	}
	return out
}

// touches reports whether m edits a file of a package in broken.
func touches(m mapped, broken []driver.Broken) bool {
	for _, b := range broken {
		_, compiled := b.Package.Files()
		for name := range m.p.edits {
			if slices.Contains(compiled, name) {
				return true
			}
		}
	}
	return false
}

// firstError is the first error of broken, its file named as the command
// names files.
func (f *fixer) firstError(broken []driver.Broken) string {
	e := broken[0].Errors[0]
	if e.Pos.Filename != "" {
		e.Pos.Filename = f.rel(e.Pos.Filename)
	}
	return fmt.Sprintf("%s: %v", broken[0].Package.ID, e)
}
