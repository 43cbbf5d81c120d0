package driver

import (
	"crypto/sha256"
	"go/ast"
	"go/parser"
	"go/types"
	"os"
	"sync"
)

// owner finds the package of the graph that pkg is the types of.
func (g *Graph) owner(pkg *types.Package) *Package {
	g.typesMu.RLock()
	defer g.typesMu.RUnlock()
	return g.byTypes[pkg]
}

// setTypes gives n a new types.Package.
func (g *Graph) setTypes(n *Package, pkg *types.Package) {
	g.typesMu.Lock()
	defer g.typesMu.Unlock()
	delete(g.byTypes, n.types)
	n.types = pkg
	g.byTypes[pkg] = n
}

// closure calls f on n and each package it depends on, directly or not.
func closure(n *Package, f func(*Package)) {
	seen := map[*Package]bool{n: true}
	var visit func(p *Package)
	visit = func(p *Package) {
		f(p)
		for _, d := range p.deps {
			if !seen[d] {
				seen[d] = true
				visit(d)
			}
		}
	}
	visit(n)
}

// parsed is one file of the parse cache. A package and its test variant
// share their files; an entry is dropped when the last package that lists
// it is done.
type parsed struct {
	refs int // packages from source that list the file and are not done
	once sync.Once
	file *ast.File
	err  error
}

// file returns the cache entry of a file; the caller holds filesMu.
func (g *Graph) file(name string) *parsed {
	p := g.files[name]
	if p == nil {
		p = &parsed{}
		g.files[name] = p
	}
	return p
}

func (g *Graph) acquire(name string) {
	g.filesMu.Lock()
	g.file(name).refs++
	g.filesMu.Unlock()
}

func (g *Graph) release(name string) {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	if p := g.files[name]; p != nil {
		p.refs--
		if p.refs <= 0 {
			delete(g.files, name)
		}
	}
}

// parse parses a file once, and records its content's sum when sum is
// set.
func (g *Graph) parse(name string, sum bool) (*ast.File, error) {
	g.filesMu.Lock()
	p := g.file(name)
	g.filesMu.Unlock()
	p.once.Do(func() {
		src, err := g.readFile(name)
		if err != nil {
			p.err = err
			return
		}
		if sum || g.keyed(name) {
			s := sha256.Sum256(src)
			if sum {
				g.sum(name, s)
			}
			g.verify(name, s)
		}
		p.file, p.err = parser.ParseFile(g.Fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
	})
	return p.file, p.err
}

// writable reports whether the package belongs to a main module, the
// only packages whose files a writer (exitlint -fix) may change: their
// files' sums are recorded.
func (p *Package) writable() bool {
	return p.meta.Module != nil && p.meta.Module.Main
}

// sum records the content of a file as it was read for the analysis.
func (g *Graph) sum(name string, sum [sha256.Size]byte) {
	g.filesMu.Lock()
	g.sums[name] = sum
	g.filesMu.Unlock()
}

// sumGenerated records the content of the source files the go command
// rewrote into the files the package is compiled from (cmd/cgo's input):
// the analysis saw them through the rewrite.
func (g *Graph) sumGenerated(n *Package) {
	compiled := map[string]bool{}
	for _, f := range n.meta.CompiledGoFiles {
		compiled[f] = true
	}
	for _, f := range n.meta.GoFiles {
		if compiled[f] {
			continue
		}
		if src, err := g.readFile(f); err == nil {
			s := sha256.Sum256(src)
			g.sum(f, s)
			g.verify(f, s)
		}
	}
}

// readFile reads a file, or its overlay.
func (g *Graph) readFile(name string) ([]byte, error) {
	if src, ok := g.overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}

// keyed reports whether a key hashed the file's content.
func (g *Graph) keyed(name string) bool {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	_, ok := g.keySums[name]
	return ok
}

// verify notes a file whose content, as read to be parsed, is not what
// its package's key hashed: what the package's analysis finds then is not
// what its key names.
func (g *Graph) verify(name string, sum [sha256.Size]byte) {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	if want, ok := g.keySums[name]; ok && want != sum {
		g.changed[name] = true
	}
}

func (g *Graph) fileChanged(name string) bool {
	g.filesMu.Lock()
	defer g.filesMu.Unlock()
	return g.changed[name]
}
