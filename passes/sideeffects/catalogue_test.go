package sideeffects_test

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"

	"github.com/exitlint/exitlint/passes/sideeffects"
)

// splitName splits a FullName into package path, receiver type ("" for a
// function), pointer receiver and name.
func splitName(full string) (pkg, recv string, ptr bool, name string) {
	if strings.HasPrefix(full, "(") {
		r, n, _ := strings.Cut(full[1:], ").")
		ptr = strings.HasPrefix(r, "*")
		r = strings.TrimPrefix(r, "*")
		i := strings.LastIndex(r, ".")
		return r[:i], r[i+1:], ptr, n
	}
	i := strings.LastIndex(full, ".")
	return full[:i], "", false, full[i+1:]
}

// TestCatalogue resolves every entry to a function of the standard library
// with exactly that name, then generates a package that calls each entry
// from a function of its own and checks that every one of those functions
// gets a sideEffectFact naming the entry.
func TestCatalogue(t *testing.T) {
	paths := map[string]bool{}
	for _, e := range sideeffects.Catalogue {
		pkg, _, _, _ := splitName(e.Func)
		paths[pkg] = true
	}
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	sort.Strings(list)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, list...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}

	imports := map[string]string{} // path → name
	qual := func(p *types.Package) string {
		imports[p.Path()] = p.Name()
		return p.Name()
	}
	var body strings.Builder
	seen := map[string]bool{}
	for i, e := range sideeffects.Catalogue {
		if seen[e.Func] {
			t.Errorf("%s is in the catalogue twice", e.Func)
		}
		seen[e.Func] = true
		path, recv, ptr, name := splitName(e.Func)
		pkg := byPath[path]
		if pkg == nil {
			t.Errorf("%s: package %s not found", e.Func, path)
			continue
		}
		var fn *types.Func
		var call string
		if recv == "" {
			fn, _ = pkg.Scope().Lookup(name).(*types.Func)
			call = qual(pkg) + "." + name
		} else {
			tn, _ := pkg.Scope().Lookup(recv).(*types.TypeName)
			if tn == nil {
				t.Errorf("%s: type %s not found", e.Func, recv)
				continue
			}
			var rt types.Type = tn.Type()
			if ptr {
				rt = types.NewPointer(rt)
			}
			obj, _, _ := types.LookupFieldOrMethod(rt, true, pkg, name)
			fn, _ = obj.(*types.Func)
			call = "(*new(" + types.TypeString(rt, qual) + "))." + name
			if e.Recv != "" {
				imports[path] = pkg.Name()
				call = "(*new(" + e.Recv + "))." + name
			}
		}
		if fn == nil || fn.FullName() != e.Func {
			t.Errorf("%s does not name a function of the standard library", e.Func)
			continue
		}
		if e.What == "" {
			t.Errorf("%s: no description", e.Func)
		}
		sig := fn.Signature()
		var args []string
		for j := 0; j < sig.Params().Len(); j++ {
			if sig.Variadic() && j == sig.Params().Len()-1 {
				break
			}
			switch {
			case e.Rule == sideeffects.RuleWriteFlags && j == e.Arg:
				imports["os"] = "os"
				args = append(args, "os.O_WRONLY|os.O_CREATE")
			case e.Rule == sideeffects.RuleToFile && j == e.Arg:
				imports["os"] = "os"
				args = append(args, "new(os.File)")
			case e.Rule == sideeffects.RuleChangesData && j == e.Arg:
				args = append(args, `"DELETE FROM t"`)
			default:
				args = append(args, "*new("+types.TypeString(sig.Params().At(j).Type(), qual)+")")
			}
		}
		fmt.Fprintf(&body, "func e%d() { // want e%d:`sideEffect\\(%s %s\\)`\n\t%s(%s)\n}\n\n",
			i, i, regexp.QuoteMeta(displayName(path, recv, name)), regexp.QuoteMeta(e.What), call, strings.Join(args, ", "))
	}
	if t.Failed() {
		return
	}
	var src strings.Builder
	src.WriteString("package gen\n\nimport (\n")
	var ips []string
	for p := range imports {
		ips = append(ips, p)
	}
	sort.Strings(ips)
	for _, p := range ips {
		fmt.Fprintf(&src, "\t%q\n", p)
	}
	src.WriteString(")\n\n")
	src.WriteString(body.String())

	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gen\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gen.go"), []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sideeffects.Analyzer, "gen")
}

// displayName spells a function as the facts do: "os.WriteFile",
// "exec.Cmd.Run".
func displayName(path, recv, name string) string {
	base := path[strings.LastIndex(path, "/")+1:]
	if recv != "" {
		return base + "." + recv + "." + name
	}
	return base + "." + name
}
