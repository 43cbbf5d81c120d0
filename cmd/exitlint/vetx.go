package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"strings"

	"golang.org/x/tools/go/gcexportdata"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// vetConfig is the part of go vet's configuration of one unit that
// stdFactsOnly reads; unitchecker reads the whole of it.
type vetConfig struct {
	ImportPath  string
	GoFiles     []string
	ImportMap   map[string]string
	PackageVetx map[string]string
	VetxOnly    bool
	VetxOutput  string
	GoVersion   string
}

// stdFactsOnly answers the vet units that ask only for the facts of a
// standard package. go vet asks for one per dependency, and one per test
// variant of each, and the answer (the "vetx" file) carries the package's
// types, which the units that import it type-check against, besides its
// facts. exitlint's passes export no facts for the standard library, whose
// exits and side effects they know by name, so the answer is the package's
// types alone, checked without function bodies, instead of unitchecker's
// full type-check and analysis. It reports whether it answered; on any
// doubt it leaves the unit to unitchecker.
func stdFactsOnly(cfgFile string) bool {
	if !strings.HasSuffix(cfgFile, ".cfg") {
		return false
	}
	data, err := readVetConfig(cfgFile)
	if err != nil {
		return false
	}
	var cfg vetConfig
	if json.Unmarshal(data, &cfg) != nil || !cfg.VetxOnly || cfg.VetxOutput == "" || len(cfg.GoFiles) == 0 {
		return false
	}
	// The config's Standard map covers the unit's imports, not the unit
	// itself: the unit is standard if its files are, by the rule the
	// passes apply (analyzerutil.InStd).
	for _, f := range cfg.GoFiles {
		if !analyzerutil.StdFile(f) {
			return false
		}
	}
	vetx, err := typesOnlyVetx(&cfg)
	if err != nil {
		return false
	}
	return os.WriteFile(cfg.VetxOutput, vetx, 0o666) == nil
}

// The layout of unitchecker's vetx file: the magic, the lengths of the
// types and the facts sections (little-endian), the types in indexed
// export format, the facts. It is unitchecker's private format (x/tools
// v0.52): should an upgrade change it, TestGoVet and
// TestGoVetFactsAcrossPackages fail, since real go vet runs read these
// answers back through unitchecker.
const (
	vetxMagic  = "vetx"
	vetxHeader = 12
)

// typesOnlyVetx type-checks the unit's declarations and encodes them as a
// vetx file with no facts.
func typesOnlyVetx(cfg *vetConfig) ([]byte, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range cfg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	imports := map[string]*types.Package{}
	conf := &types.Config{
		Importer: importerFunc(func(importPath string) (*types.Package, error) {
			path, ok := cfg.ImportMap[importPath]
			switch {
			case !ok:
				return nil, fmt.Errorf("can't resolve import %q", importPath)
			case path == "unsafe":
				return types.Unsafe, nil
			}
			if pkg := imports[path]; pkg != nil && pkg.Complete() {
				return pkg, nil
			}
			data, err := vetxTypes(cfg.PackageVetx[path])
			if err != nil {
				return nil, fmt.Errorf("types of %q: %v", path, err)
			}
			return gcexportdata.Read(bytes.NewReader(data), fset, imports, path)
		}),
		Sizes:     types.SizesFor("gc", build.Default.GOARCH),
		GoVersion: cfg.GoVersion,
		// Dependents see declarations only, and no fact is computed.
		IgnoreFuncBodies: true,
	}
	pkg, err := conf.Check(cfg.ImportPath, fset, files, nil)
	if err != nil {
		return nil, err
	}
	var exported bytes.Buffer
	if err := gcexportdata.Write(&exported, fset, pkg); err != nil {
		return nil, err
	}
	// gcexportdata.Write leads with the format's tag byte ('i'), which the
	// vetx file's types section leaves out.
	typesData := exported.Bytes()[1:]
	out := make([]byte, vetxHeader, vetxHeader+len(typesData))
	copy(out, vetxMagic)
	binary.LittleEndian.PutUint32(out[4:8], uint32(len(typesData)))
	binary.LittleEndian.PutUint32(out[8:12], 0) // no facts
	return append(out, typesData...), nil
}

// vetxTypes returns the types section of a vetx file, with the format tag
// gcexportdata.Read wants in front.
func vetxTypes(file string) ([]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(data) < vetxHeader || string(data[:4]) != vetxMagic {
		return nil, fmt.Errorf("%s is no vetx file", file)
	}
	n := binary.LittleEndian.Uint32(data[4:8])
	if uint64(vetxHeader)+uint64(n) > uint64(len(data)) {
		return nil, fmt.Errorf("%s is truncated", file)
	}
	out := make([]byte, 0, 1+n)
	out = append(out, 'i')
	return append(out, data[vetxHeader:vetxHeader+n]...), nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
