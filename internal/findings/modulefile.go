package findings

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/exitlint/exitlint/internal/regularfile"
)

// moduleNames names files by the module they belong to, looking each
// directory up once.
type moduleNames struct {
	roots map[string]moduleRoot // by directory
}

// moduleRoot is the module a directory belongs to: its path and the
// directory of its go.mod; zero for a directory in no module.
type moduleRoot struct{ path, dir string }

// maxGoMod bounds a go.mod exitlint reads to name a module: a go.mod is
// kilobytes; the go command has read it whole already.
const maxGoMod = 16 << 20

// name returns filename named by its module: the module's path, then the
// file's path below the module's directory, with forward slashes
// ("example.com/cli/cmd/main.go"). The same file has the same name from any
// working directory and in any checkout, so fingerprints and baselines do
// not depend on where exitlint runs. A file in no module (no go.mod above
// it) is named by fallback.
func (m *moduleNames) name(filename, fallback string) string {
	if !filepath.IsAbs(filename) {
		return filepath.ToSlash(fallback)
	}
	root := m.root(filepath.Dir(filename))
	if root.path == "" {
		return filepath.ToSlash(fallback)
	}
	rel, err := filepath.Rel(root.dir, filename)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(fallback)
	}
	return root.path + "/" + filepath.ToSlash(rel)
}

func (m *moduleNames) root(dir string) moduleRoot {
	if r, ok := m.roots[dir]; ok {
		return r
	}
	var r moduleRoot
	gomod := filepath.Join(dir, "go.mod")
	if data, err := regularfile.Read(gomod, maxGoMod); err == nil {
		if path := modfile.ModulePath(data); path != "" {
			r = moduleRoot{path, dir}
		}
	} else if _, serr := os.Stat(gomod); serr != nil {
		if parent := filepath.Dir(dir); parent != dir {
			r = m.root(parent)
		}
	}
	if m.roots == nil {
		m.roots = map[string]moduleRoot{}
	}
	m.roots[dir] = r
	return r
}
