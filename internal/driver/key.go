package driver

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"fmt"
	"go/types"
	"hash"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// A key names what determines a package's facts and findings: the
// analysis (exitlint's executable, the analyzers and their settings, the
// build configuration), the package's own files, and the keys of the
// packages it imports. Two runs that compute the same key for a package
// compute the same facts and findings for it, so the key names them in the
// persistent cache and in the language server's memory.
//
// A dependency contributes its key, not only its facts: what a package's
// checks find depends on the types of what it imports as much as on their
// facts (a changed signature, a constant's new value), and the key of the
// dependency covers both. An edit therefore invalidates exactly the edited
// package and the packages that import it, directly or not.
type key [sha256.Size]byte

func (k key) String() string { return hex.EncodeToString(k[:]) }

// salt hashes what every package's key shares: the executable that
// analyzes, the analyzers asked for with every flag of theirs, the build
// configuration and the caller's own additions.
func salt(cfg Config, sizes types.Sizes, analyzers []*analysis.Analyzer) (key, error) {
	h := sha256.New()
	fmt.Fprintf(h, "exitlint cache v1\n")
	exe, err := executableID()
	if err != nil {
		return key{}, err
	}
	fmt.Fprintf(h, "exe %s\n", exe)
	for _, a := range analyzerutil.Required(analyzers) {
		fmt.Fprintf(h, "analyzer %s\n", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) {
			fmt.Fprintf(h, "flag %s.%s=%q\n", a.Name, f.Name, f.Value.String())
		})
	}
	fmt.Fprintf(h, "tests %v\ntags %q\nsalt %q\n", cfg.Tests, cfg.Tags, cfg.Salt)
	fmt.Fprintf(h, "sizes %d %d %d\n", sizes.Sizeof(types.Typ[types.Uintptr]), sizes.Alignof(types.Typ[types.Int64]), sizes.Alignof(types.Typ[types.Complex128]))
	env := slices.Clone(cfg.Env)
	if env == nil {
		env = os.Environ()
	}
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(name, "GO") || strings.HasPrefix(name, "CGO_") || name == "CC" || name == "CXX" {
			fmt.Fprintf(h, "env %s\n", kv)
		}
	}
	var k key
	h.Sum(k[:0])
	return k, nil
}

var exeID struct {
	once sync.Once
	id   string
	err  error
}

// executableID is the SHA-256 of the running executable's content: a
// rebuilt exitlint, whatever its version says, never reads what another
// build wrote.
func executableID() (string, error) {
	exeID.once.Do(func() {
		path, err := os.Executable()
		if err != nil {
			exeID.err = fmt.Errorf("cannot find exitlint's own executable to key the cache: %v", err)
			return
		}
		f, err := os.Open(path)
		if err != nil {
			exeID.err = fmt.Errorf("cannot read exitlint's own executable to key the cache: %v", err)
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			exeID.err = fmt.Errorf("cannot read exitlint's own executable to key the cache: %v", err)
			return
		}
		exeID.id = hex.EncodeToString(h.Sum(nil))
	})
	return exeID.id, exeID.err
}

// fileSum is what a key holds of one file.
type fileSum struct {
	name string
	sum  [sha256.Size]byte
	// content is set when sum is the SHA-256 of the file's content (the
	// sum -fix compares with); clear when the file is immutable where it
	// lies (GOROOT, the module cache) and sum hashes its name, size and
	// modification time.
	content bool
	err     error
}

// immutable reports whether a package's files lie where nobody edits them
// in place: the standard library, or a module in the module cache (a
// version, no replacement). Their names, sizes and modification times
// stand for their content in the key.
func (p *Package) immutable() bool {
	m := p.meta.Module
	if m == nil {
		return standard(p.meta)
	}
	return m.Version != "" && m.Replace == nil && !m.Main
}

// keyFiles lists the files a package's key covers: the files it is
// compiled from, the source files the go command rewrote into them, and
// the other files of the package a pass may read.
func (p *Package) keyFiles() []string {
	var out []string
	seen := map[string]bool{}
	for _, list := range [][]string{p.meta.CompiledGoFiles, p.meta.GoFiles, p.meta.OtherFiles} {
		for _, f := range list {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// computeKeys sets the key of every package of the graph, once the keys
// of its imports are set.
func (g *Graph) computeKeys(s key) {
	files := g.hashKeyFiles()
	depsFirst(g.all, func(n *Package) { setKey(n, s, g.packageSalt(n), files[n]) })
}

// hashKeyFiles hashes the files of every package's key, on as many
// goroutines as there are CPUs, and records the content sums of a main
// module's files for -fix as they are hashed.
func (g *Graph) hashKeyFiles() map[*Package][]fileSum {
	type job struct {
		n    *Package
		name string
	}
	var jobs []job
	for _, n := range g.all {
		if n.PkgPath == "unsafe" || len(n.ListErrors) > 0 {
			continue
		}
		for _, f := range n.keyFiles() {
			jobs = append(jobs, job{n, f})
		}
	}
	sums := make([]fileSum, len(jobs))
	onEveryCPU(len(jobs), func(j int) {
		sums[j] = g.hashFile(jobs[j].name, jobs[j].n.immutable() && g.overlay[jobs[j].name] == nil)
	})
	byPkg := map[*Package][]fileSum{}
	for j, jb := range jobs {
		byPkg[jb.n] = append(byPkg[jb.n], sums[j])
		if sums[j].content && sums[j].err == nil {
			g.keySums[jb.name] = sums[j].sum
			if jb.n.writable() {
				g.sums[jb.name] = sums[j].sum
			}
		}
	}
	return byPkg
}

// packageSalt returns what else decides the analysis of n than the run's
// salt: the settings its config file gives it (Config.PackageSalt), for a
// package analyzed from source.
func (g *Graph) packageSalt(n *Package) string {
	if g.cfg.PackageSalt == nil || !n.Source {
		return ""
	}
	return g.cfg.PackageSalt(n.Dir(), n.Dependency())
}

// setKey hashes into n's key what decides its results: the salt s, the
// package's own salt ps, the package as go list describes it, its files'
// sums and its imports' keys. A file that could not be read, here or
// below, makes n uncacheable.
func setKey(n *Package, s key, ps string, files []fileSum) {
	h := sha256.New()
	h.Write(s[:])
	m := n.meta
	// Whether the patterns name the package is no part of it: its
	// facts are the same either way, and an entry without the
	// checks' findings is no use to a requested package (plan).
	fmt.Fprintf(h, "id %q\npath %q\nname %q\n", n.ID, n.PkgPath, m.Name)
	if mod := m.Module; mod != nil {
		fmt.Fprintf(h, "module %q %q %q %v\n", mod.Path, mod.Version, mod.GoVersion, mod.Main)
	}
	for _, e := range n.ListErrors {
		fmt.Fprintf(h, "error %q\n", e.Error())
	}
	if ps != "" {
		fmt.Fprintf(h, "settings %q\n", ps)
	}
	for _, list := range [][]string{m.CompiledGoFiles, m.GoFiles, m.OtherFiles, m.IgnoredFiles} {
		fmt.Fprintf(h, "files %d\n", len(list))
		for _, f := range list {
			fmt.Fprintf(h, "%q\n", f)
		}
	}
	for _, fs := range files {
		if fs.err != nil {
			// A file that cannot be read: never the same key twice.
			n.uncacheable = true
		}
		fmt.Fprintf(h, "file %q %v %x\n", fs.name, fs.content, fs.sum)
	}
	paths := make([]string, 0, len(n.imports))
	for p := range n.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		d := n.imports[p]
		fmt.Fprintf(h, "import %q %q %x\n", p, d.ID, d.key)
		if d.uncacheable {
			n.uncacheable = true
		}
	}
	h.Sum(n.key[:0])
}

// hashFile hashes one file for a key: its content, or for an immutable
// file its name, size and modification time.
func (g *Graph) hashFile(name string, immutable bool) fileSum {
	fs := fileSum{name: name}
	if src, ok := g.overlay[name]; ok {
		fs.sum, fs.content = sha256.Sum256(src), true
		return fs
	}
	var h hash.Hash = sha256.New()
	if immutable {
		info, err := os.Stat(name)
		if err != nil {
			fs.err = err
			return fs
		}
		var b [16]byte
		binary.LittleEndian.PutUint64(b[:8], uint64(info.Size()))
		binary.LittleEndian.PutUint64(b[8:], uint64(info.ModTime().UnixNano()))
		h.Write(b[:])
		h.Sum(fs.sum[:0])
		return fs
	}
	content := func() (sum [sha256.Size]byte, err error) {
		f, err := os.Open(name)
		if err != nil {
			return sum, err
		}
		defer f.Close()
		if _, err := io.Copy(h, f); err != nil {
			return sum, err
		}
		h.Sum(sum[:0])
		return sum, nil
	}
	var err error
	if m := g.cfg.Memo; m != nil {
		fs.sum, err = m.sumOf(name, false, content)
	} else {
		fs.sum, err = content()
	}
	fs.err, fs.content = err, err == nil
	return fs
}
