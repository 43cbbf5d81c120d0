package analyzerutil_test

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

func TestBuildConstrained(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      bool
	}{
		{"a.go", "package p\n", false},
		{"a_unix.go", "//go:build unix\n\npackage p\n", true},
		{"a.go", "//go:build !cgo || without_openssl\n\npackage p\n", true},
		{"a.go", "// +build linux\n\npackage p\n", true},
		{"a.go", "//go:build go1.24\n\npackage p\n", false}, // every build of a new enough Go
		{"a.go", "//go:build !debug\n\npackage p\n", false}, // a build the user opts into
		{"a.go", "//go:build debug && linux\n\npackage p\n", true},
		{"a_windows.go", "package p\n", true},
		{"a_linux_arm64.go", "package p\n", true},
		{"a_arm64.go", "package p\n", true},
		{"update_windows_test.go", "package p\n", true},
		{"my_tool.go", "package p\n", false},
		{"a.go", "package p\n\n//go:build linux\n", false}, // after the package clause: no constraint
	} {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, tc.name, tc.src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if got := analyzerutil.BuildConstrained(fset, f); got != tc.want {
			t.Errorf("%s %q: BuildConstrained = %v, want %v", tc.name, tc.src, got, tc.want)
		}
	}
}
