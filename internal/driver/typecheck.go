package driver

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"io"
	"os"
	"runtime/debug"

	"golang.org/x/tools/go/gcexportdata"
)

// process loads one package and, if it is from source, analyzes it.
func (s *schedule) process(n *Package) {
	defer recoverLoad(n)
	if s.stopped(n) || len(n.ListErrors) > 0 || importFailed(n) {
		return
	}
	switch {
	case n.PkgPath == "unsafe":
		if n.Root { // the checks run on it as on any requested package
			s.analyze(n, nil, newInfo())
		}
	case n.memo != nil:
		s.fromMemo(n)
	case !n.needTypes:
		// Reused from the cache, and nothing analyzed imports it.
		if n.Root {
			s.setActions(n, n.actions)
		}
	case s.typesFromEntry(n):
	case !n.Source && s.typesFromExport(n):
	default:
		s.fromSource(n)
	}
}

// recoverLoad turns a panic while loading n into n's error: a bug in
// exitlint or go/types must cost this package, not the run.
func recoverLoad(n *Package) {
	if r := recover(); r != nil {
		n.errors = append(n.errors, PackageError{Kind: InternalError, Msg: fmt.Sprintf("internal error while loading %s: %v\n%s", n.ID, r, debug.Stack())})
	}
}

// stopped reports whether the run's Context ended before n was loaded;
// n is then not loaded, which its errors say unless go list's say more.
func (s *schedule) stopped(n *Package) bool {
	ctx := s.g.cfg.Context
	if ctx == nil || ctx.Err() == nil {
		return false
	}
	if len(n.ListErrors) == 0 {
		n.errors = append(n.errors, PackageError{Kind: NotLoaded, Msg: fmt.Sprintf("%s was not loaded: %v", n.ID, context.Cause(ctx))})
	}
	return true
}

// importFailed reports whether an import of n did not load, which makes
// it n's error: n cannot be type-checked without that import's types.
func importFailed(n *Package) bool {
	for _, d := range n.deps {
		if len(d.Errors()) > 0 {
			n.errors = []PackageError{{Kind: DependencyError, Msg: "a package it imports does not load: " + d.ID, Import: d}}
			return true
		}
	}
	return false
}

// fromMemo takes n whole from the Memo: its types, its facts and, for a
// requested package, its findings, each action now of this run's package.
func (s *schedule) fromMemo(n *Package) {
	e := n.memo
	s.g.setTypes(n, e.types)
	n.facts = e.facts
	if n.Root {
		var acts []*Action
		for _, a := range e.actions {
			c := *a
			c.Package = n
			acts = append(acts, &c)
		}
		s.setActions(n, acts)
	}
}

// typesFromEntry loads n, reused from the cache and imported by a package
// analyzed: its types from what the cache kept (or, for a standard
// package, the go command's export data), its facts decoded on them. When
// either fails, n is readied to be type-checked from source, and its facts
// are decoded on what that gives; it reports whether n is loaded.
func (s *schedule) typesFromEntry(n *Package) bool {
	e := n.entry
	if e == nil || (len(e.Types) == 0 && n.exportFile == "") {
		return false
	}
	var err error
	if len(e.Types) > 0 {
		err = s.readTypes(n, e.Types)
	} else {
		err = s.readExport(n)
	}
	if err == nil && n.decodeFacts(e) == nil {
		n.cachedTypes = len(e.Types) > 0
		n.exportTypes = !n.cachedTypes
		if n.Root {
			s.setActions(n, n.actions)
		}
		s.remember(n, n.actions)
		return true
	}
	e.Types, n.exportFile = nil, ""
	n.facts = &facts{}
	s.toSource(n)
	return false
}

// typesFromExport reads n's types from the go command's export data and
// reports whether it could. Unreadable export data (a go command newer
// than exitlint, say) readies n to be type-checked from source instead.
func (s *schedule) typesFromExport(n *Package) bool {
	if err := s.readExport(n); err == nil {
		s.remember(n, nil)
		return true
	}
	n.Source = true
	s.toSource(n)
	return false
}

// toSource gives n, whose types could not be read, a new types.Package to
// type-check into, and counts its files in the parse cache, which plan
// did not count for a package it expected to read.
func (s *schedule) toSource(n *Package) {
	s.g.setTypes(n, types.NewPackage(n.PkgPath, n.meta.Name))
	for _, f := range n.meta.CompiledGoFiles {
		s.g.acquire(f)
	}
}

// fromSource parses and type-checks n. Its facts and findings then come
// from its cache entry when it has one (its types were not kept there),
// and the entry gets its types (keepTypes); otherwise n is analyzed.
func (s *schedule) fromSource(n *Package) {
	files, info := s.check(n)
	if n.writable() {
		s.g.sumGenerated(n)
	}
	if len(n.errors) == 0 {
		if e := n.entry; e != nil && n.decodeFacts(e) == nil {
			if n.Root {
				s.setActions(n, n.actions)
			}
			if s.remember(n, n.actions) {
				s.keepTypes(n, e)
			}
		} else {
			n.entry, n.actions = nil, nil
			n.facts = &facts{}
			s.analyze(n, files, info)
		}
	}
	for _, f := range n.meta.CompiledGoFiles {
		s.g.release(f)
	}
}

// readExport reads n's types from its export data.
func (s *schedule) readExport(n *Package) error {
	data, err := os.ReadFile(n.exportFile)
	if err != nil {
		return err
	}
	return s.readTypes(n, data)
}

// readTypes reads n's types from export data: the go command's, or what
// the cache kept.
func (s *schedule) readTypes(n *Package, data []byte) error {
	s.exportMu.Lock()
	defer s.exportMu.Unlock()
	var r io.Reader = bytes.NewReader(data)
	if bytes.HasPrefix(data, []byte("!<arch>\n")) {
		// Up to Go 1.27, go list -export names the compiler's archive;
		// from Go 1.28 on, a file gcexportdata.Read takes as it is.
		var err error
		//lint:ignore SA1019 archives are what the go command of Go 1.27 and earlier lists
		r, err = gcexportdata.NewReader(r)
		if err != nil {
			return err
		}
	}
	// Export data names packages by path. The view maps each path in n's
	// dependency closure to that closure's package (a test variant, where
	// there is one), so no types.Package is created twice.
	view := map[string]*types.Package{}
	closure(n, func(p *Package) { view[p.PkgPath] = p.types })
	tp, err := gcexportdata.Read(r, s.g.Fset, view, n.PkgPath)
	if err != nil {
		return err
	}
	if tp != n.types {
		return fmt.Errorf("export data of %s made a second package", n.ID)
	}
	return nil
}

// check parses and type-checks a package from source.
func (s *schedule) check(n *Package) ([]*ast.File, *types.Info) {
	var files []*ast.File
	for _, name := range n.meta.CompiledGoFiles {
		f, err := s.g.parse(name, n.writable())
		if f != nil {
			files = append(files, f)
		}
		if err != nil {
			n.errors = append(n.errors, parseErrors(name, err)...)
		}
	}
	info := newInfo()
	conf := s.g.typesConfig(n, func(d *Package) *types.Package { return d.types }, &n.errors)
	err := types.NewChecker(conf, s.g.Fset, n.types, info).Files(files)
	if err != nil && len(n.errors) == 0 {
		n.errors = append(n.errors, typeError(err))
	}
	return files, info
}

// typesConfig is how n is type-checked: its imports' types are what
// typesOf gives the packages go list listed for them, and each error is
// added to errs.
func (g *Graph) typesConfig(n *Package, typesOf func(*Package) *types.Package, errs *[]PackageError) *types.Config {
	conf := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if d := n.imports[path]; d != nil {
				return typesOf(d), nil
			}
			return nil, fmt.Errorf("go list did not list the import %q of %s", path, n.ID)
		}),
		Sizes: g.sizes,
		Error: func(err error) {
			*errs = append(*errs, typeError(err))
		},
	}
	if m := n.meta.Module; m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	return conf
}

func newInfo() *types.Info {
	return &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Instances:    map[*ast.Ident]types.Instance{},
		Scopes:       map[ast.Node]*types.Scope{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		FileVersions: map[*ast.File]string{},
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
