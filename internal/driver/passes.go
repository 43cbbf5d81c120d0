package driver

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
)

// analyze runs the analyzers n needs, requirements first.
func (s *schedule) analyze(n *Package, files []*ast.File, info *types.Info) {
	p := &packagePasses{
		s: s, n: n, files: files, info: info, module: moduleOf(n),
		results: map[*analysis.Analyzer]any{}, failed: map[*analysis.Analyzer]error{}, acts: map[*analysis.Analyzer]*Action{},
	}
	needed := s.neededOn(n)
	if s.g.strict {
		runConcurrently(needed, p.run)
	} else {
		for _, a := range needed {
			p.run(a)
		}
	}
	n.analyzed = true
	var out []*Action
	if n.Root {
		for _, a := range s.wanted {
			out = append(out, p.acts[a])
		}
		s.setActions(n, out)
	}
	if n.PkgPath != "unsafe" {
		s.remember(n, out)
	}
}

// neededOn is the analyzers to run on n, requirements first: on a
// requested package every one asked for and what it requires, on a
// dependency only those whose facts flow up to the requested packages.
func (s *schedule) neededOn(n *Package) []*analysis.Analyzer {
	var needed []*analysis.Analyzer
	for _, a := range s.order {
		if n.Root || s.forFacts[a] {
			needed = append(needed, a)
		}
	}
	return needed
}

// moduleOf is the module n belongs to as a pass describes it: empty when
// there is none (GOPATH, the standard library).
func moduleOf(n *Package) *analysis.Module {
	if m := n.meta.Module; m != nil {
		return &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	return &analysis.Module{}
}

// packagePasses is the analyzers' run on one package: what each returned,
// or why it failed, for the analyzers that require it.
type packagePasses struct {
	s      *schedule
	n      *Package
	files  []*ast.File
	info   *types.Info
	module *analysis.Module

	mu      sync.Mutex // the strict mode runs independent analyzers at once
	results map[*analysis.Analyzer]any
	failed  map[*analysis.Analyzer]error
	acts    map[*analysis.Analyzer]*Action
}

// run runs a, whose requirements have run; it fails without running when
// one of them failed, as it would have nothing to build on.
func (p *packagePasses) run(a *analysis.Analyzer) {
	act := &Action{Analyzer: a, Package: p.n}
	inputs, bad := p.inputs(a, act)
	if bad != nil && len(bad.names) > 0 {
		p.fail(a, act, bad)
		return
	}
	pass, finish := p.pass(a, act, inputs)
	res, err := run(a, pass)
	finish()
	if err == nil && reflect.TypeOf(res) != a.ResultType {
		err = fmt.Errorf("internal error: %s returned a %T on %s, not its declared %v", a.Name, res, p.n.ID, a.ResultType)
	}
	if err != nil {
		p.fail(a, act, err)
		return
	}
	p.mu.Lock()
	p.results[a] = res
	p.mu.Unlock()
}

// inputs records act as a's action and returns what a's requirements
// returned, with the names of those that failed.
func (p *packagePasses) inputs(a *analysis.Analyzer, act *Action) (_ map[*analysis.Analyzer]any, failed *prerequisitesError) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.acts[a] = act
	inputs := map[*analysis.Analyzer]any{}
	failed = &prerequisitesError{}
	for _, req := range a.Requires {
		err := p.failed[req]
		if err == nil {
			inputs[req] = p.results[req]
			continue
		}
		failed.names = append(failed.names, req.Name)
		causes := []string{req.Name + ": " + err.Error()}
		if below, ok := err.(*prerequisitesError); ok {
			causes = below.causes
		}
		for _, c := range causes {
			if !slices.Contains(failed.causes, c) {
				failed.causes = append(failed.causes, c)
			}
		}
	}
	return inputs, failed
}

// prerequisitesError is the failure of an analyzer that did not run because
// requirements of it failed: their names, and the errors of the analyzers
// that failed by themselves below them (a panic, an error a Run returned),
// each once, so that the user sees the cause whatever the depth.
type prerequisitesError struct {
	names  []string
	causes []string // "exits: internal error: …"
}

func (e *prerequisitesError) Error() string {
	msg := "failed prerequisites: " + strings.Join(e.names, ", ")
	if len(e.causes) > 0 {
		msg += "; the cause: " + strings.Join(e.causes, "; ")
	}
	return msg
}

// fail records that a failed on the package, for the analyzers that
// require it.
func (p *packagePasses) fail(a *analysis.Analyzer, act *Action, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	act.Err = err
	p.failed[a] = err
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

// pass is a's pass on the package, reporting to act. finish is to be
// called when the pass's Run has returned: in the strict mode, the pass's
// fact and report functions panic from then on.
func (p *packagePasses) pass(a *analysis.Analyzer, act *Action, inputs map[*analysis.Analyzer]any) (_ *analysis.Pass, finish func()) {
	g, n := p.s.g, p.n
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         g.Fset,
		Files:        p.files,
		OtherFiles:   n.meta.OtherFiles,
		IgnoredFiles: n.meta.IgnoredFiles,
		Pkg:          n.types,
		TypesInfo:    p.info,
		TypesSizes:   g.sizes,
		Module:       p.module,
		ResultOf:     inputs,
		Report: func(d analysis.Diagnostic) {
			if d.URL == "" {
				d.URL = a.URL
			}
			act.Diagnostics = append(act.Diagnostics, d)
		},
		ReadFile: g.packageFiles(n, a),
	}
	g.bindFacts(pass, n, declaredFacts(a))
	if !g.strict {
		return pass, func() {}
	}
	// What nogo's pass leaves unset.
	pass.Module, pass.ReadFile, pass.OtherFiles = nil, nil, nil
	return enforce(pass)
}

// packageFiles is a pass's ReadFile: the files of the package alone, as
// the analysis API allows, an editor's buffer in place of its file.
func (g *Graph) packageFiles(n *Package, a *analysis.Analyzer) func(string) ([]byte, error) {
	meta := n.meta
	allowed := map[string]bool{}
	for _, list := range [][]string{meta.GoFiles, meta.CompiledGoFiles, meta.OtherFiles, meta.IgnoredFiles} {
		for _, f := range list {
			allowed[f] = true
		}
	}
	return func(name string) ([]byte, error) {
		if !allowed[name] {
			return nil, fmt.Errorf("%s may read only its package's files, not %s", a.Name, name)
		}
		if src, ok := g.overlay[name]; ok {
			return bytes.Clone(src), nil
		}
		return os.ReadFile(name)
	}
}

// factTypes are the fact types an analyzer declares. Using another is a
// bug in the analyzer, and the pass panics: only declared types are
// registered with gob (registerFactTypes), so the cache could not keep
// another's facts.
type factTypes struct {
	a        *analysis.Analyzer
	declared map[reflect.Type]bool
}

func declaredFacts(a *analysis.Analyzer) factTypes {
	ft := factTypes{a: a, declared: map[reflect.Type]bool{}}
	for _, f := range a.FactTypes {
		ft.declared[reflect.TypeOf(f)] = true
	}
	return ft
}

// of is the type of f, which a must declare.
func (ft factTypes) of(f analysis.Fact) reflect.Type {
	t := reflect.TypeOf(f)
	if !ft.declared[t] {
		panic(fmt.Sprintf("analyzer %s uses fact type %v, which it does not declare", ft.a.Name, t))
	}
	return t
}

// bindFacts gives the pass on n its fact functions: facts are exported on
// n and looked up on the package that exported them, never copied.
func (g *Graph) bindFacts(pass *analysis.Pass, n *Package, ft factTypes) {
	pass.ImportObjectFact = func(obj types.Object, ptr analysis.Fact) bool {
		if obj == nil {
			panic("ImportObjectFact of a nil object")
		}
		owner := g.owner(obj.Pkg())
		return owner != nil && owner.facts.object(obj, ft.of(ptr), ptr)
	}
	pass.ImportPackageFact = func(pkg *types.Package, ptr analysis.Fact) bool {
		owner := g.owner(pkg)
		return owner != nil && owner.facts.packageFact(ft.of(ptr), ptr)
	}
	pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
		if obj.Pkg() != n.types {
			panic(fmt.Sprintf("%s exported a fact on %s, which belongs to another package than %s", ft.a.Name, obj, n.ID))
		}
		n.facts.setObject(obj, ft.of(fact), fact)
	}
	pass.ExportPackageFact = func(fact analysis.Fact) {
		n.facts.setPkg(ft.of(fact), fact)
	}
	pass.AllObjectFacts = func() []analysis.ObjectFact {
		var out []analysis.ObjectFact
		closure(n, func(p *Package) { out = p.facts.allObjects(ft.declared, out) })
		return out
	}
	pass.AllPackageFacts = func() []analysis.PackageFact {
		var out []analysis.PackageFact
		closure(n, func(p *Package) { out = p.facts.allPkg(p.types, ft.declared, out) })
		return out
	}
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
