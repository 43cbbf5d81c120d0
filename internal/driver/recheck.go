package driver

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"maps"
	"slices"
	"strings"
)

// Broken is a package that does not type-check once files are edited
// (Recheck), and its errors.
type Broken struct {
	Package *Package
	Errors  []PackageError
}

// Recheck type-checks again, against the types the run loaded, the
// packages that would change if files held the content given (by file
// name, as the packages list them): each package analyzed from source
// that compiles one of the files, and, once a package's API changes (what
// it exports, as its importers see it), every package of the graph that
// imports it, directly or not, on its new types. It returns those that do not type-check, with their
// errors, in dependency order; none when the edits leave every one of
// them as valid as it was. The graph must have been loaded with
// Config.KeepTypes and run. Nothing is analyzed, and no package of the
// graph changes.
func (g *Graph) Recheck(files map[string][]byte) []Broken {
	var broken []Broken
	fresh := map[*Package]*types.Package{}
	pending := map[*Package]bool{}
	for _, n := range g.all {
		if n.recheckable() && slices.ContainsFunc(n.meta.CompiledGoFiles, func(f string) bool { _, ok := files[f]; return ok }) {
			pending[n] = true
		}
	}
	for len(pending) > 0 {
		// Imports first: a package's height is above its importers'.
		n := slices.MaxFunc(slices.Collect(maps.Keys(pending)), func(a, b *Package) int {
			if a.height != b.height {
				return a.height - b.height
			}
			return strings.Compare(b.ID, a.ID)
		})
		delete(pending, n)
		pkg, errs := g.recheck(n, files, fresh)
		if len(errs) > 0 {
			broken = append(broken, Broken{n, errs})
			continue
		}
		// Importers keep n's types, which are the same to them, unless
		// its API changed or its types may refer to an import's new ones:
		// then they are checked again on n's new types, every one of them
		// (no package may see two versions of one package).
		if api(pkg) == api(n.types) && !slices.ContainsFunc(n.deps, func(d *Package) bool { return fresh[d] != nil }) {
			continue
		}
		fresh[n] = pkg
		for _, d := range n.dependents {
			if d.recheckable() {
				pending[d] = true
			}
		}
	}
	return broken
}

// recheckable reports whether n can be type-checked again: from source,
// loaded without errors, with its types kept.
func (n *Package) recheckable() bool {
	return n.Source && n.types != nil && n.types != types.Unsafe && len(n.Errors()) == 0
}

// recheck parses n's files (files' content where it has one) and
// type-checks them into a new package, its imports' types those the run
// loaded or, for those checked again, fresh's.
func (g *Graph) recheck(n *Package, files map[string][]byte, fresh map[*Package]*types.Package) (*types.Package, []PackageError) {
	var errs []PackageError
	var syntax []*ast.File
	for _, name := range n.meta.CompiledGoFiles {
		src, ok := files[name]
		if !ok {
			var err error
			if src, err = g.readFile(name); err != nil {
				return nil, []PackageError{{Kind: ParseError, Msg: err.Error()}}
			}
		}
		f, err := parser.ParseFile(g.Fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			errs = append(errs, parseErrors(name, err)...)
			continue
		}
		syntax = append(syntax, f)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	pkg := types.NewPackage(n.PkgPath, n.meta.Name)
	conf := g.typesConfig(n, func(d *Package) *types.Package {
		if p := fresh[d]; p != nil {
			return p
		}
		return d.types
	}, &errs)
	if err := types.NewChecker(conf, g.Fset, pkg, nil).Files(syntax); err != nil && len(errs) == 0 {
		errs = append(errs, typeError(err))
	}
	return pkg, errs
}

// api spells out what a package exports as its importers see it: each
// exported name, what it is, its type (for a type, its underlying type
// and its methods), and a constant's value. Two packages whose api is the
// same leave their importers as valid as they were.
func api(p *types.Package) string {
	var b strings.Builder
	q := types.RelativeTo(p)
	for _, name := range p.Scope().Names() {
		obj := p.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		fmt.Fprintf(&b, "%T %s %s", obj, name, types.TypeString(obj.Type(), q))
		switch obj := obj.(type) {
		case *types.Const:
			b.WriteString(" = " + obj.Val().ExactString())
		case *types.TypeName:
			b.WriteString(" " + types.TypeString(obj.Type().Underlying(), q))
			for _, t := range []types.Type{obj.Type(), types.NewPointer(obj.Type())} {
				ms := types.NewMethodSet(t)
				for i := range ms.Len() {
					b.WriteString(" " + types.SelectionString(ms.At(i), q))
				}
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// KeptTypes reports whether the graph keeps its packages' types once run
// (Config.KeepTypes), as Recheck needs.
func (g *Graph) KeptTypes() bool { return g.cfg.KeepTypes }
