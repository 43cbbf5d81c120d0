package analyzerutil

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
)

// checkRefsPkg type-checks package a, which refers to package b's
// functions (a generic one through two instances, a method, one twice) and
// variables, and returns a pass over it.
func checkRefsPkg(t *testing.T) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	parse := func(name, src string) *ast.File {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	bFile := parse("b.go", `package b
func F() {}
func G[T any](T) {}
type T int
func (T) M() {}
type S struct{ X int }
type Box[E any] struct{}
func (Box[E]) Get() {}
var V, W int
const C = 1
func Unused() {}
`)
	b, err := new(types.Config).Check("example.com/b", fset, []*ast.File{bFile}, nil)
	if err != nil {
		t.Fatal(err)
	}
	aFile := parse("a.go", `package a
import (
	"example.com/b"
	"strings"
)
var own = 1
func f() {
	b.F()
	b.F()
	b.G(1)
	b.G("x")
	var t b.T
	t.M()
	_ = b.V + b.C + own + b.S{X: 1}.X + b.S{}.X
	g()
	b.Box[int]{}.Get()
	b.Box[string]{}.Get()
	_ = strings.ToUpper
	local := 2
	_ = local
}
func g() {}
`)
	imp := importerFunc(func(path string) (*types.Package, error) {
		if path == "example.com/b" {
			return b, nil
		}
		return importer.Default().Import(path)
	})
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	a, err := (&types.Config{Importer: imp}).Check("example.com/a", fset, []*ast.File{aFile}, info)
	if err != nil {
		t.Fatal(err)
	}
	return &analysis.Pass{Fset: fset, Files: []*ast.File{aFile}, Pkg: a, TypesInfo: info}
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestRefs: the functions (by origin), package-level variables, fields
// and constants of other packages the code refers to, each once; nothing
// of the package itself, no local variable.
func TestRefs(t *testing.T) {
	pass := checkRefsPkg(t)
	r := RefsOf(pass)
	var funcs, vars, fields, consts []string
	for _, fn := range r.Funcs {
		funcs = append(funcs, fn.FullName())
		if fn.Origin() != fn {
			t.Errorf("%s is an instance, not its origin", fn.FullName())
		}
	}
	for _, v := range r.Vars {
		vars = append(vars, v.Pkg().Path()+"."+v.Name())
	}
	for _, v := range r.Fields {
		fields = append(fields, v.Pkg().Path()+"."+v.Name())
	}
	for _, k := range r.Consts {
		consts = append(consts, k.Pkg().Path()+"."+k.Name())
	}
	slices.Sort(funcs)
	slices.Sort(vars)
	if got, want := strings.Join(funcs, " "), "(example.com/b.Box[E]).Get (example.com/b.T).M example.com/b.F example.com/b.G strings.ToUpper"; got != want {
		t.Errorf("funcs = %s; want %s", got, want)
	}
	if got, want := strings.Join(vars, " "), "example.com/b.V"; got != want {
		t.Errorf("vars = %s; want %s", got, want)
	}
	if got, want := strings.Join(fields, " "), "example.com/b.X"; got != want {
		t.Errorf("fields = %s; want %s", got, want)
	}
	if got, want := strings.Join(consts, " "), "example.com/b.C"; got != want {
		t.Errorf("consts = %s; want %s", got, want)
	}
}

// TestRefsOncePerPackage: every pass over the same package gets the same
// answer, found once; a package whose type information is gone is
// forgotten.
func TestRefsOncePerPackage(t *testing.T) {
	pass := checkRefsPkg(t)
	first := RefsOf(pass)
	other := *pass // another analyzer's pass over the same package
	if RefsOf(&other) != first {
		t.Fatal("a second pass over the package found its references again")
	}
	if RefsOf(checkRefsPkg(t)) == first {
		t.Fatal("another package shares the first one's references")
	}
	before := refsCount()
	pass, other = nil, analysis.Pass{}
	_ = pass
	deadline := time.Now().Add(5 * time.Second)
	for refsCount() >= before {
		if time.Now().After(deadline) {
			t.Fatalf("%d packages' references still kept after their type information is gone", refsCount())
		}
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
}
