package main

import (
	"go/token"

	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/reach"
)

// excluder applies the exclude setting of each package to its findings,
// as the suppress pass does under the other front ends, and counts what it
// hid: the command's resolver leaves exclude out of what the passes see
// (settings.Resolver.ExcludeInFrontEnd), so that -json can say how many
// findings exclude hid.
type excluder struct {
	r     *settings.Resolver
	paths map[*driver.Package][]string
	hid   map[string]bool // the findings hidden, once each: a package and its test variant share files
}

func newExcluder(r *settings.Resolver) *excluder {
	if r == nil {
		return nil
	}
	return &excluder{r: r, paths: map[*driver.Package][]string{}, hid: map[string]bool{}}
}

// of returns the exclude paths of p's settings.
func (e *excluder) of(p *driver.Package) []string {
	paths, ok := e.paths[p]
	if !ok {
		if res, err := e.r.For(p.Dir(), p.Dependency()); err == nil {
			paths = res.Config.Values(config.Exclude)
		}
		e.paths[p] = paths
	}
	return paths
}

// filter returns act without the findings in a path its package's
// exclude setting leaves out, and counts them in res.Hidden. An action
// that failed, and the config pass's, are left as they are.
func (e *excluder) filter(res *result, act *driver.Action, fset *token.FileSet) *driver.Action {
	if e == nil || act.Err != nil || act.Analyzer == config.Analyzer || act.Analyzer == reach.Analyzer || len(act.Diagnostics) == 0 {
		return act
	}
	paths := e.of(act.Package)
	if len(paths) == 0 {
		return act
	}
	kept := *act
	kept.Diagnostics = nil
	for _, d := range act.Diagnostics {
		pos := fset.Position(d.Pos)
		if !config.Excluded(paths, pos.Filename) {
			kept.Diagnostics = append(kept.Diagnostics, d)
			continue
		}
		e.hid[pos.String()+"\x00"+act.Analyzer.Name+"\x00"+d.Message] = true
		if res.Hidden == nil {
			res.Hidden = &Hidden{}
		}
		res.Hidden.Excluded = len(e.hid)
	}
	return &kept
}
