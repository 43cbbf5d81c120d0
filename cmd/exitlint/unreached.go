package main

import (
	"go/token"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/product"
	"github.com/exitlint/exitlint/passes/reach"
)

// unreachedReason is the left_out reason of findings in code that nothing
// the program runs reaches.
const unreachedReason = "in code no main of its module reaches (nothing the program runs calls or uses it); -unreached reports it, and go vet and golangci-lint, which see one package at a time, do"

// span is the lines a declaration spans in a file.
type span struct {
	file     string
	from, to int
}

// unreachedCode is the whole-program step: it reads the reach pass's
// records of every package of each module the run analyzes whole, marks
// what the roots reach, and returns, by import path, the declarations
// nothing reaches. A module qualifies only when a pattern covers its root
// (`./...`), a main package of it is among the packages the run asked
// for, and every one of its packages loaded and was recorded: otherwise
// code the run does not see may use what looks unused. Packages only
// tests import are test scaffolding, which -scaffolding decides on: their
// declarations are never left out here.
func unreachedCode(graph *driver.Graph, actions []*driver.Action, patterns []string, dir string) map[string][]span {
	recorded := map[*driver.Package]*driver.Action{}
	for _, act := range actions {
		if act.Analyzer == reach.Analyzer && act.Err == nil {
			recorded[act.Package] = act
		}
	}
	type module struct {
		pkgs    []*driver.Package
		hasMain bool
		gap     bool
	}
	mods := map[string]*module{}
	for _, p := range graph.Packages() {
		mod := p.Module()
		if mod == nil || !mod.Main || p.IsTest() || !coversModule(patterns, dir, mod.Path, mod.Dir) {
			continue
		}
		m := mods[mod.Path]
		if m == nil {
			m = &module{}
			mods[mod.Path] = m
		}
		m.pkgs = append(m.pkgs, p)
		if p.Root && p.Name() == "main" {
			m.hasMain = true
		}
		if recorded[p] == nil {
			m.gap = true // a package of the module that did not load, or was not asked for
		}
	}
	type decl struct {
		reach.Record
		span
		pkg      string
		testOnly bool // scaffolding's: -scaffolding decides
	}
	var decls []*decl
	for _, m := range mods {
		if !m.hasMain || m.gap {
			continue
		}
		var these []*decl
		for _, p := range m.pkgs {
			for _, d := range recorded[p].Diagnostics {
				r, err := reach.Decode(d)
				from, to := graph.Fset.Position(d.Pos), graph.Fset.Position(d.End)
				if err != nil || !from.IsValid() || !to.IsValid() {
					these = nil // a record that cannot be read: the module is not judged
					m.gap = true
					break
				}
				these = append(these, &decl{Record: r, span: span{file: from.Filename, from: from.Line, to: to.Line}, pkg: p.PkgPath, testOnly: p.TestOnly()})
			}
			if m.gap {
				break
			}
		}
		decls = append(decls, these...)
	}
	byKey := map[string]*decl{}
	named := map[string]bool{} // names spelled in files the build leaves out
	for _, d := range decls {
		for _, k := range d.Keys {
			byKey[k] = d
		}
		for _, n := range d.Names {
			named[n] = true
		}
	}
	var work []*decl
	for _, d := range decls {
		if d.Root || named["*"] || slices.ContainsFunc(d.Keys, func(k string) bool { return named[keyName(k)] }) {
			work = append(work, d)
		}
	}
	reached := map[*decl]bool{}
	for len(work) > 0 {
		for len(work) > 0 {
			d := work[len(work)-1]
			work = work[:len(work)-1]
			if reached[d] {
				continue
			}
			reached[d] = true
			for _, r := range d.Refs {
				if next := byKey[r]; next != nil && !reached[next] {
					work = append(work, next)
				}
			}
		}
		// Methods run through interfaces: those boxed by reached code whose
		// name reached code calls through an interface, or whose interface
		// reached code hands out of the module.
		calls, escaped := map[string]bool{}, map[string]bool{}
		var lifts []reach.Lift
		for d := range reached {
			for _, c := range d.Calls {
				calls[c] = true
			}
			for _, l := range d.Lifts {
				if l.To == "" {
					escaped[l.From] = true
				}
				lifts = append(lifts, l)
			}
		}
		for grew := true; grew; {
			grew = false
			for _, l := range lifts {
				if l.To != "" && escaped[l.To] && !escaped[l.From] {
					escaped[l.From], grew = true, true
				}
			}
		}
		for d := range reached {
			for _, b := range d.Boxes {
				for _, m := range b.Methods {
					if next := byKey[m]; next != nil && !reached[next] && (escaped[b.Iface] || calls[keyName(m)]) {
						work = append(work, next)
					}
				}
			}
		}
	}
	out := map[string][]span{}
	for _, d := range decls {
		if !reached[d] && len(d.Keys) > 0 && !d.testOnly {
			out[d.pkg] = append(out[d.pkg], d.span)
		}
	}
	return out
}

// keyName is the name a reach key ends with: a function's, a variable's,
// a method's.
func keyName(key string) string {
	return key[strings.LastIndex(key, ".")+1:]
}

// coversModule reports whether a pattern names every package of the
// module at modDir: a pattern ending in /... whose directory (relative
// to dir, or absolute) holds modDir, or whose import path is the
// module's path or a prefix of it.
func coversModule(patterns []string, dir, modPath, modDir string) bool {
	for _, pat := range patterns {
		if !strings.HasSuffix(pat, "...") {
			continue
		}
		if pat == "..." {
			return true // every package
		}
		if d, ok := product.PatternDir(pat, dir); ok {
			if product.Within(modDir, d) {
				return true
			}
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(pat, "/..."), "...")
		if analyzerutil.InModule(modPath, base) {
			return true
		}
	}
	return false
}

// inSpans reports whether pos lies on the lines of one of spans.
func inSpans(spans []span, pos token.Position) bool {
	for _, s := range spans {
		if s.file == pos.Filename && s.from <= pos.Line && pos.Line <= s.to {
			return true
		}
	}
	return false
}
