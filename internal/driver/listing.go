package driver

import (
	"crypto/sha256"
	"fmt"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A listing is go list's answer kept by a Memo, with a fingerprint of
// everything in it that an edit can change: the package clause, build
// constraints, cgo preamble and imports of every Go file in the
// directories of the packages outside the module cache and GOROOT (an
// edit's buffer included), the names of the Go files there, the go.mod
// and go.sum of their modules, their vendor/modules.txt and any go.work
// above them. An edit below the imports, the usual
// kind, leaves the fingerprint as it was, and the run reuses the listing
// instead of running go list again.
type listing struct {
	roots       []*packages.Package
	env         []string
	fingerprint [sha256.Size]byte
	used        int // the Memo's run that last used it
}

// listingKey names a listing: what was asked, where.
func listingKey(cfg Config, patterns []string) string {
	return fmt.Sprintf("%q %q %v %q %x", cfg.Dir, patterns, cfg.Tests, cfg.Tags, sha256.Sum256([]byte(strings.Join(cfg.Env, "\x00"))))
}

// listingFingerprint hashes what of the packages' files go list's answer
// depends on. ok is false when the answer cannot be reused: a package
// with errors (go list may answer differently once a file is fixed).
func listingFingerprint(memo *Memo, roots []*packages.Package, overlay map[string][]byte) (sum [sha256.Size]byte, ok bool) {
	dirs := map[string]bool{}
	mods := map[string]bool{}
	ok = true
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			ok = false
		}
		if metaImmutable(p) {
			return
		}
		for _, list := range [][]string{p.GoFiles, p.IgnoredFiles} {
			for _, f := range list {
				dirs[filepath.Dir(f)] = true
			}
		}
		if m := p.Module; m != nil && m.GoMod != "" {
			mods[m.GoMod] = true
		}
	})
	if !ok {
		return sum, false
	}
	h := sha256.New()
	// The go.work above each module, if any (a use added changes the
	// graph), and its vendor/modules.txt.
	stats := map[string]bool{}
	for mod := range mods {
		dir := filepath.Dir(mod)
		stats[filepath.Join(dir, "vendor", "modules.txt")] = true
		for d := dir; ; d = filepath.Dir(d) {
			stats[filepath.Join(d, "go.work")] = true
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	for _, f := range slices.Sorted(maps.Keys(stats)) {
		if info, err := os.Stat(f); err == nil {
			fmt.Fprintf(h, "stat %q %d %d\n", f, info.Size(), info.ModTime().UnixNano())
		}
	}
	for _, mod := range slices.Sorted(maps.Keys(mods)) {
		for _, f := range []string{mod, strings.TrimSuffix(mod, ".mod") + ".sum"} {
			if info, err := os.Stat(f); err == nil {
				fmt.Fprintf(h, "mod %q %d %d\n", f, info.Size(), info.ModTime().UnixNano())
			} else {
				fmt.Fprintf(h, "mod %q none\n", f)
			}
		}
	}
	fset := token.NewFileSet()
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return sum, false
		}
		names := map[string]bool{}
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".go") && !e.IsDir() {
				names[filepath.Join(dir, e.Name())] = true
			}
		}
		for f := range overlay {
			if filepath.Dir(f) == dir && strings.HasSuffix(f, ".go") {
				names[f] = true
			}
		}
		for _, f := range slices.Sorted(maps.Keys(names)) {
			if src, ok := overlay[f]; ok {
				fmt.Fprintf(h, "file %q %x\n", f, sha256.Sum256(header(fset, f, src)))
				continue
			}
			hs, err := memo.sumOf(f, true, func() ([sha256.Size]byte, error) {
				src, err := os.ReadFile(f)
				if err != nil {
					return [sha256.Size]byte{}, err
				}
				return sha256.Sum256(header(fset, f, src)), nil
			})
			if err != nil {
				return sum, false
			}
			fmt.Fprintf(h, "file %q %x\n", f, hs)
		}
	}
	h.Sum(sum[:0])
	return sum, true
}

// header is the part of a Go file that go list reads: up to the end of its
// imports, comments and build constraints included; the whole file when
// that part does not parse.
func header(fset *token.FileSet, name string, src []byte) []byte {
	f, err := parser.ParseFile(fset, name, src, parser.ImportsOnly|parser.ParseComments)
	if err != nil {
		return src
	}
	end := f.Name.End()
	for _, d := range f.Decls {
		end = max(end, d.End())
	}
	off := fset.File(f.Pos()).Offset(end)
	return src[:off]
}

// metaImmutable is Package.immutable for go list's answer.
func metaImmutable(p *packages.Package) bool {
	if m := p.Module; m != nil {
		return m.Version != "" && m.Replace == nil && !m.Main
	}
	return standard(p)
}
