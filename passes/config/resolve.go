package config

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// Resolve checks a setting's name against the package it names, and
// returns what is wrong with it ("" when it names what the setting wants):
// a type of an integer kind for KindType, a function or method, spelled as
// types.Func.FullName spells it, for KindFunc.
func Resolve(pkg *types.Package, kind Kind, name string) string {
	if kind == KindType {
		return resolveType(pkg, name)
	}
	if rest, ok := strings.CutPrefix(name, "("); ok {
		recv, method, _ := strings.Cut(rest, ").")
		return resolveMethod(pkg, recv, method, name)
	}
	local := strings.TrimPrefix(name, pkg.Path()+".")
	switch obj := pkg.Scope().Lookup(local).(type) {
	case *types.Func:
		return ""
	case nil:
		return fmt.Sprintf("%s: package %s declares no function %s%s", name, pkg.Path(), local, suggest(local, scopeNames(pkg, isFunc)))
	default:
		return fmt.Sprintf("%s: %s is a %s, not a function", name, local, kindOf(obj))
	}
}

func resolveType(pkg *types.Package, name string) string {
	local := strings.TrimPrefix(name, pkg.Path()+".")
	obj := pkg.Scope().Lookup(local)
	tn, ok := obj.(*types.TypeName)
	switch {
	case obj == nil:
		return fmt.Sprintf("%s: package %s declares no type %s%s", name, pkg.Path(), local, suggest(local, scopeNames(pkg, isType)))
	case !ok:
		return fmt.Sprintf("%s: %s is a %s, not a type", name, local, kindOf(obj))
	}
	if b, ok := tn.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return fmt.Sprintf("%s: %s is no integer type (its underlying type is %s): an exit-code enum is a named integer type", name, local, tn.Type().Underlying())
	}
	return ""
}

func resolveMethod(pkg *types.Package, recv, method, name string) string {
	recv = strings.TrimPrefix(recv, "*")
	recv = strings.TrimPrefix(recv, pkg.Path()+".")
	tn, ok := pkg.Scope().Lookup(recv).(*types.TypeName)
	if !ok {
		return fmt.Sprintf("%s: package %s declares no type %s%s", name, pkg.Path(), recv, suggest(recv, scopeNames(pkg, isType)))
	}
	var methods []*types.Func
	if n, ok := types.Unalias(tn.Type()).(*types.Named); ok {
		for i := range n.NumMethods() {
			methods = append(methods, n.Method(i))
		}
	}
	if it, ok := tn.Type().Underlying().(*types.Interface); ok {
		for i := range it.NumMethods() {
			methods = append(methods, it.Method(i))
		}
	}
	var names []string
	for _, m := range methods {
		if m.Name() == method {
			if full := m.FullName(); full != name {
				return fmt.Sprintf("%s: the method is spelled %s", name, full)
			}
			return ""
		}
		names = append(names, m.Name())
	}
	return fmt.Sprintf("%s: type %s has no method %s%s", name, recv, method, suggest(method, names))
}

func isFunc(obj types.Object) bool { _, ok := obj.(*types.Func); return ok }
func isType(obj types.Object) bool { _, ok := obj.(*types.TypeName); return ok }

func scopeNames(pkg *types.Package, keep func(types.Object) bool) []string {
	var out []string
	for _, n := range pkg.Scope().Names() {
		if keep(pkg.Scope().Lookup(n)) {
			out = append(out, n)
		}
	}
	return out
}

func kindOf(obj types.Object) string {
	switch obj.(type) {
	case *types.Const:
		return "constant"
	case *types.Var:
		return "variable"
	case *types.TypeName:
		return "type"
	case *types.Func:
		return "function"
	}
	return "name"
}

// suggest returns ", did you mean X?" for the candidate closest to name, if
// one is close enough to be a likely typo, else "".
func suggest(name string, candidates []string) string {
	if best := Closest(name, candidates); best != "" {
		return "; did you mean " + best + "?"
	}
	return ""
}

// Closest returns the candidate nearest to name by edit distance, ignoring
// case, if it is within a quarter of name's length (at least 1); "" if none
// is.
func Closest(name string, candidates []string) string {
	best, bestD := "", max(1, len(name)/4)+1
	for _, c := range slices.Sorted(slices.Values(candidates)) {
		if d := distance(strings.ToLower(name), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Unresolved returns, for every setting's name whose package is not among
// the program's packages, what is wrong with it: the exitlint command asks
// before it analyzes anything, with every package the patterns load.
func Unresolved(c *Config, packages []string) []string {
	known := map[string]bool{}
	for _, p := range packages {
		known[p] = true
	}
	var out []string
	for _, s := range Settings {
		if s.Kind == KindPath || s.Kind == KindCheck {
			continue
		}
		for _, name := range c.Values(s) {
			path := PkgPath(name)
			if known[path] {
				continue
			}
			out = append(out, fmt.Sprintf("%s: %s: no package %s is among the packages the patterns load%s", c.Where(s, name), name, path, suggest(path, packages)))
		}
	}
	return out
}
