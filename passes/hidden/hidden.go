package hidden

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

//go:embed doc.go
var doc string

// Analyzer finds the package's hidden commands and flags: the function
// bodies that run only through a hidden command, and the variables and
// reads that tell whether a hidden flag is set.
var Analyzer = &analysis.Analyzer{
	Name:       "hidden",
	Doc:        analyzerutil.Doc(doc, "hidden"),
	URL:        analyzerutil.URL("hidden"),
	Run:        analyzerutil.Guard(run),
	ResultType: reflect.TypeFor[*Hidden](),
}

// Hidden knows the package's hidden commands and flags.
//
// It is a snapshot taken during the pass: the package's type information
// and what it found, never the pass.
type Hidden struct {
	info *types.Info
	// bodies are the function bodies that run only through a hidden
	// command, in source order.
	bodies []Body
	// vars are the variables and struct fields only a hidden flag sets,
	// with the flag's name ("--act-as-worker").
	vars map[*types.Var]string
	// names are the names of urfave/cli flags that are hidden and that no
	// visible flag of the package shares, read by c.Bool("name").
	names map[string]bool
}

// Body is a function body that runs only through a hidden command.
type Body struct {
	Pos, End token.Pos
	Command  string // "hidden command db-proxy-child"
}

// Bodies returns the function bodies that run only through a hidden
// command, in source order.
func (h *Hidden) Bodies() []Body {
	if h == nil {
		return nil
	}
	return h.bodies
}

// Empty reports whether the package has no hidden command or flag.
func (h *Hidden) Empty() bool {
	return h == nil || len(h.bodies) == 0 && len(h.vars) == 0 && len(h.names) == 0
}

// Set returns the hidden flag that e is true only when it is set: a read
// of a bool variable or field only a hidden flag sets, `s != ""` of a
// string one, c.Bool("name"), c.IsSet("name") or c.String("name") != "" of
// a hidden urfave/cli flag.
func (h *Hidden) Set(e ast.Expr) (string, bool) {
	if h.Empty() {
		return "", false
	}
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.NEQ {
		return h.nonEmpty(b)
	}
	if !isBool(h.info.TypeOf(e)) {
		return "", false
	}
	return h.read(e)
}

// Unset returns the hidden flag that e is false only when it is set:
// `s == ""` of a string variable or field only a hidden flag sets (`!x` is
// the caller's to see through).
func (h *Hidden) Unset(e ast.Expr) (string, bool) {
	if h.Empty() {
		return "", false
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.EQL {
		return h.nonEmpty(b)
	}
	return "", false
}

// nonEmpty returns the hidden string flag that one side of the comparison
// b reads when the other side is the constant "".
func (h *Hidden) nonEmpty(b *ast.BinaryExpr) (string, bool) {
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if isEmptyString(h.info, pair[1]) && isString(h.info.TypeOf(pair[0])) {
			if name, ok := h.read(pair[0]); ok {
				return name, true
			}
		}
	}
	return "", false
}

// read returns the hidden flag e reads the value of: a variable or field
// only the flag sets, or a urfave/cli lookup of the flag by name.
func (h *Hidden) read(e ast.Expr) (string, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := h.info.Uses[x].(*types.Var); ok {
			name, ok := h.vars[v]
			return name, ok
		}
	case *ast.SelectorExpr:
		if v, ok := h.info.Uses[x.Sel].(*types.Var); ok && v.IsField() {
			name, ok := h.vars[v]
			return name, ok
		}
	case *ast.CallExpr:
		if name, ok := urfaveLookup(h.info, x); ok && h.names[name] {
			return "--" + name, true
		}
	}
	return "", false
}

func run(pass *analysis.Pass) (any, error) {
	h := &Hidden{info: pass.TypesInfo, vars: map[*types.Var]string{}, names: map[string]bool{}}
	f := &finder{pass: pass, info: pass.TypesInfo, h: h}
	f.commands()
	f.pflagVars()
	f.urfaveFlags()
	f.taggedFields()
	f.dropAssigned()
	slices.SortFunc(h.bodies, func(a, b Body) int { return int(a.Pos - b.Pos) })
	return h, nil
}

// finder walks the package's non-test files for hidden commands and flags.
type finder struct {
	pass *analysis.Pass
	info *types.Info
	h    *Hidden
	// bound are the addresses (&x) that a hidden flag's binding takes:
	// every other &x of the variable lets other code set it.
	bound map[*ast.UnaryExpr]bool
}

// files yields the package's non-test files.
func (f *finder) files() []*ast.File {
	var out []*ast.File
	for _, file := range f.pass.Files {
		if !analyzerutil.InTestFile(f.pass.Fset, file.Pos()) {
			out = append(out, file)
		}
	}
	return out
}

// Command frameworks: the packages whose Command type has a Hidden field
// and run functions, and those functions' field names.
var (
	cobraPkgs  = []string{"github.com/spf13/cobra"}
	urfavePkgs = []string{"github.com/urfave/cli", "github.com/urfave/cli/v2", "github.com/urfave/cli/v3"}
	pflagPkgs  = []string{"github.com/spf13/pflag"}
	// runFields are the fields of a command whose function runs only when
	// the command line names the command (or, for the persistent ones, a
	// subcommand of it, as hidden as it is).
	runFields = map[string]bool{
		"Run": true, "RunE": true, "PreRun": true, "PreRunE": true, "PostRun": true, "PostRunE": true,
		"PersistentPreRun": true, "PersistentPreRunE": true, "PersistentPostRun": true, "PersistentPostRunE": true,
		"Action": true, "Before": true, "After": true,
	}
)

// namedIn reports whether t (or what it points to) is the named type name
// of one of the packages.
func namedIn(t types.Type, name string, pkgs []string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Name() != name {
		return false
	}
	return slices.Contains(pkgs, n.Obj().Pkg().Path())
}

// commands finds the composite literals of cobra's and urfave/cli's
// Command with Hidden: true and no non-empty Deprecated, and records the
// bodies of their run functions: function literals, and functions of the
// package that nothing else refers to.
func (f *finder) commands() {
	if !analyzerutil.Imports(f.pass.Pkg, append(cobraPkgs, urfavePkgs...)...) {
		return
	}
	var once map[types.Object]int // references of each of the package's functions, once asked
	for _, file := range f.files() {
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			t := f.info.TypeOf(lit)
			if t == nil || !namedIn(t, "Command", cobraPkgs) && !namedIn(t, "Command", urfavePkgs) {
				return true
			}
			fields := keyed(lit)
			if !isTrue(f.info, fields["Hidden"]) || deprecated(f.info, fields["Deprecated"]) {
				return true
			}
			name := "hidden command"
			for _, key := range []string{"Use", "Name"} {
				if s, ok := analyzerutil.ConstString(f.info, fields[key]); ok && len(strings.Fields(s)) > 0 {
					name += " " + strings.Fields(s)[0]
					break
				}
			}
			for key, v := range fields {
				if !runFields[key] {
					continue
				}
				switch v := ast.Unparen(v).(type) {
				case *ast.FuncLit:
					f.h.bodies = append(f.h.bodies, Body{Pos: v.Body.Pos(), End: v.Body.End(), Command: name})
				case *ast.Ident, *ast.SelectorExpr:
					fn, ok := f.info.Uses[analyzerutil.NameIdent(v)].(*types.Func)
					if !ok || fn.Pkg() != f.pass.Pkg {
						continue
					}
					if once == nil {
						once = f.funcRefs()
					}
					if once[fn] != 1 || fn.Exported() && f.pass.Pkg.Name() != "main" {
						continue // shared with other code, or open to importers
					}
					if fd := f.funcDecl(fn); fd != nil && fd.Body != nil {
						f.h.bodies = append(f.h.bodies, Body{Pos: fd.Body.Pos(), End: fd.Body.End(), Command: name})
					}
				}
			}
			return true
		})
	}
}

// funcRefs counts the references to each function of the package, test
// files included: a function a test calls directly is no hidden command's
// alone, but the test is no agent either; the count is conservative.
func (f *finder) funcRefs() map[types.Object]int {
	refs := map[types.Object]int{}
	for id, obj := range f.info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == f.pass.Pkg && !analyzerutil.InTestFile(f.pass.Fset, id.Pos()) {
			refs[fn]++
		}
	}
	return refs
}

// funcDecl returns the declaration of the package's function fn.
func (f *finder) funcDecl(fn *types.Func) *ast.FuncDecl {
	for fd, obj := range analyzerutil.FuncDecls(f.pass) {
		if obj == fn {
			return fd
		}
	}
	return nil
}

// pflagVars finds the variables bound to a flag that the same function
// marks hidden: fs.BoolVar(&x, "name", …) (BoolVarP, StringVar,
// StringVarP) and fs.MarkHidden("name") on the same flag set, spelled
// the same, in the same function.
func (f *finder) pflagVars() {
	if !analyzerutil.Imports(f.pass.Pkg, append(cobraPkgs, pflagPkgs...)...) {
		return
	}
	type key struct{ set, name string }
	for _, file := range f.files() {
		for _, decl := range file.Decls {
			binds := map[key][]*ast.UnaryExpr{}
			marked := map[key]bool{}
			ast.Inspect(decl, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
				fn, _ := typeutil.Callee(f.info, call).(*types.Func)
				if !ok || fn == nil || fn.Signature().Recv() == nil || !namedIn(fn.Signature().Recv().Type(), "FlagSet", pflagPkgs) {
					return true
				}
				set := types.ExprString(sel.X)
				switch fn.Name() {
				case "BoolVar", "BoolVarP", "StringVar", "StringVarP":
					if len(call.Args) < 2 {
						return true
					}
					addr, ok := ast.Unparen(call.Args[0]).(*ast.UnaryExpr)
					name, named := analyzerutil.ConstString(f.info, call.Args[1])
					if ok && addr.Op == token.AND && named {
						k := key{set, name}
						binds[k] = append(binds[k], addr)
					}
				case "MarkHidden":
					if len(call.Args) == 1 {
						if name, ok := analyzerutil.ConstString(f.info, call.Args[0]); ok {
							marked[key{set, name}] = true
						}
					}
				}
				return true
			})
			for k, addrs := range binds {
				if !marked[k] {
					continue
				}
				for _, addr := range addrs {
					f.bind(addr, "--"+k.name)
				}
			}
		}
	}
}

// bind records that the address addr (&x, &s.f) is bound to the hidden
// flag name: x or f is then the flag's, unless other code sets it
// (dropAssigned).
func (f *finder) bind(addr *ast.UnaryExpr, name string) {
	var v *types.Var
	switch x := ast.Unparen(addr.X).(type) {
	case *ast.Ident:
		v, _ = f.info.Uses[x].(*types.Var)
	case *ast.SelectorExpr:
		v, _ = f.info.Uses[x.Sel].(*types.Var)
	}
	if v == nil || !isBool(v.Type()) && !isString(v.Type()) {
		return
	}
	if v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
		return // a local variable: the flag outlives it; not followed
	}
	if f.bound == nil {
		f.bound = map[*ast.UnaryExpr]bool{}
	}
	f.bound[addr] = true
	f.h.vars[v] = name
}

// urfaveFlags finds urfave/cli's BoolFlag and StringFlag literals with
// Hidden: true: their Destination variables, and their names (and
// aliases) when no visible flag of the package shares one.
func (f *finder) urfaveFlags() {
	if !analyzerutil.Imports(f.pass.Pkg, urfavePkgs...) {
		return
	}
	hidden, visible := map[string]bool{}, map[string]bool{}
	for _, file := range f.files() {
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			kind, ok := urfaveFlag(f.info.TypeOf(lit))
			if !ok {
				return true
			}
			fields := keyed(lit)
			names := flagNames(f.info, fields)
			if !isTrue(f.info, fields["Hidden"]) || kind != "BoolFlag" && kind != "StringFlag" {
				for _, name := range names {
					visible[name] = true
				}
				return true
			}
			for _, name := range names {
				hidden[name] = true
			}
			if addr, ok := ast.Unparen(fields["Destination"]).(*ast.UnaryExpr); ok && addr.Op == token.AND && len(names) > 0 {
				f.bind(addr, "--"+names[0])
			}
			return true
		})
	}
	for name := range hidden {
		if !visible[name] {
			f.h.names[name] = true
		}
	}
	// A Destination shared with a visible flag is the visible flag's too.
	for v, name := range f.h.vars {
		if visible[strings.TrimPrefix(name, "--")] {
			delete(f.h.vars, v)
		}
	}
}

// urfaveFlag returns the kind of urfave/cli flag a literal's type is
// ("BoolFlag"), and whether it is one: a type of the package whose name
// ends in Flag, or v3's alias of its generic FlagBase (BoolFlag =
// FlagBase[bool, …]), whose first type argument says the kind.
func urfaveFlag(t types.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if a, ok := t.(*types.Alias); ok && a.Obj().Pkg() != nil && slices.Contains(urfavePkgs, a.Obj().Pkg().Path()) {
		return a.Obj().Name(), strings.HasSuffix(a.Obj().Name(), "Flag")
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || !slices.Contains(urfavePkgs, n.Obj().Pkg().Path()) {
		return "", false
	}
	if n.Obj().Name() == "FlagBase" && n.TypeArgs().Len() > 0 {
		switch {
		case isBool(n.TypeArgs().At(0)):
			return "BoolFlag", true
		case isString(n.TypeArgs().At(0)):
			return "StringFlag", true
		}
		return "FlagBase", true
	}
	return n.Obj().Name(), strings.HasSuffix(n.Obj().Name(), "Flag")
}

// flagNames returns a urfave/cli flag literal's Name and Aliases.
func flagNames(info *types.Info, fields map[string]ast.Expr) []string {
	var names []string
	if s, ok := analyzerutil.ConstString(info, fields["Name"]); ok && s != "" {
		names = append(names, s)
	}
	if lit, ok := ast.Unparen(fields["Aliases"]).(*ast.CompositeLit); ok {
		for _, e := range lit.Elts {
			if s, ok := analyzerutil.ConstString(info, e); ok && s != "" {
				names = append(names, s)
			}
		}
	}
	return names
}

// urfaveLookup returns the flag name a call looks up on urfave/cli's
// Context (v1, v2) or Command (v3): c.Bool("name"), c.IsSet("name"),
// c.String("name").
func urfaveLookup(info *types.Info, call *ast.CallExpr) (string, bool) {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Signature().Recv() == nil || len(call.Args) != 1 {
		return "", false
	}
	recv := fn.Signature().Recv().Type()
	if !namedIn(recv, "Context", urfavePkgs) && !namedIn(recv, "Command", urfavePkgs) {
		return "", false
	}
	switch fn.Name() {
	case "Bool", "IsSet", "String":
		return analyzerutil.ConstString(info, call.Args[0])
	}
	return "", false
}

// Struct-tag frameworks: go-flags hides a field tagged hidden:"true" (any
// non-empty value; only "true" is taken here), kong one tagged hidden:""
// or hidden:"true".
var (
	goFlagsPkgs = []string{"github.com/jessevdk/go-flags"}
	kongPkgs    = []string{"github.com/alecthomas/kong"}
)

// taggedFields finds the bool and string fields of the package's structs
// that go-flags or kong parse as hidden flags, and kong's hidden commands
// (a field tagged cmd:"" and hidden): the Run method of the command's type
// when no other field of the package has that type.
func (f *finder) taggedFields() {
	goFlags := analyzerutil.Imports(f.pass.Pkg, goFlagsPkgs...)
	kong := analyzerutil.Imports(f.pass.Pkg, kongPkgs...)
	if !goFlags && !kong {
		return
	}
	fieldTypes := map[*types.TypeName]int{} // how many fields have each type
	var kongCmds []*types.Var
	var refs map[types.Object]int
	for _, file := range f.files() {
		ast.Inspect(file, func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for _, field := range st.Fields.List {
				if tn := typeName(f.info.TypeOf(field.Type)); tn != nil {
					fieldTypes[tn] += max(len(field.Names), 1)
				}
				if field.Tag == nil || len(field.Names) != 1 {
					continue
				}
				tag, err := strconv.Unquote(field.Tag.Value)
				if err != nil {
					continue
				}
				v, ok := f.info.Defs[field.Names[0]].(*types.Var)
				if !ok {
					continue
				}
				st := reflect.StructTag(tag)
				hv, has := st.Lookup("hidden")
				_, isCmd := st.Lookup("cmd")
				_, isArg := st.Lookup("arg")
				switch {
				case kong && has && (hv == "" || hv == "true") && isCmd:
					kongCmds = append(kongCmds, v)
				case kong && has && (hv == "" || hv == "true") && !isArg,
					goFlags && hv == "true" && (st.Get("long") != "" || st.Get("short") != ""):
					if isBool(v.Type()) || isString(v.Type()) {
						f.h.vars[v] = "--" + flagName(st, v)
					}
				}
			}
			return true
		})
	}
	for _, v := range kongCmds {
		tn := typeName(v.Type())
		if tn == nil || tn.Pkg() != f.pass.Pkg || fieldTypes[tn] != 1 {
			continue // another field runs the same command visibly
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, f.pass.Pkg, "Run")
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() != f.pass.Pkg {
			continue
		}
		if refs == nil {
			refs = f.funcRefs()
		}
		if fd := f.funcDecl(fn); fd != nil && fd.Body != nil && refs[fn] == 0 {
			f.h.bodies = append(f.h.bodies, Body{Pos: fd.Body.Pos(), End: fd.Body.End(), Command: "hidden command " + kongName(v)})
		}
	}
}

// flagName is the long name go-flags or kong gives a field's flag.
func flagName(st reflect.StructTag, v *types.Var) string {
	for _, key := range []string{"long", "name"} {
		if s := st.Get(key); s != "" {
			return s
		}
	}
	return kongName(v)
}

// kongName is the name kong derives from a field's: its words in lower
// case, joined by '-'.
func kongName(v *types.Var) string {
	return strings.Join(analyzerutil.Words(v.Name()), "-")
}

// typeName returns the named type t is or points to.
func typeName(t types.Type) *types.TypeName {
	if t == nil {
		return nil
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// dropAssigned forgets the variables and fields that code of the package
// other than a hidden flag's binding may set: an assignment of anything
// but false or "" (x = true, s.f = v, x, y = f()), an address taken
// elsewhere (&x), a composite literal's key (Options{Worker: w}), a range
// statement's variable.
func (f *finder) dropAssigned() {
	if len(f.h.vars) == 0 {
		return
	}
	target := func(e ast.Expr) *types.Var {
		id := analyzerutil.NameIdent(e)
		if id == nil {
			return nil
		}
		v, _ := f.info.Uses[id].(*types.Var)
		if v == nil {
			v, _ = f.info.Defs[id].(*types.Var)
		}
		return v
	}
	drop := map[*types.Var]bool{}
	for _, file := range f.files() {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					v := target(lhs)
					if v == nil {
						continue
					}
					if len(n.Rhs) != len(n.Lhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE || !isZero(f.info, n.Rhs[i]) {
						drop[v] = true
					}
				}
			case *ast.IncDecStmt:
				if v := target(n.X); v != nil {
					drop[v] = true
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND && !f.bound[n] {
					if v := target(n.X); v != nil {
						drop[v] = true
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if v := target(e); v != nil {
						drop[v] = true
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok {
					if v, ok := f.info.Uses[id].(*types.Var); ok && v.IsField() && !isZero(f.info, n.Value) {
						drop[v] = true
					}
				}
			}
			return true
		})
	}
	for v := range drop {
		delete(f.h.vars, v)
	}
}

// keyed returns a composite literal's keyed elements by key name.
func keyed(lit *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				out[id.Name] = kv.Value
			}
		}
	}
	return out
}

// isTrue reports whether e is the constant true.
func isTrue(info *types.Info, e ast.Expr) bool {
	if e == nil {
		return false
	}
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
}

// isZero reports whether e is the constant false or "".
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(tv.Value)
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	}
	return false
}

// deprecated reports whether a command's Deprecated field may be set: a
// deprecated command is still run by the scripts that used it.
func deprecated(info *types.Info, e ast.Expr) bool {
	if e == nil {
		return false
	}
	s, ok := analyzerutil.ConstString(info, e)
	return !ok || s != ""
}

// isEmptyString reports whether e is the constant "".
func isEmptyString(info *types.Info, e ast.Expr) bool {
	s, ok := analyzerutil.ConstString(info, e)
	return ok && s == ""
}

// isBool reports whether t's underlying type is bool.
func isBool(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// isString reports whether t's underlying type is string.
func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}
