package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/gcexportdata"
)

// TestStdFactsOnly feeds stdFactsOnly vet configurations of the shape go
// vet writes (its Standard map names the unit's imports, not the unit) for
// two standard packages, internal/goarch and internal/abi, which imports
// it: each answer must carry the package's types, and the second unit must
// type-check against the first one's answer.
func TestStdFactsOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-json", "internal/goarch", "internal/abi").Output()
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	files := map[string][]string{}
	for dec.More() {
		var p struct {
			ImportPath, Dir string
			GoFiles         []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		for _, f := range p.GoFiles {
			files[p.ImportPath] = append(files[p.ImportPath], filepath.Join(p.Dir, f))
		}
	}
	dir := t.TempDir()
	unit := func(path string, vetxOnly bool, imports map[string]string) (answered bool, vetx string) {
		t.Helper()
		vetx = filepath.Join(dir, filepath.Base(path)+".vetx")
		importMap, standard := map[string]string{"unsafe": "unsafe"}, map[string]bool{"unsafe": true}
		for p := range imports {
			importMap[p], standard[p] = p, true
		}
		data, err := json.Marshal(map[string]any{
			"ID": path, "Compiler": "gc", "ImportPath": path, "GoFiles": files[path],
			"ImportMap": importMap, "Standard": standard, "PackageVetx": imports,
			"VetxOnly": vetxOnly, "VetxOutput": vetx, "GoVersion": "go1.26",
		})
		if err != nil {
			t.Fatal(err)
		}
		cfg := filepath.Join(dir, filepath.Base(path)+".cfg")
		if err := os.WriteFile(cfg, data, 0o666); err != nil {
			t.Fatal(err)
		}
		return stdFactsOnly(cfg), vetx
	}
	if ok, vetx := unit("internal/goarch", false, nil); ok {
		t.Fatal("a unit that asks for findings was answered with types only")
	} else if _, err := os.Stat(vetx); err == nil {
		t.Fatal("a facts file was written for a unit left to unitchecker")
	}
	ok, goarch := unit("internal/goarch", true, nil)
	if !ok {
		t.Fatal("internal/goarch, facts only: not answered")
	}
	lookup(t, goarch, "internal/goarch", "PtrSize", nil)
	ok, abi := unit("internal/abi", true, map[string]string{"internal/goarch": goarch})
	if !ok {
		t.Fatal("internal/abi, facts only, against internal/goarch's answer: not answered")
	}
	lookup(t, abi, "internal/abi", "Type", map[string]string{"internal/goarch": goarch})

	// Not standard, or a Go command's own package: unitchecker's.
	own := filepath.Join(dir, "own.go")
	if err := os.WriteFile(own, []byte("package own\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	files["example.com/own"] = []string{own}
	files["cmd/internal/x"] = []string{filepath.Join(filepath.Dir(filepath.Dir(files["internal/abi"][0])), "cmd", "go", "main.go")}
	for _, path := range []string{"example.com/own", "cmd/internal/x"} {
		if ok, _ := unit(path, true, nil); ok {
			t.Errorf("%s was answered with types only", path)
		}
	}
}

// lookup reads the types from a vetx file as a unit that imports the
// package does, and wants the named object in them.
func lookup(t *testing.T, vetx, path, name string, deps map[string]string) {
	t.Helper()
	fset, imports := token.NewFileSet(), map[string]*types.Package{}
	for p, file := range deps {
		data, err := vetxTypes(file)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := gcexportdata.Read(bytes.NewReader(data), fset, imports, p); err != nil {
			t.Fatal(err)
		}
	}
	data, err := vetxTypes(vetx)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := gcexportdata.Read(bytes.NewReader(data), fset, imports, path)
	if err != nil {
		t.Fatalf("reading the types of %s: %v", path, err)
	}
	if pkg.Scope().Lookup(name) == nil {
		t.Errorf("%s's types lack %s", path, name)
	}
}
