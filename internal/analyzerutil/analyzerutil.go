// Package analyzerutil holds the small pieces every exitlint analyzer uses:
// its documentation taken from its doc.go, its docs URL, a guard that turns
// a panic into an error, and the parsing of exitlint's directives.
package analyzerutil

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/version"
)

// DocsSource is how doc.go spells a link to a check's page: at main, the
// repository's newest. The pages under docs/checks link each other
// relatively (internal/cmd/checkdocs).
const DocsSource = repoBlob + "main/docs/checks/"

const repoBlob = "https://github.com/exitlint/exitlint/blob/"

// DocsBase is where each check's page lives for this build of exitlint:
// at its release's tag, or the revision it was built from, or main when
// the build information says neither (internal/version). Analyzer.URL is
// DocsBase + name + ".md", so that the pages the tool links to (findings,
// SARIF, editors, -explain) describe the checks it runs.
var DocsBase = Versioned(DocsSource)

// URL returns the docs page of the named analyzer.
func URL(name string) string { return DocsBase + name + ".md" }

// Versioned rewrites a link into exitlint's repository at main (as doc.go
// spells links) to this build's version of the same file; any other link
// is returned as it is.
func Versioned(url string) string {
	if !strings.HasPrefix(url, repoBlob+"main/") {
		return url
	}
	return VersionedText(url)
}

// VersionedText rewrites every link into exitlint's repository at main in
// text (a doc's link definitions) to this build's version of the file.
func VersionedText(text string) string {
	return strings.ReplaceAll(text, repoBlob+"main/", repoBlob+version.Read().Ref()+"/")
}

// Doc extracts the "# Analyzer NAME" section of a doc.go file's package
// comment, up to the next "# Analyzer" heading: the short summary on the
// first line ("NAME: " before it is dropped), then the long explanation. It panics if the section is missing, so a check whose
// docs are broken fails at start-up and in every test.
func Doc(docGo, name string) string {
	var comment []string
	inComment := false
	for _, line := range strings.Split(docGo, "\n") {
		switch {
		case strings.HasPrefix(line, "/*"):
			inComment = true
		case inComment && strings.HasPrefix(line, "*/"):
			inComment = false
		case inComment:
			comment = append(comment, line)
		case strings.HasPrefix(line, "//"):
			comment = append(comment, strings.TrimPrefix(strings.TrimPrefix(line, "//"), " "))
		}
	}
	heading := "# Analyzer " + name
	var out []string
	found := false
	for _, line := range comment {
		if strings.TrimSpace(line) == heading {
			found = true
			continue
		}
		if found {
			if strings.HasPrefix(line, "# Analyzer ") {
				break
			}
			out = append(out, line)
		}
	}
	if !found {
		panic(fmt.Sprintf("analyzerutil: doc.go has no %q section", heading))
	}
	for len(out) > 0 && strings.TrimSpace(out[0]) == "" {
		out = out[1:]
	}
	for len(out) > 0 && strings.TrimSpace(out[len(out)-1]) == "" {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		panic(fmt.Sprintf("analyzerutil: the %q section of doc.go is empty", heading))
	}
	out[0] = strings.TrimPrefix(out[0], name+": ")
	return strings.Join(out, "\n")
}

// Guard wraps an analyzer's Run so that a panic becomes the pass's error:
// the driver then reports that one check as failed on that package and keeps
// every other check's findings.
func Guard(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (result any, err error) {
		defer func() {
			if r := recover(); r != nil {
				result = nil
				err = fmt.Errorf("internal error: %s panicked on package %s: %v\n%s", pass.Analyzer.Name, pass.Pkg.Path(), r, debug.Stack())
			}
		}()
		return run(pass)
	}
}

// Directive is one //exitlint:NAME ARGS comment.
type Directive struct {
	Name string    // "ignore", "enum", ...
	Args string    // the rest of the line, trimmed
	Pos  token.Pos // the position of the "//"
	End  token.Pos
}

// Directives returns the exitlint directives of a comment group.
func Directives(cg *ast.CommentGroup) []Directive {
	if cg == nil {
		return nil
	}
	var out []Directive
	for _, c := range cg.List {
		if d, ok := ast.ParseDirective(c.Slash, c.Text); ok && d.Tool == "exitlint" {
			out = append(out, Directive{Name: d.Name, Args: d.Args, Pos: c.Slash, End: c.End()})
		}
	}
	return out
}

// FuncDecls yields the package's function declarations with their objects,
// in source order.
func FuncDecls(pass *analysis.Pass) iter.Seq2[*ast.FuncDecl, *types.Func] {
	return func(yield func(*ast.FuncDecl, *types.Func) bool) {
		for _, file := range pass.Files {
			for _, decl := range file.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok {
					continue
				}
				fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
				if !ok {
					continue
				}
				if !yield(fd, fn) {
					return
				}
			}
		}
	}
}

// VarDecls yields the package-level var declarations of the package's
// non-test files, in source order.
func VarDecls(pass *analysis.Pass) iter.Seq[*ast.GenDecl] {
	return func(yield func(*ast.GenDecl) bool) {
		for _, file := range pass.Files {
			if InTestFile(pass.Fset, file.Pos()) {
				continue
			}
			for _, decl := range file.Decls {
				if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					if !yield(gd) {
						return
					}
				}
			}
		}
	}
}

// VarValues yields the package-level variables of the package's non-test
// files that are declared with a value each (var a, b = x, y), with the
// value, in source order.
func VarValues(pass *analysis.Pass) iter.Seq2[*types.Var, ast.Expr] {
	return func(yield func(*types.Var, ast.Expr) bool) {
		for gd := range VarDecls(pass) {
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) != len(vs.Names) {
					continue
				}
				for i, name := range vs.Names {
					if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok && !yield(v, vs.Values[i]) {
						return
					}
				}
			}
		}
	}
}

// ImportedVars yields, once each, the package-level variables of other
// packages that the package's code refers to: the only ones whose facts
// its code can ask about.
func ImportedVars(pass *analysis.Pass) iter.Seq[*types.Var] {
	return func(yield func(*types.Var) bool) {
		for _, v := range RefsOf(pass).Vars {
			if !yield(v) {
				return
			}
		}
	}
}

// FuncName names a function within its package: "Name", or "Recv.Name" for
// a method (pointer receivers, generic instances and aliases included). The
// second result is false for a method whose receiver is no named type.
func FuncName(fn *types.Func) (string, bool) {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name(), true
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj().Name() + "." + fn.Name(), true
	}
	return fn.Name(), false
}

// InTestFile reports whether pos lies in a _test.go file. exitlint's checks
// leave test files alone where their subject is the command's behaviour:
// a test binary's exits and the envelopes a test builds to compare with are
// no part of the contract.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// DirectiveNames are the exitlint directives there are.
var DirectiveNames = []string{"enum", "envelope", "factory", "file-ignore", "ignore", "sideeffect"}

// HasDirective reports whether the comment group holds //exitlint:name.
func HasDirective(cg *ast.CommentGroup, name string) bool {
	for _, d := range Directives(cg) {
		if d.Name == name {
			return true
		}
	}
	return false
}

// Funcs is a set of functions named as types.Func.FullName spells them
// ("os.Exit", "(*log.Logger).Fatal"). Checks ask it about every call they
// see, and most callees are in no package the set names, so Name answers
// those without building the function's full name.
type Funcs struct {
	pkgs  map[string]bool
	names map[string]bool
	// short are the names' last parts, the functions' own names ("Exit",
	// "Fatal"): a full name ends with its function's, so Has answers a
	// function whose name is none of them without building its full name.
	short map[string]bool
}

// NewFuncs returns the set of the named functions.
func NewFuncs(lists ...[]string) *Funcs {
	f := &Funcs{pkgs: map[string]bool{}, names: map[string]bool{}, short: map[string]bool{}}
	for _, list := range lists {
		for _, name := range list {
			f.names[name] = true
			f.pkgs[PkgOfFullName(name)] = true
			f.short[name[strings.LastIndex(name, ".")+1:]] = true
		}
	}
	return f
}

// Name returns fn's full name if fn's package is one the set names (whether
// or not fn is in the set), so that the caller may look it up in its own
// tables too; otherwise "" and false.
func (f *Funcs) Name(fn *types.Func) (string, bool) {
	if fn == nil || fn.Pkg() == nil || !f.pkgs[fn.Pkg().Path()] {
		return "", false
	}
	return fn.FullName(), true
}

// Package reports whether the set names a function of the package path.
func (f *Funcs) Package(path string) bool { return f.pkgs[path] }

// Has reports whether fn is in the set.
func (f *Funcs) Has(fn *types.Func) bool {
	if fn == nil || !f.short[fn.Name()] {
		return false
	}
	name, ok := f.Name(fn)
	return ok && f.names[name]
}

// PkgOfFullName returns the package path of a function named as
// types.Func.FullName spells it: "k8s.io/klog/v2" for "k8s.io/klog/v2.Fatal",
// "log" for "(*log.Logger).Fatal".
func PkgOfFullName(name string) string {
	if rest, ok := strings.CutPrefix(name, "("); ok {
		recv, _, _ := strings.Cut(rest, ")")
		name = strings.TrimPrefix(recv, "*") // "pkg.Type"
	}
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[:i]
	}
	return name
}

// InStd reports whether the package being analyzed is part of the standard
// library: its files lie under GOROOT/src, and not under GOROOT/src/cmd (the
// Go commands, which no program imports). What the standard library does is
// known by name (the exit functions, the fatals, the side-effect
// catalogue), so exitlint's passes export no facts for its packages, and
// under go vet exitlint skips standard packages it is asked about only for
// their facts.
func InStd(pass *analysis.Pass) bool {
	return len(pass.Files) > 0 && StdFile(pass.Fset.File(pass.Files[0].Pos()).Name())
}

// StdFile reports whether a Go file belongs to the standard library: it lies
// under GOROOT/src, and not under GOROOT/src/cmd. InStd is this rule applied
// to a pass; the standalone driver applies it to go list's packages to read
// the standard library from export data.
func StdFile(name string) bool {
	if goroot == "" {
		return false
	}
	name = filepath.Clean(name)
	return strings.HasPrefix(name, goroot) && !strings.HasPrefix(name, goroot+"cmd"+string(filepath.Separator))
}

// StdDir reports whether a package's directory is the standard library's,
// by StdFile's rule.
func StdDir(dir string) bool { return StdFile(filepath.Join(dir, "_")) }

// goroot is GOROOT/src/ of the Go installation exitlint runs with.
var goroot = func() string {
	if r := build.Default.GOROOT; r != "" {
		return filepath.Join(filepath.Clean(r), "src") + string(filepath.Separator)
	}
	return ""
}()

// Imports reports whether pkg imports any of the paths directly.
func Imports(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p {
				return true
			}
		}
	}
	return false
}

// NameIdent returns the identifier an expression names: x itself, or the
// selected name of x.Sel (through parentheses); nil for anything else.
func NameIdent(e ast.Expr) *ast.Ident {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// Unconvert returns e without the parentheses and the conversions around
// it: int(codes.NotFound) is codes.NotFound.
func Unconvert(info *types.Info, e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return e
		}
		if tv, ok := info.Types[call.Fun]; !ok || !tv.IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// Conversion returns the type e converts to and its operand, when e is a
// conversion (int(code), errJustExit(2)).
func Conversion(info *types.Info, e ast.Expr) (types.Type, ast.Expr, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil, false
	}
	tv, ok := info.Types[call.Fun]
	if !ok || !tv.IsType() {
		return nil, nil, false
	}
	return tv.Type, call.Args[0], true
}

// IsNil reports whether e is the predeclared nil (through parentheses).
func IsNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[ast.Unparen(e)]
	return ok && tv.IsNil()
}

// StdPackage reports whether the import path names a package of the
// standard library: a directory of GOROOT/src, not under cmd/. Export data
// records no reliable file names, so a package's path is asked, not its
// files.
func StdPackage(path string) bool {
	if goroot == "" || path == "" || path == "cmd" || strings.HasPrefix(path, "cmd/") {
		return false
	}
	if v, ok := stdPackages.Load(path); ok {
		return v.(bool)
	}
	info, err := os.Stat(filepath.Join(goroot, filepath.FromSlash(path)))
	std := err == nil && info.IsDir()
	stdPackages.Store(path, std)
	return std
}

var stdPackages sync.Map // import path → bool

// AssignedValues returns the expressions n (a function's body, or any
// statement) assigns to the local variable v: in assignments and
// declarations, and for the first of the
// variables a multi-valued call is assigned to (req, err := f()), that
// call. complete is false when some assignment gives v a value that is no
// expression of its own (the second result of such a call).
func AssignedValues(info *types.Info, v *types.Var, n ast.Node) (values []ast.Expr, complete bool) {
	complete = true
	is := func(id *ast.Ident) bool { return info.Defs[id] == v || info.Uses[id] == v }
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || !is(id) {
					continue
				}
				switch {
				case len(n.Rhs) == len(n.Lhs):
					values = append(values, n.Rhs[i])
				case len(n.Rhs) == 1 && i == 0:
					values = append(values, n.Rhs[0])
				default:
					complete = false
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if !is(id) {
					continue
				}
				switch {
				case len(n.Values) == len(n.Names):
					values = append(values, n.Values[i])
				case len(n.Values) == 1 && i == 0:
					values = append(values, n.Values[0])
				case len(n.Values) > 0:
					complete = false
				}
			}
		}
		return true
	})
	return values, complete
}

// Words splits an identifier into its lower-case words, at case changes,
// underscores and digits' edges: "ExitNotFound" is exit, not, found;
// "EXIT_NOT_FOUND" and "exitNotFound" the same; "HTTPStatusOK" is http,
// status, ok.
func Words(name string) []string {
	var words []string
	runes := []rune(name)
	start := 0
	flush := func(end int) {
		if end > start {
			words = append(words, strings.ToLower(string(runes[start:end])))
		}
		start = end
	}
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case r == '_':
			flush(i)
			start = i + 1
		case i > start && unicode.IsUpper(r) && unicode.IsLower(runes[i-1]):
			flush(i) // exitNot|Found
		case i > start && unicode.IsUpper(r) && i+1 < len(runes) && unicode.IsLower(runes[i+1]) && unicode.IsUpper(runes[i-1]):
			flush(i) // HTTP|Status
		case i > start && unicode.IsDigit(r) != unicode.IsDigit(runes[i-1]):
			flush(i)
		}
	}
	flush(len(runes))
	return words
}

// FileOf returns the file of the pass that holds pos, or nil.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// ModulePath returns the path of the module the pass's package belongs to:
// pass.Module's, "" when the package is in no module (the standard
// library, GOPATH mode). A driver that leaves pass.Module unset, as Bazel's
// nogo does (Bazel has no Go modules), gets a guess from the import path:
// the repository root where the host's layout says it (github.com/ORG/REPO,
// gitlab.com/..., golang.org/x/NAME, gopkg.in/NAME), else the first two
// elements of a path that begins with a domain, else its first element.
func ModulePath(pass *analysis.Pass) string {
	if pass.Module != nil {
		return pass.Module.Path
	}
	return GuessModule(pass.Pkg.Path())
}

// GuessModule guesses the module path of a package from its import path
// alone (see ModulePath).
func GuessModule(pkgPath string) string {
	parts := strings.Split(pkgPath, "/")
	n := 1
	switch {
	case !strings.Contains(parts[0], "."):
		n = 1
	case parts[0] == "github.com", parts[0] == "gitlab.com", parts[0] == "bitbucket.org", parts[0] == "codeberg.org",
		parts[0] == "golang.org" && len(parts) > 1 && parts[1] == "x":
		n = 3
	default:
		n = 2
	}
	return strings.Join(parts[:min(n, len(parts))], "/")
}

// IsError reports whether t is the predeclared error type.
func IsError(t types.Type) bool { return types.Identical(t, errorType) }

var errorType = types.Universe.Lookup("error").Type()

// LocalValues returns what body assigns to the local variable of body an
// identifier names, when every assignment is known and there is one at
// least; ok is false otherwise.
func LocalValues(info *types.Info, e ast.Expr, body *ast.BlockStmt) (values []ast.Expr, ok bool) {
	id, isID := ast.Unparen(e).(*ast.Ident)
	if !isID || body == nil {
		return nil, false
	}
	v, isVar := info.Uses[id].(*types.Var)
	if !isVar || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil, false
	}
	values, complete := AssignedValues(info, v, body)
	return values, complete && len(values) > 0
}

// ConstString returns the value of a constant string expression (a
// literal, a named constant, a constant expression), and false for
// anything else.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	if e == nil {
		return "", false
	}
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// LiteralType returns the type a composite literal builds, nil when the
// literal has none: T for a literal whose recorded type is *T (an element
// of a []*T or map[K]*T literal written without its &).
func LiteralType(info *types.Info, lit *ast.CompositeLit) types.Type {
	t := info.TypeOf(lit)
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// PointerReceiver returns the named type of a method's pointer receiver
// (T of func (*T) M), or nil.
func PointerReceiver(fn *types.Func) *types.TypeName {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	p, ok := recv.Type().(*types.Pointer)
	if !ok {
		return nil
	}
	if n, ok := p.Elem().(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// IsNamedType reports whether t (aliases followed) is the named type name
// of the package at path.
func IsNamedType(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// InModule reports whether the package path lies in module: is it, or
// below it. An empty module holds nothing.
func InModule(path, module string) bool {
	return module != "" && (path == module || strings.HasPrefix(path, module+"/"))
}

// IsInteger reports whether t's underlying type is an integer type.
func IsInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// Required returns the analyzers and every analyzer they require, directly
// or not, each once, in an order where each comes after those it requires.
func Required(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	var out []*analysis.Analyzer
	seen := map[*analysis.Analyzer]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			visit(req)
		}
		out = append(out, a)
	}
	for _, a := range analyzers {
		visit(a)
	}
	return out
}

// FieldStores yields, for each x.f = v of an assignment with as many values
// as targets, the field selection and the value stored.
func FieldStores(info *types.Info, as *ast.AssignStmt) iter.Seq2[*types.Selection, ast.Expr] {
	return func(yield func(*types.Selection, ast.Expr) bool) {
		if len(as.Lhs) != len(as.Rhs) {
			return
		}
		for i, lhs := range as.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if s, ok := info.Selections[sel]; ok && s.Kind() == types.FieldVal && !yield(s, as.Rhs[i]) {
				return
			}
		}
	}
}

// FieldValue returns the value a literal of struct type st gives the field
// named name, keyed or by position, and whether it gives one.
func FieldValue(st *types.Struct, lit *ast.CompositeLit, name string) (ast.Expr, bool) {
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == name {
				return kv.Value, true
			}
		} else if i < st.NumFields() && st.Field(i).Name() == name {
			return elt, true
		}
	}
	return nil, false
}

// Quoted lists words as messages name them: "data", "meta".
func Quoted(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return strings.Join(q, ", ")
}

// IdentVar returns the variable an identifier expression names, through
// parentheses, or nil.
func IdentVar(info *types.Info, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := info.ObjectOf(id).(*types.Var)
	return v
}
