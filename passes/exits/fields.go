package exits

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/objectpath"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// Codes carried in fields cross packages too. A CLI's error type keeps
// its exit code in a field (cli.ExitError{Code: …}), the commands of other
// packages build it — in a literal, or through a constructor
// (cli.NewExitError(cli.ExitGeneric, msg)) — and main exits with the field
// (os.Exit(ee.Code)). No single package sees both ends, so each records
// what it stores into such fields: a field store fact on the package, and
// on a constructor a code fact's Fields (which parameter it stores into
// which field). The package that exits with the field gathers the stores
// from every package it imports, directly or not.

// FieldParam is a parameter a function stores into a field that may hold
// an exit code (codeLike): Field is the field's key (fieldKey).
type FieldParam struct {
	Param int
	Field string
}

// fieldStoreFact marks a package that stores constants into fields that
// may hold exit codes, its own types' or other packages': for each field
// (by fieldKey, in key order, so that the fact encodes the same every
// time), the constants and where they are.
type fieldStoreFact struct {
	Stores []FieldStores
}

// FieldStores are the constants a package stores into one field.
type FieldStores struct {
	Field   string
	Sources []Source
}

func (*fieldStoreFact) AFact() {}

func (f *fieldStoreFact) String() string {
	var parts []string
	for _, fs := range f.Stores {
		var vals []string
		for _, s := range fs.Sources {
			vals = append(vals, s.Text)
		}
		parts = append(parts, fieldDisplay(fs.Field)+": "+strings.Join(vals, ", "))
	}
	return "fieldStores(" + strings.Join(parts, "; ") + ")"
}

// fieldKey names a struct field across packages: its package's path and
// its object path (objectpath.For), then, after "#", the field as a reader
// knows it ("ExitError.Code"); "" for a field that has no object path (a
// field of an unnamed struct type).
func fieldKey(v *types.Var) string {
	if v == nil || v.Pkg() == nil {
		return ""
	}
	p, err := objectpath.For(v)
	if err != nil {
		return ""
	}
	typeName, _, _ := strings.Cut(string(p), ".")
	return v.Pkg().Path() + "." + string(p) + "#" + typeName + "." + v.Name()
}

// fieldKey is fieldKey(v), computed once per field: objectpath.For walks
// the package's scope each time.
func (fl *flow) fieldKey(v *types.Var) string {
	if k, ok := fl.keys[v]; ok {
		return k
	}
	k := fieldKey(v)
	if tn := fl.carried[v]; tn != nil {
		k = carrierKey(tn)
	}
	fl.keys[v] = k
	return k
}

// FieldKey is the key a FieldParam names a field by (fieldKey), for the
// passes that know the field by its object.
func FieldKey(v *types.Var) string { return fieldKey(v) }

// fieldDisplay returns the part of a field key a message shows:
// "ExitError.Code".
func fieldDisplay(key string) string {
	_, name, _ := strings.Cut(key, "#")
	return name
}

// codeLike reports whether an integer field may hold an exit code for the
// packages that import its type: a field of an error type (the code an
// error carries to main), or one named for codes or statuses. Other
// integer fields (a count, a port) are followed only within the package
// where they reach an exit.
func codeLike(v *types.Var, owner types.Type) bool {
	if v == nil || !v.IsField() || v.Pkg() == nil || analyzerutil.StdPackage(v.Pkg().Path()) || !analyzerutil.IsInteger(v.Type()) {
		return false
	}
	for _, w := range analyzerutil.Words(v.Name()) {
		switch w {
		case "code", "status", "exit", "rc":
			return true
		}
	}
	return owner != nil && implementsError(owner)
}

// implementsError reports whether t or *t implements error.
func implementsError(t types.Type) bool {
	iface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
}

// fieldOwner returns the struct type (through pointers) whose field a
// selector or a composite literal names, nil when unknown.
func fieldOwner(info *types.Info, e ast.Expr) types.Type {
	t := info.TypeOf(e)
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	return t
}

// callsIndex indexes, once, the package's calls of its own functions
// (outside tests): for following a parameter back to the arguments its
// callers give.
func (fl *flow) callsIndex() map[*types.Func][]callAt {
	if fl.calls != nil {
		return fl.calls
	}
	fl.calls = map[*types.Func][]callAt{}
	for fn := range fl.bodies() {
		ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if callee, ok := typeutil.Callee(fl.pass.TypesInfo, call).(*types.Func); ok && callee.Pkg() == fl.pass.Pkg {
					fl.calls[callee.Origin()] = append(fl.calls[callee.Origin()], callAt{fn, call})
				}
			}
			return true
		})
	}
	return fl.calls
}

// callAt is a call and the function it is in.
type callAt struct {
	fn   summary.Func
	call *ast.CallExpr
}

// argsTo yields, for each call of fn in the package, the argument at
// parameter j and the function the call is in.
func (fl *flow) argsTo(fn *types.Func, j int, yield func(summary.Func, ast.Expr)) {
	if variadicAt(fn, j) {
		return
	}
	for _, c := range fl.callsIndex()[fn.Origin()] {
		if j < len(c.call.Args) {
			yield(c.fn, c.call.Args[j])
		}
	}
}

// constructorStores yields the arguments a call gives to parameters that
// its callee, of this package or another, stores into fields (its code
// fact's Fields), with the field.
func (fl *flow) constructorStores(call *ast.CallExpr, yield func(arg ast.Expr, field *types.Var)) {
	callee, ok := typeutil.Callee(fl.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return
	}
	f := fl.facts.Of(callee)
	if f == nil {
		return
	}
	for _, fp := range f.Fields {
		if fp.Param < len(call.Args) && !variadicAt(callee, fp.Param) {
			if v := fl.fieldByKey(fp.Field); v != nil {
				fl.knownCodeLike[v] = true // its constructor's package judged it so
				yield(call.Args[fp.Param], v)
			}
		}
	}
}

// isCodeLike is codeLike for a field the package's stores name, with the
// struct type they name it in; a field a constructor's fact names is one.
func (fl *flow) isCodeLike(v *types.Var) bool {
	return fl.knownCodeLike[v] || codeLike(v, fl.owners[v])
}

// addField adds fp to a sorted list of field parameters, once.
func addField(list []FieldParam, fp FieldParam) []FieldParam {
	cmp := func(a, b FieldParam) int {
		if a.Param != b.Param {
			return a.Param - b.Param
		}
		return strings.Compare(a.Field, b.Field)
	}
	i, found := slices.BinarySearchFunc(list, fp, cmp)
	if found {
		return list
	}
	return slices.Insert(list, i, fp)
}

// fieldByKey finds the field a key names, among the package's own types
// and those of the packages it imports, directly or not.
func (fl *flow) fieldByKey(key string) *types.Var {
	if v, ok := fl.byKey[key]; ok {
		return v
	}
	if fl.closure == nil {
		fl.closure = importClosure(fl.pass.Pkg)
	}
	var found *types.Var
	for path, pkg := range fl.closure {
		if rest, ok := strings.CutPrefix(key, path+"."); ok {
			rest, _, _ = strings.Cut(rest, "#")
			if obj, err := objectpath.Object(pkg, objectpath.Path(rest)); err == nil {
				found, _ = obj.(*types.Var)
				if tn, ok := obj.(*types.TypeName); ok && intErrorType(tn.Type()) != nil {
					found = fl.carrier(tn)
				}
				if found != nil {
					break
				}
			}
		}
	}
	fl.byKey[key] = found
	return found
}

// importedStores returns the constants the packages this one imports,
// directly or not, store into the field (their field store facts).
func (fl *flow) importedStores(v *types.Var) []Source {
	key := fl.fieldKey(v)
	if key == "" {
		return nil
	}
	if fl.allStores == nil {
		fl.allStores = map[string][]Source{}
		for _, pf := range fl.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*fieldStoreFact); ok && pf.Package != fl.pass.Pkg {
				for _, fs := range f.Stores {
					fl.allStores[fs.Field] = append(fl.allStores[fs.Field], fs.Sources...)
				}
			}
		}
	}
	return fl.allStores[key]
}

// fieldStoreFacts records the constants the package stores into fields
// that may hold exit codes (codeLike), directly or through its functions'
// parameters or other packages' constructors, and exports them as a
// package fact for the packages that exit with such a field.
func (fl *flow) fieldStoreFacts() {
	stores := map[string][]Source{}
	seen := map[analyzerutil.Loc]bool{}
	for fn := range fl.bodies() {
		fl.stores(fn, fl.isCodeLike, func(val ast.Expr, v *types.Var) {
			key := fl.fieldKey(v)
			if key == "" {
				return
			}
			fl.constSources(fn, val, nil, map[any]bool{}, func(s Source) {
				if !seen[s.Pos] && len(stores[key]) < maxSources {
					seen[s.Pos] = true
					stores[key] = append(stores[key], s)
				}
			})
		})
	}
	if len(stores) == 0 {
		return
	}
	f := &fieldStoreFact{}
	for _, key := range slices.Sorted(maps.Keys(stores)) {
		f.Stores = append(f.Stores, FieldStores{Field: key, Sources: stores[key]})
	}
	fl.pass.ExportPackageFact(f)
}

// paramAt is a parameter of a function, for cutting cycles when a value is
// followed back through callers.
type paramAt struct {
	fn    *types.Func
	param int
}

// constSources yields the constants e, in fn, may be, as sources: through
// local variables (origins), through fn's parameters back to the arguments
// the package's calls give them, and through a field it reads to what this
// package and the ones it imports store there (a constructor given
// cfgErr.Code stores another error's code). visited cuts cycles.
func (fl *flow) constSources(fn summary.Func, e ast.Expr, ret *ast.ReturnStmt, visited map[any]bool, yield func(Source)) {
	fl.origins(fn, e, func(o origin) {
		switch {
		case o.konst != nil:
			if s, ok := fl.source(o.konst, ret); ok {
				yield(s)
			}
		case o.param >= 0:
			at := paramAt{fn.Obj, o.param}
			if visited[at] {
				return
			}
			visited[at] = true
			fl.argsTo(fn.Obj, o.param, func(caller summary.Func, arg ast.Expr) {
				fl.constSources(caller, arg, nil, visited, yield)
			})
		case o.status != nil && o.status.IsField() && !visited[o.status]:
			visited[o.status] = true
			fl.storedSourcesVisited(o.status, visited, yield)
			for _, s := range fl.importedStores(o.status) {
				yield(s)
			}
		case o.result != nil && !visited[sinkKey{o.result, o.okOnly}]:
			// A code a function of the package returns and the caller
			// stores (c, kind := classify(code); &ExitError{Code: c}):
			// the function's constant returns, as its result fact has them.
			visited[sinkKey{o.result, o.okOnly}] = true
			if g, ok := fl.decl[o.result]; ok && !fl.inTest(g.Decl) && !fl.otherUse(g.Obj) {
				for _, s := range fl.forward(g).Sources {
					if o.okOnly && s.WithError {
						continue // errorGated
					}
					s.Chain = append(slices.Clone(s.Chain), fl.name(g.Obj))
					yield(s)
				}
			}
		case o.foreign != nil && !o.foreign.Other:
			for _, s := range o.foreign.Sources {
				if o.okOnly && s.WithError {
					continue // errorGated
				}
				s.Chain = append(slices.Clone(s.Chain), analyzerutil.CallName(o.callee))
				yield(s)
			}
		}
	})
}

// fieldName spells a field for messages: "cli.ExitError.Code" when the
// struct type the package names it in is known, else "cli.Code".
func (fl *flow) fieldName(v *types.Var) string {
	prefix := ""
	if v.Pkg() != fl.pass.Pkg {
		prefix = v.Pkg().Name() + "."
	}
	if n, ok := types.Unalias(fl.owners[v]).(*types.Named); ok {
		return prefix + n.Obj().Name() + "." + v.Name()
	}
	return prefix + v.Name()
}
