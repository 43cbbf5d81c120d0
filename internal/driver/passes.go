package driver

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// analyze runs the analyzers n needs, requirements first.
func (s *schedule) analyze(n *Package, files []*ast.File, info *types.Info) {
	results := map[*analysis.Analyzer]any{}
	failed := map[*analysis.Analyzer]error{}
	acts := map[*analysis.Analyzer]*Action{}
	module := &analysis.Module{}
	if m := n.meta.Module; m != nil {
		module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	// runOne runs a once its requirements have run; the strict mode runs
	// independent analyzers at once, so it guards the maps.
	var mu sync.Mutex
	runOne := func(a *analysis.Analyzer) {
		act := &Action{Analyzer: a, Package: n}
		mu.Lock()
		acts[a] = act
		var bad []string
		inputs := map[*analysis.Analyzer]any{}
		for _, req := range a.Requires {
			if failed[req] != nil {
				bad = append(bad, req.Name)
			}
			inputs[req] = results[req]
		}
		mu.Unlock()
		if bad != nil {
			mu.Lock()
			act.Err = fmt.Errorf("failed prerequisites: %s", strings.Join(bad, ", "))
			failed[a] = act.Err
			mu.Unlock()
			return
		}
		pass, finish := s.pass(n, a, act, files, info, module, inputs)
		res, err := run(a, pass)
		finish()
		if err == nil && reflect.TypeOf(res) != a.ResultType {
			err = fmt.Errorf("internal error: %s returned a %T on %s, not its declared %v", a.Name, res, n.ID, a.ResultType)
		}
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			act.Err = err
			failed[a] = err
			return
		}
		results[a] = res
	}
	var needed []*analysis.Analyzer
	for _, a := range s.order {
		if n.Root || s.forFacts[a] {
			needed = append(needed, a)
		}
	}
	if s.g.strict {
		runConcurrently(needed, runOne)
	} else {
		for _, a := range needed {
			runOne(a)
		}
	}
	n.analyzed = true
	var out []*Action
	if n.Root {
		for _, a := range s.wanted {
			out = append(out, acts[a])
		}
		s.setActions(n, out)
	}
	if n.PkgPath != "unsafe" {
		s.remember(n, out)
	}
}

// runConcurrently runs each analyzer as soon as its requirements have run,
// independent ones at the same time. needed is in dependency order and
// holds every requirement of each of its analyzers.
func runConcurrently(needed []*analysis.Analyzer, runOne func(*analysis.Analyzer)) {
	done := map[*analysis.Analyzer]chan struct{}{}
	for _, a := range needed {
		done[a] = make(chan struct{})
	}
	var wg sync.WaitGroup
	for _, a := range needed {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[a])
			for _, req := range a.Requires {
				<-done[req]
			}
			runOne(a)
		}()
	}
	wg.Wait()
}

// run runs one analyzer, turning a panic into an error.
func run(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %s panicked on %s: %v\n%s", a.Name, pass.Pkg.Path(), r, debug.Stack())
		}
	}()
	return a.Run(pass)
}

// finish is to be called when the pass's Run has returned: in the strict
// mode, the pass's fact and report functions panic from then on.
func (s *schedule) pass(n *Package, a *analysis.Analyzer, act *Action, files []*ast.File, info *types.Info, module *analysis.Module, inputs map[*analysis.Analyzer]any) (_ *analysis.Pass, finish func()) {
	declared := map[reflect.Type]bool{}
	for _, f := range a.FactTypes {
		declared[reflect.TypeOf(f)] = true
	}
	factType := func(f analysis.Fact) reflect.Type {
		t := reflect.TypeOf(f)
		if !declared[t] {
			panic(fmt.Sprintf("analyzer %s uses fact type %v, which it does not declare", a.Name, t))
		}
		return t
	}
	meta := n.meta
	allowed := map[string]bool{}
	for _, list := range [][]string{meta.GoFiles, meta.CompiledGoFiles, meta.OtherFiles, meta.IgnoredFiles} {
		for _, f := range list {
			allowed[f] = true
		}
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         s.g.Fset,
		Files:        files,
		OtherFiles:   meta.OtherFiles,
		IgnoredFiles: meta.IgnoredFiles,
		Pkg:          n.types,
		TypesInfo:    info,
		TypesSizes:   s.g.sizes,
		Module:       module,
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			if d.URL == "" {
				d.URL = a.URL
			}
			act.Diagnostics = append(act.Diagnostics, d)
		},
		ReadFile: func(name string) ([]byte, error) {
			if !allowed[name] {
				return nil, fmt.Errorf("%s may read only its package's files, not %s", a.Name, name)
			}
			if src, ok := s.g.overlay[name]; ok {
				return bytes.Clone(src), nil
			}
			return os.ReadFile(name)
		},
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			if obj == nil {
				panic("ImportObjectFact of a nil object")
			}
			owner := s.g.owner(obj.Pkg())
			return owner != nil && owner.facts.object(obj, factType(ptr), ptr)
		},
		ImportPackageFact: func(pkg *types.Package, ptr analysis.Fact) bool {
			owner := s.g.owner(pkg)
			return owner != nil && owner.facts.packageFact(factType(ptr), ptr)
		},
		ExportObjectFact: func(obj types.Object, fact analysis.Fact) {
			if obj.Pkg() != n.types {
				panic(fmt.Sprintf("%s exported a fact on %s, which belongs to another package than %s", a.Name, obj, n.ID))
			}
			n.facts.setObject(obj, factType(fact), fact)
		},
		ExportPackageFact: func(fact analysis.Fact) {
			n.facts.setPkg(factType(fact), fact)
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var out []analysis.ObjectFact
			closure(n, func(p *Package) { out = p.facts.allObjects(declared, out) })
			return out
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var out []analysis.PackageFact
			closure(n, func(p *Package) { out = p.facts.allPkg(p.types, declared, out) })
			return out
		},
	}
	if !s.g.strict {
		return pass, func() {}
	}
	// What nogo's pass leaves unset.
	pass.Module, pass.ReadFile, pass.OtherFiles = nil, nil, nil
	return enforce(pass)
}

// enforce wraps the pass's fact and report functions so that they panic
// when called after the pass is complete, as the analysis API says they
// may; finish marks it complete.
func enforce(pass *analysis.Pass) (_ *analysis.Pass, finish func()) {
	var complete atomic.Bool
	check := func(what string) {
		if complete.Load() {
			panic(fmt.Sprintf("%s called after the %s pass on %s is complete", what, pass.Analyzer.Name, pass.Pkg.Path()))
		}
	}
	p := *pass
	p.Report = func(d analysis.Diagnostic) { check("Report"); pass.Report(d) }
	p.ImportObjectFact = func(obj types.Object, f analysis.Fact) bool {
		check("ImportObjectFact")
		return pass.ImportObjectFact(obj, f)
	}
	p.ImportPackageFact = func(pkg *types.Package, f analysis.Fact) bool {
		check("ImportPackageFact")
		return pass.ImportPackageFact(pkg, f)
	}
	p.ExportObjectFact = func(obj types.Object, f analysis.Fact) { check("ExportObjectFact"); pass.ExportObjectFact(obj, f) }
	p.ExportPackageFact = func(f analysis.Fact) { check("ExportPackageFact"); pass.ExportPackageFact(f) }
	p.AllObjectFacts = func() []analysis.ObjectFact { check("AllObjectFacts"); return pass.AllObjectFacts() }
	p.AllPackageFacts = func() []analysis.PackageFact { check("AllPackageFacts"); return pass.AllPackageFacts() }
	return &p, func() { complete.Store(true) }
}
