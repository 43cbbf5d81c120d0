package driver

import (
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Package is one package of the graph: a package, a test variant of one,
// or a test's main package, identified by go list's ID.
type Package struct {
	ID      string
	PkgPath string
	Root    bool // named by the patterns (or a test variant of one)

	// Source is set for packages type-checked from source, clear for those
	// read from export data.
	Source bool

	// ListErrors are go list's errors for this package (a missing
	// package, an import cycle, a bad build constraint).
	ListErrors []PackageError

	meta       *packages.Package
	imports    map[string]*Package // by import path as written in the source
	deps       []*Package          // distinct imports
	dependents []*Package
	height     int // longest path to a package nothing imports: scheduling priority
	exportFile string

	// Set while loading; read by dependents after this package is done.
	types   *types.Package
	errors  []PackageError // why it did not load, after go list listed it
	pending int            // imports not yet done
	live    int            // dependents whose types are still held
	facts   *facts

	// What the cache and the memo decide (run.go's plan).
	key         key
	uncacheable bool       // a file could not be read, or changed while the run read it
	memo        *memoEntry // found in the Memo, with its dependencies
	entry       *entry     // found in the persistent cache
	actions     []*Action  // a requested package's actions, from the cache
	needTypes   bool       // a package that must be analyzed imports it, directly or not
	analyzed    bool       // its analyzers ran in this run
	cachedTypes bool       // its types came from the cache
	exportTypes bool       // reused from the cache, its types from the go command's export data
}

// IsTest reports whether the package is test code: a test variant
// ("p [q.test]"), a test's main package, or an external test package
// ("p_test").
func (p *Package) IsTest() bool {
	return strings.Contains(p.ID, " [") || strings.HasSuffix(p.ID, ".test") || strings.HasSuffix(p.PkgPath, "_test")
}

// TestOnly reports whether the package is test scaffolding among the
// packages loaded: no command itself, imported by some package, and by
// test code only (a fake server, mocks, test helpers).
func (p *Package) TestOnly() bool {
	if p.IsTest() || p.meta.Name == "main" || len(p.dependents) == 0 {
		return false
	}
	for _, d := range p.dependents {
		if !d.IsTest() {
			return false
		}
	}
	return true
}

// Errors reports why the package could not be analyzed, nil when it
// loaded: go list's errors; else a DependencyError naming the first
// import that did not load; else its parse, type or internal errors.
func (p *Package) Errors() []PackageError {
	if len(p.ListErrors) > 0 {
		return p.ListErrors
	}
	return p.errors
}

// NoFiles reports whether go list found no Go files for the package and
// said so: an import path or pattern that names nothing.
func (p *Package) NoFiles() bool {
	if len(p.meta.GoFiles) > 0 || len(p.meta.CompiledGoFiles) > 0 {
		return false
	}
	for _, e := range p.meta.Errors {
		if e.Kind == packages.ListError {
			return true
		}
	}
	return false
}

// Module is the module the package belongs to, as go list reports it:
// nil for the standard library.
func (p *Package) Module() *packages.Module { return p.meta.Module }

// Files returns the package's Go source files and the files it is
// compiled from, which differ when the go command generates some (cgo's
// rewrites, kept in its build cache).
func (p *Package) Files() (goFiles, compiledGoFiles []string) {
	return p.meta.GoFiles, p.meta.CompiledGoFiles
}

// String returns the package's ID.
func (p *Package) String() string { return p.ID }

// Dir returns the package's directory; "" when it has none.
func (p *Package) Dir() string {
	if p.meta.Dir != "" {
		return p.meta.Dir
	}
	if len(p.meta.GoFiles) > 0 {
		return filepath.Dir(p.meta.GoFiles[0])
	}
	return ""
}

// Dependency reports whether the package is of another module at a
// version (the module cache), as its passes' analysis.Module says.
func (p *Package) Dependency() bool {
	return p.meta.Module != nil && p.meta.Module.Version != ""
}

// Name returns the package's name ("main" for a command).
func (p *Package) Name() string { return p.meta.Name }

// Imports returns the packages p imports.
func (p *Package) Imports() []*Package { return p.deps }
