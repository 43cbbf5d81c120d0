package exits_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/exitlint/exitlint/passes/exits"
)

// TestKongHonoursExitCode: kong's FatalIfErrorf exits with an error's
// ExitCode() only in the versions that declare kong.ExitCoder; before them
// (v1.6.0) it always exits 1, and an ExitCode() method is no advice.
func TestKongHonoursExitCode(t *testing.T) {
	const common = `package kong
type Kong struct{ Exit func(int) }
func (k *Kong) Fatalf(format string, args ...any) { k.Exit(1) }
`
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"v1.6.0", common + `func (k *Kong) FatalIfErrorf(err error, args ...any) { if err != nil { k.Fatalf("%s", err) } }`, false},
		{"v1.16.0", common + `type ExitCoder interface{ ExitCode() int }
func (k *Kong) FatalIfErrorf(err error, args ...any) {}`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, "kong.go", tc.src, 0)
			if err != nil {
				t.Fatal(err)
			}
			conf := types.Config{Importer: importer.Default()}
			pkg, err := conf.Check("github.com/alecthomas/kong", fset, []*ast.File{f}, nil)
			if err != nil {
				t.Fatal(err)
			}
			obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup("Kong").Type()), false, pkg, "FatalIfErrorf")
			fn, ok := obj.(*types.Func)
			if !ok || !exits.IsKongFatalIf(fn) {
				t.Fatalf("FatalIfErrorf of the source is not kong's FatalIfErrorf (%v)", obj)
			}
			if got := exits.KongHonoursExitCode(fn); got != tc.want {
				t.Errorf("KongHonoursExitCode = %v, want %v", got, tc.want)
			}
		})
	}
}
