// Package reach defines the helper analyzer that records, for each
// package of the analyzed module, which of its declarations refer to
// which: the standalone driver reads these records once every package is
// analyzed, to leave out findings in code that nothing the program runs
// can reach.
//
// # Analyzer reach
//
// reach: record what each declaration of a module's package refers to, for the whole-program step
//
// The reach pass reports nothing. A package's own analysis cannot know
// whether anything calls an exported function, or uses an exported member
// of an exit table: its importers are analyzed after it, and facts travel
// only towards importers. An exit in a function nothing calls, a code no
// run can return, an envelope writer with no caller: none of them is
// anything a run of the program does, and an agent never sees them.
//
// On each package of a module the run analyzes as its own (not a
// dependency at a version, not the standard library), the pass reports
// one record per top-level declaration, as a diagnostic that spans the
// declaration and that no route shows as a finding (Record): the
// top-level objects of the same module it refers to, and whether it is a
// root, code that runs or may be called without a reference the pass can
// see. Records travel as diagnostics, not facts, because a package's
// diagnostics are kept with it in the cache and the language server's
// memory, where its facts may be dropped once its importers are done:
// the step reads the same records on a cold run and a warm one.
//
//   - main and init functions;
//   - no method: a method runs when reached code names it on a concrete
//     value, or converts its value to an interface and something calls a
//     method of its name through one, or hands the value out of the
//     module's sight (see dynamic.go for the rule and what it keeps);
//   - package-level variables, whose initializers run when the program
//     starts;
//   - functions whose doc comment holds a //export or //go:linkname
//     directive;
//   - every object of the module named by an identifier in a file the
//     build leaves out (another platform's, a build tag's): that code is
//     not type-checked, so a name stands for every object it may mean.
//
// The standalone driver (cmd/exitlint) builds the program's reference
// graph from these facts after the last package, marks what the roots of
// the module's packages reach, and leaves out, with a count and the reason
// in the report's left_out, the findings that lie in a declaration nothing
// reaches: see docs/architecture.md, "What a package cannot know of its
// importers". It does so only for a module whose packages the run
// analyzes whole (a pattern ending in /... that covers the module's root)
// and that has a main package among them: a library, or a run on part of
// a module, has importers the run does not see. go vet and golangci-lint
// analyze one package at a time and cannot take this step: they report
// those findings.
package reach

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// Analyzer records the references of a module's package (Record).
var Analyzer = &analysis.Analyzer{
	Name: "reach",
	Doc:  "record what each declaration of a module's package refers to, for the whole-program step",
	Run:  run,
}

// Category is the category of the pass's diagnostics, which are records,
// not findings.
const Category = "reach"

// Record is what the pass says of one top-level declaration: a function
// or method, or one spec of a const or var declaration (whose names share
// it). Its diagnostic spans the declaration.
type Record struct {
	// Keys name the objects the declaration declares (Key).
	Keys []string `json:"keys"`
	// Root says that it runs, or may be called, without a reference the
	// pass sees (see the package documentation).
	Root bool `json:"root,omitempty"`
	// Refs are the keys of the top-level objects of the same module it
	// refers to.
	Refs []string `json:"refs,omitempty"`
	// Names, in the record of a file the build leaves out (another
	// platform's, a build tag's), are the identifiers it spells: without
	// its types, every top-level object of the module by one of those
	// names counts as reached.
	Names []string `json:"names,omitempty"`
	// Calls are the names of the methods it calls, or takes as values,
	// through an interface or a type parameter.
	Calls []string `json:"calls,omitempty"`
	// Boxes are the methods of the values it converts to an interface of
	// the module, by interface (Box).
	Boxes []Box `json:"boxes,omitempty"`
	// Lifts are its conversions of a module interface's values to another
	// interface (Lift).
	Lifts []Lift `json:"lifts,omitempty"`
}

// Decode reads the record a diagnostic of the pass carries.
func Decode(d analysis.Diagnostic) (Record, error) {
	var r Record
	if d.Category != Category {
		return r, fmt.Errorf("a diagnostic of category %q is no reach record", d.Category)
	}
	err := json.Unmarshal([]byte(d.Message), &r)
	return r, err
}

func report(pass *analysis.Pass, from, to token.Pos, r Record) {
	msg, err := json.Marshal(r)
	if err != nil {
		panic(err) // strings and a bool always encode
	}
	pass.Report(analysis.Diagnostic{Pos: from, End: to, Category: Category, Message: string(msg)})
}

// Key names a package-level object of a package: its path and its name,
// the receiver type's name between them for a method.
func Key(obj types.Object) string {
	if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
		t := fn.Signature().Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return obj.Pkg().Path() + "." + n.Obj().Name() + "." + obj.Name()
		}
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

func run(pass *analysis.Pass) (any, error) {
	if pass.Module == nil || pass.Module.Version != "" || analyzerutil.InStd(pass) {
		return nil, nil // a dependency: its importers are elsewhere
	}
	module := analyzerutil.ModulePath(pass)
	if module == "" {
		module = analyzerutil.GuessModule(pass.Pkg.Path()) // a GOPATH-style test
	}
	var msets typeutil.MethodSetCache
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.FuncDecl:
				obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
				if !ok {
					continue
				}
				r := Record{
					Keys: []string{Key(obj)},
					Root: funcRoot(pass.Pkg, decl),
					Refs: refs(pass, module, decl),
				}
				if decl.Body != nil {
					d := newDynamic(pass, module, &msets)
					d.walk(decl.Body, obj.Signature())
					d.fill(&r)
				}
				report(pass, decl.Pos(), decl.End(), r)
			case *ast.GenDecl:
				if decl.Tok != token.CONST && decl.Tok != token.VAR {
					continue
				}
				for _, spec := range decl.Specs {
					vs := spec.(*ast.ValueSpec)
					var keys []string
					for _, name := range vs.Names {
						if obj := pass.TypesInfo.Defs[name]; obj != nil && name.Name != "_" {
							keys = append(keys, Key(obj))
						}
					}
					from := vs.Pos()
					if len(decl.Specs) == 1 {
						from = decl.Pos() // the keyword's line with it
					}
					r := Record{
						Keys: keys,
						Root: decl.Tok == token.VAR,
						Refs: refs(pass, module, vs),
					}
					if decl.Tok == token.VAR {
						d := newDynamic(pass, module, &msets)
						d.walk(vs, nil)
						d.fill(&r)
					}
					report(pass, from, vs.End(), r)
				}
			}
		}
	}
	ignoredNames(pass)
	return nil, nil
}

// ignoredNames reports, for the package's files the build leaves out
// (build constraints, another platform's file names), one record of the
// identifiers they spell: code there may call what this build's code
// never does (a Windows-only exit, a function only a build without cgo
// calls).
func ignoredNames(pass *analysis.Pass) {
	if len(pass.Files) == 0 || len(pass.IgnoredFiles) == 0 {
		return
	}
	read := pass.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	seen := map[string]bool{}
	var names []string
	complete := true
	for _, name := range pass.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := read(name)
		if err != nil {
			complete = false
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil {
			complete = false
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !seen[id.Name] {
				seen[id.Name] = true
				names = append(names, id.Name)
			}
			return true
		})
	}
	if !complete {
		names = append(names, "*") // a file that could not be read may use anything
	}
	if len(names) > 0 {
		report(pass, pass.Files[0].Name.Pos(), pass.Files[0].Name.End(), Record{Root: true, Names: names})
	}
}

// funcRoot reports whether a function declaration runs, or may be
// called, without a reference the pass sees.
func funcRoot(pkg *types.Package, decl *ast.FuncDecl) bool {
	if decl.Name.Name == "init" && decl.Recv == nil || decl.Name.Name == "main" && pkg.Name() == "main" {
		return true
	}
	if decl.Doc != nil {
		for _, c := range decl.Doc.List {
			if strings.HasPrefix(c.Text, "//export ") || strings.HasPrefix(c.Text, "//go:linkname ") {
				return true
			}
		}
	}
	return false
}

// refs returns the keys of the package-level objects of module that n
// refers to by name (functions, variables and constants; methods are
// the dynamic walk's).
func refs(pass *analysis.Pass, module string, n ast.Node) []string {
	seen := map[string]bool{}
	var out []string
	ast.Inspect(n, func(m ast.Node) bool {
		id, ok := m.(*ast.Ident)
		if !ok {
			return true
		}
		obj := pass.TypesInfo.Uses[id]
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin() // an instance of a generic function
		}
		if obj == nil || obj.Pkg() == nil || obj.Parent() != obj.Pkg().Scope() {
			return true // not package-level: a local, a field, a method
		}
		switch obj.(type) {
		case *types.Func, *types.Var, *types.Const:
		default:
			return true
		}
		if !analyzerutil.InModule(obj.Pkg().Path(), module) {
			return true
		}
		if k := Key(obj); !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
		return true
	})
	return out
}
