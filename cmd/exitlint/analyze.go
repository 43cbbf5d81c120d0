package main

import (
	"fmt"
	"go/token"
	"maps"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
	"github.com/exitlint/exitlint/internal/product"
	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/reach"
)

// result is what a run found. The outcome and every output are functions
// of it.
type result struct {
	Analyzed    []string           // the packages analyzed, sorted
	Skipped     []Skipped          // the packages that could not be, and why
	Failed      []Skipped          // the checks that failed on a package, and how
	Diagnostics []findings.Finding // sorted; after -fix, the findings it left
	Fixed       []Diagnostic       // the findings -fix fixed, in the order it wrote them
	Complete    bool               // nothing was skipped and no check failed
	// Unresolved are the settings that name nothing in the program: the run
	// is an ARG_ERROR, and -fix writes nothing.
	Unresolved []string
	// LeftOut are the packages whose findings were not reported, and how
	// many each had: test scaffolding, unless -scaffolding.
	LeftOut []LeftOut
	// Unmatched are the patterns that named no package while others did:
	// the run is NOT_FOUND with the others' findings, and -fix writes
	// nothing.
	Unmatched []Unmatched

	checks []*analysis.Analyzer // the checks that ran: SARIF's rules
	dir    string               // the working directory, to which file names are relative
	fset   *token.FileSet       // the files as analyzed: -fix refuses one that changed since

	scope fixScope // what -fix knows of the files analyzed

	// Hidden counts the findings -baseline and -new-from-rev hid.
	Hidden          *Hidden
	baselineWritten string // the baseline -write-baseline wrote, relative to dir
	baselineHeld    bool   // -write-baseline wrote nothing: the analysis was incomplete
	baselineErr     error  // -write-baseline could not write the file

	fixWritten    []string      // the files -fix wrote, relative to dir
	fixFailed     []fileFailure // the files -fix could not write, and why
	fixNotWritten []NotFixed    // the fixes -fix did not write, and why
	fixHeld       int           // the fixes -fix held back because the analysis was incomplete
}

// analyze runs both phases on the patterns: load, then execute. analyzers
// are the checks the run may run: with o.settings, those the requested
// packages' settings choose.
func analyze(analyzers []*analysis.Analyzer, patterns []string, o options) (*result, error) {
	var salt func(dir string, dependency bool) string
	if o.settings != nil {
		salt = o.settings.Salt
	}
	graph, skipped, unmatched, err := load(patterns, o, salt)
	if err != nil {
		return nil, err
	}
	o.more.rep.stage("go list: %d packages requested (test variants included), %d in all with what they import", len(graph.Roots), len(graph.Packages()))
	configs := []*config.Config{config.Current()}
	if o.settings != nil {
		if analyzers, configs, err = resolvePackages(o.settings, graph, analyzers); err != nil {
			// Which config files apply is known only once go list has named
			// the packages' directories; go list and go env read the module
			// (filling the build cache is no change an agent would undo).
			//exitlint:ignore argphase loading only read the module: a config file that cannot be used is still the caller's input to fix
			return nil, err
		}
		o.settings.Use()
	} else {
		config.Use(nil)
	}
	if unresolved := unresolvedSettings(configs, packagePaths(graph)); len(unresolved) > 0 {
		return &result{Unresolved: unresolved, Skipped: skipped, Unmatched: unmatched}, nil
	}
	o.more.rep.stage("checks: %s", checkNames(analyzers))
	res := execute(graph, skipped, analyzers, leaveOut{scaffolding: o.scaffolding, unreached: o.unreached, devcode: devcodeOf(o.settings), patterns: patterns, exclude: newExcluder(o.settings)}, o.more.rep)
	if o.cache != nil {
		o.cache.Trim() // at most once an hour; a failure costs only space
	}
	res.Unmatched = unmatched
	res.Complete = res.Complete && len(unmatched) == 0
	return res, nil
}

// resolvePackages resolves the settings of every package the run analyzes
// from source, so that a config file that cannot be used stops the run
// before anything is analyzed. It returns those of candidates that the
// working directory's settings or some requested package's choose (each
// package reports only its own: the suppress pass drops the others'
// findings), and the settings of the working directory (the dependencies')
// and of the requested packages, without repeats.
func resolvePackages(r *settings.Resolver, g *driver.Graph, candidates []*analysis.Analyzer) ([]*analysis.Analyzer, []*config.Config, error) {
	here, err := r.Start()
	if err != nil {
		return nil, nil, configError(err)
	}
	resolved := []*settings.Resolved{here}
	for _, p := range g.Packages() {
		if !p.Source || p.Dir() == "" {
			continue
		}
		res, err := r.For(p.Dir(), p.Dependency())
		if err != nil {
			return nil, nil, configError(err)
		}
		if p.Root {
			resolved = append(resolved, res)
		}
	}
	union, err := settings.Union(config.Enable.Flag(), config.Disable.Flag(), resolved...)
	if err != nil {
		return nil, nil, usageError("%v", err)
	}
	var checks []*analysis.Analyzer
	for _, a := range candidates {
		if slices.ContainsFunc(union, func(u *analysis.Analyzer) bool { return u.Name == a.Name }) {
			checks = append(checks, a)
		}
	}
	var configs []*config.Config
	seen := map[string]bool{}
	for _, res := range resolved {
		if key := res.Config.String(); !seen[key] {
			seen[key] = true
			configs = append(configs, res.Config)
		}
	}
	return checks, configs, nil
}

// unresolvedSettings returns what Unresolved says of each of configs,
// without repeats.
func unresolvedSettings(configs []*config.Config, packages []string) []string {
	var out []string
	for _, c := range configs {
		for _, u := range config.Unresolved(c, packages) {
			if !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
	}
	return out
}

// packagePaths lists the import path of every package the patterns load,
// dependencies included.
func packagePaths(g *driver.Graph) []string {
	var out []string
	for _, p := range g.Packages() {
		out = append(out, p.PkgPath)
	}
	return out
}

// execute is the execute phase: it runs the checks on the packages that
// load and collects their findings. A package that does not type-check, or
// whose dependency does not, is skipped; a check that fails on a package (an
// internal error, or a panic its Guard caught) leaves the other checks'
// findings standing.
//
// Findings in test scaffolding, packages that only tests import (a fake
// server, mocks, test helpers), are no behaviour of a command: they are
// left out, and named in LeftOut, unless scaffolding asks for them.
func execute(graph *driver.Graph, skipped []Skipped, analyzers []*analysis.Analyzer, lo leaveOut, rep *reporter) *result {
	// The config pass reports settings that name nothing where their
	// package is in view; those reports are no findings.
	rep.begin("analyzing")
	run := graph.Run(append(slices.Clone(analyzers), config.Analyzer, reach.Analyzer))
	rep.end()
	rep.stage("analysis: %d packages type-checked from source, %d read from export data, %d reused from the cache; the checks ran on %d",
		run.Source, run.Export, run.Reused, len(run.Analyzed))
	actions := run.Actions
	dir, _ := os.Getwd()
	res := &result{Skipped: skipped, checks: analyzers, dir: dir, fset: graph.Fset, scope: newFixScope(graph)}
	res.scope.dir = dir
	var roots []*driver.Package
	for _, p := range graph.Roots {
		if len(p.ListErrors) == 0 { // load named the others in skipped
			roots = append(roots, p)
		}
	}
	a := findings.Gather(roots, res.reported(graph, actions, lo), findings.NewCollector(graph.Fset, dir, os.ReadFile))
	for _, p := range a.Unloaded {
		res.Skipped = append(res.Skipped, Skipped{Package: p.ID, Errors: skipReasons(p)})
	}
	for _, act := range a.Failed {
		res.Failed = append(res.Failed, Skipped{Package: act.Package.ID, Errors: []string{act.Analyzer.Name + ": " + firstLine(act.Err.Error())}})
	}
	analyzed := map[string]bool{}
	for _, p := range a.Loaded {
		analyzed[p.PkgPath] = true
	}
	res.Analyzed = slices.Sorted(maps.Keys(analyzed))
	res.Diagnostics = a.Findings
	res.Complete = len(res.Skipped) == 0 && len(res.Failed) == 0
	rep.stage("findings: %d reported in %d packages analyzed, %d packages skipped, %d checks failed, %d left out", len(res.Diagnostics), len(res.Analyzed), len(res.Skipped), len(res.Failed), leftOutFindings(res))
	return res
}

// leaveOut says which packages' findings a run leaves out: test
// scaffolding unless scaffolding, and what the product rule says is no
// part of the product (dev tooling, demos, test programs) unless devcode
// says to report it, or a pattern names its directory.
type leaveOut struct {
	scaffolding bool
	unreached   bool                  // report findings in code no main of its module reaches
	devcode     func(dir string) bool // nil: no path is asked for
	patterns    []string
	exclude     *excluder // the findings in paths the exclude setting leaves out (exclude.go); nil: none
}

// devcodeOf returns whether the devcode setting that applies to a package's
// directory asks for it: the settings of the package's own config file
// under the flags, or the flags alone.
func devcodeOf(r *settings.Resolver) func(dir string) bool {
	return func(dir string) bool {
		c := config.Current()
		if r != nil {
			res, err := r.For(dir, false)
			if err != nil {
				return false
			}
			c = res.Config
		}
		return config.Excluded(c.Values(config.DevCode), dir)
	}
}

// reported is actions without those whose diagnostics are no findings:
// the config pass's, which are settings that name nothing (recorded in
// Unresolved), the reach pass's records, those of packages the run leaves
// out (counted in LeftOut, with why), and the diagnostics that lie in
// code no main of its module reaches (unreachedCode; counted in LeftOut
// by package) unless lo.unreached. An action that failed stays, whatever
// it is: the run is incomplete.
func (res *result) reported(graph *driver.Graph, actions []*driver.Action, lo leaveOut) []*driver.Action {
	why := res.leftOut(graph, lo)
	leftOut := map[string]int{}
	var unreached map[string][]span
	if !lo.unreached {
		unreached = unreachedCode(graph, actions, lo.patterns, res.dir)
	}
	unreachedCount := map[string]map[string]bool{} // a test variant repeats its package's findings
	var out []*driver.Action
	for _, act := range actions {
		act = lo.exclude.filter(res, act, graph.Fset)
		switch {
		case act.Err != nil:
			out = append(out, act)
		case act.Analyzer == reach.Analyzer:
		case act.Analyzer == config.Analyzer:
			for _, d := range act.Diagnostics {
				if !slices.Contains(res.Unresolved, d.Message) {
					res.Unresolved = append(res.Unresolved, d.Message)
				}
			}
		case why[act.Package.PkgPath] != "":
			leftOut[act.Package.PkgPath] += len(act.Diagnostics)
		default:
			if spans := unreached[act.Package.PkgPath]; len(spans) > 0 {
				act = dropUnreached(act, spans, graph.Fset, unreachedCount)
			}
			out = append(out, act)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(leftOut)) {
		res.LeftOut = append(res.LeftOut, LeftOut{Package: p, Reason: why[p], Findings: leftOut[p]})
	}
	for _, p := range slices.Sorted(maps.Keys(unreachedCount)) {
		res.LeftOut = append(res.LeftOut, LeftOut{Package: p, Reason: unreachedReason, Findings: len(unreachedCount[p])})
	}
	return out
}

// dropUnreached returns act without its diagnostics on spans (code
// nothing the program runs reaches), recording them by package in seen.
func dropUnreached(act *driver.Action, spans []span, fset *token.FileSet, seen map[string]map[string]bool) *driver.Action {
	var keep []analysis.Diagnostic
	for _, d := range act.Diagnostics {
		if pos := fset.Position(d.Pos); pos.IsValid() && inSpans(spans, pos) {
			if seen[act.Package.PkgPath] == nil {
				seen[act.Package.PkgPath] = map[string]bool{}
			}
			seen[act.Package.PkgPath][act.Analyzer.Name+" "+pos.String()+" "+d.Message] = true
			continue
		}
		keep = append(keep, d)
	}
	if len(keep) == len(act.Diagnostics) {
		return act
	}
	c := *act
	c.Diagnostics = keep
	return &c
}

// leftOut returns why each package the run leaves out is left out, by
// import path: test scaffolding, or no part of the product
// (internal/product).
func (res *result) leftOut(graph *driver.Graph, lo leaveOut) map[string]string {
	why := map[string]string{}
	if !lo.scaffolding {
		for _, p := range graph.Packages() {
			if p.TestOnly() {
				why[p.PkgPath] = "imported only by tests (test scaffolding); -scaffolding reports it"
			}
		}
	}
	var pkgs []product.Package
	for _, p := range graph.Packages() {
		mod := p.Module()
		if mod == nil || !mod.Main || p.IsTest() || p.Dir() == "" {
			continue
		}
		pp := product.Package{Path: p.PkgPath, Dir: p.Dir(), Main: p.Name() == "main", ModuleDir: mod.Dir}
		for _, d := range p.Imports() {
			pp.Imports = append(pp.Imports, d.PkgPath)
		}
		pkgs = append(pkgs, pp)
	}
	for path, v := range product.Classify(pkgs, lo.patterns, res.dir) {
		if v.Kind == product.Product || why[path] != "" {
			continue
		}
		if lo.devcode != nil && lo.devcode(pkgDir(pkgs, path)) {
			continue
		}
		why[path] = fmt.Sprintf("%s (%s); %s=. reports it", v.Kind, v.Reason, config.DevCode.Flag())
	}
	return why
}

// pkgDir returns the directory of the package path among pkgs.
func pkgDir(pkgs []product.Package, path string) string {
	for _, p := range pkgs {
		if p.Path == path {
			return p.Dir
		}
	}
	return ""
}

// skipReasons is why a package was not analyzed, as the command words it:
// its own errors, or the package at the bottom of a chain of imports that
// did not load.
func skipReasons(p *driver.Package) []string {
	errs := p.Errors()
	if errs[0].Kind == driver.DependencyError {
		return []string{brokenDependency(errs[0].Import)}
	}
	return driver.ErrorTexts(errs)
}

// checkNames lists the analyzers' names, comma-separated.
func checkNames(analyzers []*analysis.Analyzer) string {
	var names []string
	for _, a := range analyzers {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}
