package analyzerutil

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

// knownOS and knownArch are the values a file name's _GOOS or _GOARCH
// suffix may take, as the go command reads them.
var (
	knownOS   = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "arm64", "arm64be", "armbe", "loong64", "mips", "mips64", "mips64le", "mips64p32", "mips64p32le", "mipsle", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)

// BuildConstrained reports whether file builds only under some
// configurations: it has a //go:build (or // +build) line before its
// package clause that names a tag other than a Go release (go1.24 holds
// of every build that compiles the code), or its name ends in _GOOS,
// _GOARCH or _GOOS_GOARCH. What
// is declared there may be declared again, otherwise, in a file for the
// other configurations (a function that returns nil on Unix and fails on
// Windows), so what holds of it here holds of one build only.
func BuildConstrained(fset *token.FileSet, file *ast.File) bool {
	for _, g := range file.Comments {
		if g.Pos() >= file.Package {
			break
		}
		for _, c := range g.List {
			if !constraint.IsGoBuild(c.Text) && !constraint.IsPlusBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil || !onlyGoVersions(expr) {
				return true
			}
		}
	}
	tf := fset.File(file.Pos())
	if tf == nil {
		return false
	}
	name := strings.TrimSuffix(filepath.Base(tf.Name()), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return false
	}
	last := parts[len(parts)-1]
	if slices.Contains(knownOS, last) {
		return true
	}
	return slices.Contains(knownArch, last)
}

// onlyGoVersions reports whether every tag of expr is a Go release.
func onlyGoVersions(expr constraint.Expr) bool {
	switch e := expr.(type) {
	case *constraint.TagExpr:
		return strings.HasPrefix(e.Tag, "go1.")
	case *constraint.NotExpr:
		return onlyGoVersions(e.X)
	case *constraint.AndExpr:
		return onlyGoVersions(e.X) && onlyGoVersions(e.Y)
	case *constraint.OrExpr:
		return onlyGoVersions(e.X) && onlyGoVersions(e.Y)
	}
	return false
}
