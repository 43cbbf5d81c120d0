package exits_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/exitlint/exitlint/passes/exits"
)

// TestFatalCode: the code a well-known fatal ends the process with, for
// packages built by hand with only the names the rule reads. glog's
// version is told by whether it declares FatalDepthf (v1.1.0 on).
func TestFatalCode(t *testing.T) {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	pkg := func(path string, names ...string) *types.Package {
		p := types.NewPackage(path, "p")
		for _, n := range names {
			p.Scope().Insert(types.NewFunc(token.NoPos, p, n, sig))
		}
		return p
	}
	fn := func(p *types.Package, name string) *types.Func {
		if f, ok := p.Scope().Lookup(name).(*types.Func); ok {
			return f
		}
		t.Fatalf("%s.%s not declared", p.Path(), name)
		return nil
	}
	oldGlog := pkg("github.com/golang/glog", "Fatal", "Exit")
	newGlog := pkg("github.com/golang/glog", "Fatal", "FatalDepthf", "Exit")
	klog := pkg("k8s.io/klog/v2", "Fatalf", "Exitf")
	klog1 := pkg("k8s.io/klog", "FatalDepth")
	std := pkg("log", "Fatal")
	for _, tc := range []struct {
		fn   *types.Func
		want int
	}{
		{fn(oldGlog, "Fatal"), 255},
		{fn(oldGlog, "Exit"), 1},
		{fn(newGlog, "Fatal"), 2},
		{fn(newGlog, "FatalDepthf"), 2},
		{fn(newGlog, "Exit"), 1},
		{fn(klog, "Fatalf"), 255},
		{fn(klog, "Exitf"), 1},
		{fn(klog1, "FatalDepth"), 255},
		{fn(std, "Fatal"), 1},
	} {
		if got := exits.FatalCode(tc.fn); got != tc.want {
			t.Errorf("FatalCode(%s) = %d, want %d", tc.fn.FullName(), got, tc.want)
		}
	}
}
