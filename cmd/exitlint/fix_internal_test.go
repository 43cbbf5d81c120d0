package main

import (
	"crypto/sha256"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// testModule stands for a main module whose files were analyzed: each
// file added is written to disk, entered in the file set, and recorded in
// the scope as analyzed with the content it was written with.
type testModule struct {
	dir   string
	fset  *token.FileSet
	scope fixScope
}

func newTestModule(t *testing.T) *testModule {
	t.Helper()
	dir := realPath(t.TempDir())
	return &testModule{dir: dir, fset: token.NewFileSet(),
		scope: fixScope{files: map[string]fileOwner{}, sums: map[string][sha256.Size]byte{}, dir: dir}}
}

// add writes a file of the module and records it as analyzed.
func (m *testModule) add(t *testing.T, name, src string) *token.File {
	t.Helper()
	path := filepath.Join(m.dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return m.analyzed(path, src, fileOwner{module: "example.com/m", dir: m.dir, main: true})
}

// analyzed records a file as analyzed with content src, owned by o.
func (m *testModule) analyzed(path, src string, o fileOwner) *token.File {
	tf := m.fset.AddFile(path, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	m.scope.files[path] = o
	m.scope.sums[path] = sha256.Sum256([]byte(src))
	return tf
}

func (m *testModule) apply(fixes ...*pendingFix) fixResult {
	return applyFixes(m.fset, m.scope, fixes)
}

func pending(tf *token.File, posn string, start, end int, text string) *pendingFix {
	return &pendingFix{diag: Diagnostic{Posn: posn}, edits: map[string][]edit{tf.Name(): {{start, end, text}}}}
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// noTemporaryFiles checks that -fix left no temporary file in dir.
func noTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".exitlint-") {
			t.Errorf("temporary file %s left in %s", e.Name(), dir)
		}
	}
}

func TestApplyFixesSkipsOverlaps(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1 + 2\n"
	tf := m.add(t, "a.go", src)
	i := strings.Index(src, "1 + 2")
	res := m.apply(
		pending(tf, "first", i, i+1, "10"),
		pending(tf, "overlaps", i, i+5, "3"),
		pending(tf, "same edit as first", i, i+1, "10"),
		pending(tf, "after", i+4, i+5, "20"),
	)
	if len(res.failed) != 0 {
		t.Fatal(res.failed)
	}
	if len(res.notWritten) != 1 || res.notWritten[0].diag.Posn != "overlaps" || !strings.Contains(res.notWritten[0].reason, "overlaps a fix written before it") || len(res.applied) != 3 {
		t.Errorf("applied %v, not written %v", res.applied, res.notWritten)
	}
	if got := read(t, tf.Name()); got != "package a\n\nvar x = 10 + 20\n" {
		t.Errorf("file = %q", got)
	}
	noTemporaryFiles(t, m.dir)
}

func TestApplyFixesRefusesAChangedFile(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	tf := m.add(t, "a.go", src)
	edited := src + "// edited meanwhile\n"
	if err := os.WriteFile(tf.Name(), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	res := m.apply(pending(tf, "x", len(src)-2, len(src)-1, "2"))
	if len(res.failed) != 1 || res.failed[0].kind != failChanged || !strings.Contains(res.failed[0].err.Error(), "changed on disk") || len(res.applied) != 0 || len(res.files) != 0 {
		t.Errorf("failed %v applied %v files %v", res.failed, res.applied, res.files)
	}
	if got := read(t, tf.Name()); got != edited {
		t.Errorf("the file was written: %q", got)
	}
}

// An edit of the same size while exitlint analyzes: only the content tells
// it, and the fix is not written at the old offsets.
func TestApplyFixesRefusesASameSizeChange(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	tf := m.add(t, "a.go", src)
	edited := "package a\n\nvar y = 7\n"
	if err := os.WriteFile(tf.Name(), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	res := m.apply(pending(tf, "x", len(src)-2, len(src)-1, "2"))
	if len(res.failed) != 1 || res.failed[0].kind != failChanged || len(res.applied) != 0 || len(res.files) != 0 {
		t.Errorf("failed %v applied %v files %v; want the file refused as changed on disk", res.failed, res.applied, res.files)
	}
	if got := read(t, tf.Name()); got != edited {
		t.Errorf("the fix was written at the old offsets: %q", got)
	}
}

func TestApplyFixesRefusesInvalidGo(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	tf := m.add(t, "a.go", src)
	res := m.apply(pending(tf, "x", len(src)-2, len(src)-1, "("))
	if len(res.notWritten) != 1 || !strings.Contains(res.notWritten[0].reason, "do not leave valid Go") || len(res.files) != 0 {
		t.Errorf("not written %v files %v", res.notWritten, res.files)
	}
	if got := read(t, tf.Name()); got != src {
		t.Errorf("the file was written: %q", got)
	}
}

// A failure in one file before any rename writes nothing: the files are
// written all or nothing.
func TestApplyFixesWritesAllOrNothing(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	a := m.add(t, "a.go", src)
	b := m.add(t, "b.go", src)
	if err := os.WriteFile(b.Name(), []byte(strings.Replace(src, "x", "y", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	res := m.apply(pending(a, "a", len(src)-2, len(src)-1, "2"), pending(b, "b", len(src)-2, len(src)-1, "2"))
	if len(res.files) != 0 || len(res.applied) != 0 || len(res.failed) != 1 || res.failed[0].file != b.Name() {
		t.Errorf("files %v applied %v failed %v; want nothing written and b.go failed", res.files, res.applied, res.failed)
	}
	if got := read(t, a.Name()); got != src {
		t.Errorf("a.go was written beside a failure: %q", got)
	}
	noTemporaryFiles(t, m.dir)
}

// When renaming one file over its original fails after another was
// renamed, the result names the file written, whole, and the files not.
func TestApplyFixesPartialFailure(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	a := m.add(t, "a.go", src)
	b := m.add(t, "b.go", src)
	c := m.add(t, "c.go", src)
	defer func(old func(string, string) error) { rename = old }(rename)
	rename = func(from, to string) error {
		if to == b.Name() {
			return &os.LinkError{Op: "rename", Old: from, New: to, Err: syscall.EIO}
		}
		return os.Rename(from, to)
	}
	res := m.apply(pending(a, "a", len(src)-2, len(src)-1, "2"), pending(b, "b", len(src)-2, len(src)-1, "2"), pending(c, "c", len(src)-2, len(src)-1, "2"))
	if len(res.files) != 1 || res.files[0] != a.Name() || len(res.applied) != 1 || res.applied[0].Posn != "a" {
		t.Errorf("files %v applied %v; want a.go alone", res.files, res.applied)
	}
	if len(res.failed) != 2 || res.failed[0].file != b.Name() || res.failed[0].kind != failIO || res.failed[1].file != c.Name() {
		t.Errorf("failed %v; want b.go (the rename) and c.go (not reached)", res.failed)
	}
	if got := read(t, a.Name()); got != "package a\n\nvar x = 2\n" {
		t.Errorf("a.go = %q", got)
	}
	for _, f := range []*token.File{b, c} {
		if got := read(t, f.Name()); got != src {
			t.Errorf("%s = %q; want it as it was", f.Name(), got)
		}
	}
	noTemporaryFiles(t, m.dir)
}

// The fixed file replaces the original, with its mode.
func TestApplyFixesKeepsTheMode(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	a := m.add(t, "a.go", src)
	if err := os.Chmod(a.Name(), 0o640); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(a.Name())
	if res := m.apply(pending(a, "a", len(src)-2, len(src)-1, "2")); len(res.files) != 1 {
		t.Fatalf("files %v failed %v", res.files, res.failed)
	}
	after, err := os.Stat(a.Name())
	if err != nil {
		t.Fatal(err)
	}
	if after.Mode() != before.Mode() {
		t.Errorf("mode %v; want %v", after.Mode(), before.Mode())
	}
	if os.SameFile(before, after) {
		t.Errorf("the file was written in place; want a new file renamed over it")
	}
}

// A read-only file is not written, by root either.
func TestApplyFixesLeavesAReadOnlyFile(t *testing.T) {
	m := newTestModule(t)
	src := "package a\n\nvar x = 1\n"
	a := m.add(t, "a.go", src)
	if err := os.Chmod(a.Name(), 0o444); err != nil {
		t.Fatal(err)
	}
	res := m.apply(pending(a, "a", len(src)-2, len(src)-1, "2"))
	if len(res.files) != 0 || len(res.failed) != 1 || res.failed[0].kind != failPermission {
		t.Errorf("files %v failed %v; want a.go failed, not writable", res.files, res.failed)
	}
	if got := read(t, a.Name()); got != src {
		t.Errorf("a read-only file was written: %q", got)
	}
}

// Only the user's files are written: not the standard library, not a
// dependency, not GOROOT or the module cache, not through a symbolic link
// out of the module, not a generated file.
func TestApplyFixesWritesOnlyTheUsersFiles(t *testing.T) {
	src := "package a\n\nvar x = 1\n"
	fixed := "package a\n\nvar x = 2\n"
	outside := realPath(t.TempDir())
	tests := []struct {
		name   string
		setup  func(m *testModule) *token.File
		reason string // "" when the fix is written
	}{
		{"main module", func(m *testModule) *token.File { return m.add(t, "a.go", src) }, ""},
		{"standard library", func(m *testModule) *token.File {
			tf := m.add(t, "a.go", src)
			m.scope.files[tf.Name()] = fileOwner{}
			return tf
		}, "belongs to the standard library"},
		{"dependency", func(m *testModule) *token.File {
			tf := m.add(t, "vendor/example.com/dep/a.go", src)
			m.scope.files[tf.Name()] = fileOwner{module: "example.com/dep", dir: filepath.Join(m.dir, "vendor/example.com/dep")}
			return tf
		}, "belongs to example.com/dep, a dependency"},
		{"module cache", func(m *testModule) *token.File {
			tf := m.add(t, "a.go", src)
			m.scope.off = []offDir{{m.dir, "the module cache (GOMODCACHE)"}}
			return tf
		}, "lies in the module cache (GOMODCACHE)"},
		{"symbolic link out of the module", func(m *testModule) *token.File {
			target := filepath.Join(outside, "a.go")
			if err := os.WriteFile(target, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(m.dir, "a.go")
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			return m.analyzed(link, src, fileOwner{module: "example.com/m", dir: m.dir, main: true})
		}, "is a symbolic link to " + filepath.Join(outside, "a.go") + ", outside module example.com/m"},
		{"symbolic link in the module", func(m *testModule) *token.File {
			m.add(t, "real/a.go", src)
			link := filepath.Join(m.dir, "a.go")
			if err := os.Symlink(filepath.Join(m.dir, "real/a.go"), link); err != nil {
				t.Fatal(err)
			}
			return m.analyzed(link, src, fileOwner{module: "example.com/m", dir: m.dir, main: true})
		}, ""},
		{"generated file", func(m *testModule) *token.File {
			return m.add(t, "a.go", "// Code generated by stringer; DO NOT EDIT.\n\n"+src)
		}, "is a generated file"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newTestModule(t)
			tf := tc.setup(m)
			before := read(t, tf.Name())
			i := strings.Index(before, "1\n")
			res := m.apply(pending(tf, "x", i, i+1, "2"))
			if len(res.failed) != 0 {
				t.Fatalf("failed %v", res.failed)
			}
			after := read(t, tf.Name())
			if tc.reason == "" {
				if len(res.files) != 1 || !strings.HasSuffix(after, fixed) {
					t.Errorf("files %v not written %v; file %q", res.files, res.notWritten, after)
				}
				if fi, err := os.Lstat(tf.Name()); err == nil && tc.name == "symbolic link in the module" && fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the symbolic link was replaced by a file; want its target fixed")
				}
				return
			}
			if len(res.files) != 0 || after != before {
				t.Errorf("written %v: %q", res.files, after)
			}
			if len(res.notWritten) != 1 || !strings.Contains(res.notWritten[0].reason, tc.reason) {
				t.Errorf("not written %v; want the reason %q", res.notWritten, tc.reason)
			}
		})
	}
	if got := read(t, filepath.Join(outside, "a.go")); got != src {
		t.Errorf("the file outside the module was written: %q", got)
	}
}

func TestFixedContent(t *testing.T) {
	const bom = "\ufeff"
	clean := "package a\n\nimport (\n\t\"os\"\n)\n\nvar x = 1 // one\nvar yy = os.Args\n"
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	// Replace 1 with a longer name: gofmt realigns the comment after it,
	// and an import is inserted before the block's parenthesis.
	edits := func(src string) []edit {
		i := strings.Index(src, "1 //")
		j := strings.Index(src, ")")
		return []edit{{i, i + 1, "codeOne"}, {j, j, "\t\"errors\"\n"}}
	}
	fixed := "package a\n\nimport (\n\t\"errors\"\n\t\"os\"\n)\n\nvar x = codeOne // one\nvar yy = os.Args\n"
	unformatted := "package a\n\nimport (\n\t\"os\"\n)\n\nvar x  =  1 // one\nvar yy = os.Args\n"
	tests := []struct{ name, src, want string }{
		{"gofmt-formatted", clean, fixed},
		{"CRLF", crlf(clean), crlf(fixed)},
		{"BOM", bom + clean, bom + fixed},
		{"BOM and CRLF", bom + crlf(clean), bom + crlf(fixed)},
		{"not gofmt-formatted: the edits alone", unformatted,
			"package a\n\nimport (\n\t\"os\"\n\t\"errors\"\n)\n\nvar x  =  codeOne // one\nvar yy = os.Args\n"},
		{"CRLF, not gofmt-formatted", crlf(unformatted),
			crlf("package a\n\nimport (\n\t\"os\"\n\t\"errors\"\n)\n\nvar x  =  codeOne // one\nvar yy = os.Args\n")},
		{"mixed line endings: the edits alone", strings.Replace(crlf(clean), "\r\n", "\n", 1),
			strings.Replace(crlf("package a\n\nimport (\n\t\"os\"\n"), "\r\n", "\n", 1) + "\t\"errors\"\n" + crlf(")\n\nvar x = codeOne // one\nvar yy = os.Args\n")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := fixedContent([]byte(tc.src), edits(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

// TestMapBack maps edits in a file rewritten as cmd/cgo does back to the
// user's file, and refuses those it cannot map exactly.
func TestMapBack(t *testing.T) {
	user := "/m/main.go"
	src := "package main\n\nimport \"C\"\n\nfunc main() {\n\tf(3)\n\tg(int(C.int(4)), 5)\n}\n"
	gen := "// Code generated by cmd/cgo; DO NOT EDIT.\n\n//line /m/main.go:1:1\npackage main\n\nimport _ \"unsafe\"\n\nfunc main() {\n\tf(3)\n\tg(int( /*line :7:8*/_Ctype_int /*line :7:13*/(4)), 5)\n}\n"
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "/cache/gen.go", gen, parser.ParseComments); err != nil {
		t.Fatal(err)
	}
	var tf *token.File
	fset.Iterate(func(f *token.File) bool { tf = f; return false })
	at := func(s, sub string, i int) int {
		t.Helper()
		j := strings.Index(s, sub)
		if j < 0 {
			t.Fatalf("%q not in %q", sub, s)
		}
		return j + i
	}
	tests := []struct {
		name       string
		start, end int
		src        string
		want       int // offset in src; -1 when refused
	}{
		{"a line cmd/cgo copied", at(gen, "f(3)", 2), at(gen, "f(3)", 3), src, at(src, "f(3)", 2)},
		{"after a directive, on a line cmd/cgo rewrote", at(gen, "(4)", 1), at(gen, "(4)", 2), src, at(src, "(4)", 1)},
		{"the rest of the rewritten line", at(gen, ", 5)", 2), at(gen, ", 5)", 3), src, at(src, ", 5)", 2)},
		{"an insertion on a copied line", at(gen, "f(3)", 0), at(gen, "f(3)", 0), src, at(src, "f(3)", 0)},
		{"across what cmd/cgo rewrote", at(gen, "int( /*", 0), at(gen, "(4)", 2), src, -1},
		{"before a directive on the same run", at(gen, "g(int(", 0), at(gen, "g(int(", 1), src, -1},
		{"the user's file differs", at(gen, "f(3)", 2), at(gen, "f(3)", 3), strings.Replace(src, "f(3)", "h(3)", 1), -1},
		{"the import cmd/cgo replaced", at(gen, "_ \"unsafe\"", 0), at(gen, "_ \"unsafe\"", 1), src, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			start, end, ok := mapBack(tf, []byte(gen), []byte(tc.src), user, tc.start, tc.end)
			switch {
			case tc.want < 0 && ok:
				t.Errorf("mapped to %d-%d (%q); want refused", start, end, tc.src[start:end])
			case tc.want >= 0 && !ok:
				t.Errorf("refused; want %d", tc.want)
			case tc.want >= 0 && (start != tc.want || end-start != tc.end-tc.start):
				t.Errorf("mapped to %d-%d; want %d-%d", start, end, tc.want, tc.want+tc.end-tc.start)
			}
		})
	}
}

func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want failKind
	}{
		{&os.PathError{Op: "open", Path: "a.go", Err: syscall.EACCES}, failPermission},
		{&os.PathError{Op: "open", Path: "a.go", Err: syscall.EPERM}, failPermission},
		{&os.PathError{Op: "open", Path: "a.go", Err: syscall.EROFS}, failPermission},
		{&os.PathError{Op: "write", Path: "a.go", Err: syscall.ENOSPC}, failNoSpace},
		{&os.PathError{Op: "write", Path: "a.go", Err: syscall.EDQUOT}, failNoSpace},
		{&os.PathError{Op: "write", Path: "a.go", Err: syscall.EIO}, failIO},
		{errors.New("other"), failIO},
	} {
		if got := kindOf(tc.err); got != tc.want {
			t.Errorf("kindOf(%v) = %d; want %d", tc.err, got, tc.want)
		}
	}
}
