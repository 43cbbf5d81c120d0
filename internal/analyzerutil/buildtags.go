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

// BuildConstrained reports whether file builds only on some platforms: it
// has a //go:build (or // +build) line before its package clause that
// names an operating system, an architecture, unix or cgo, or its name
// ends in _GOOS, _GOARCH or _GOOS_GOARCH. What is declared there may be
// declared again in a file for the other platforms (a function that
// returns nil on Unix and fails on Windows), so what holds of it here
// holds of some releases only. A Go release (go1.24) holds of every build
// that compiles the code, and a tag of the program's own (debug) chooses
// a build a user opts into, not the one a release ships.
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
			if err != nil || namesPlatform(expr) {
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

// namesPlatform reports whether expr names a platform: an operating
// system, an architecture, unix or cgo. Other tags (debug, integration)
// choose builds a user opts into, not the one a release ships.
func namesPlatform(expr constraint.Expr) bool {
	switch e := expr.(type) {
	case *constraint.TagExpr:
		return e.Tag == "unix" || e.Tag == "cgo" || slices.Contains(knownOS, e.Tag) || slices.Contains(knownArch, e.Tag)
	case *constraint.NotExpr:
		return namesPlatform(e.X)
	case *constraint.AndExpr:
		return namesPlatform(e.X) || namesPlatform(e.Y)
	case *constraint.OrExpr:
		return namesPlatform(e.X) || namesPlatform(e.Y)
	}
	return false
}
