package contract

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
)

//go:embed doc.go
var doc string

// Analyzer computes the contract's types for every package and exports them
// as facts; its result answers the checks' questions about them.
var Analyzer = &analysis.Analyzer{
	Name:       "contract",
	Doc:        analyzerutil.Doc(doc, "contract"),
	URL:        analyzerutil.URL("contract"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{config.Analyzer},
	ResultType: reflect.TypeFor[*Contract](),
	FactTypes:  []analysis.Fact{(*enumFact)(nil), (*envelopeFact)(nil), (*packageFact)(nil), (*jsonFact)(nil)},
}

func init() { config.AddAlias(Analyzer, "enum") }

// Enum is what the contract knows of an exit-code enum type.
type Enum struct {
	Members []string // names of the member constants, sorted
	Values  []int64  // their values, in the order of Members
	Source  string   // "exitlint", "directive" or "flag"
}

// Member returns the name of the first member (in name order) whose value
// is n, or "".
func (e *Enum) Member(n int64) string {
	for i, v := range e.Values {
		if v == n && i < len(e.Members) {
			return e.Members[i]
		}
	}
	return ""
}

// enumFact marks a named integer type as an exit-code enum.
type enumFact struct{ Enum }

func (*enumFact) AFact() {}

func (f *enumFact) String() string {
	return "exitEnum(" + f.Source + ": " + strings.Join(f.Members, " ") + ")"
}

// Envelope is what the contract knows of a response envelope type.
type Envelope struct {
	OKField   string   // the Go field of its ok ("" for exitlint's, which has none)
	OKKey     string   // the JSON key of its ok: "ok", "success" or "status"; "" if it has none
	Source    string   // "exitlint", "directive" or "json"
	Factories []string // functions of the home package marked //exitlint:factory, sorted
	// Written reports that the declaring package writes the type as JSON
	// output. A type of the envelope's shape that it does not write is an
	// envelope only where another package writes it, or by its tags below.
	Written bool
	// Tagged reports that the ok field's JSON name is a json tag: the type
	// is declared to be written as JSON. Unrun reports that its package
	// writes it only outside the program's run: in an HTTP or MCP handler
	// (a peer's reply) or in code nothing calls. Nested reports that its
	// package holds it in a slice, array, map or struct field: an item of
	// the output's data (a batch's per-item status), not the output.
	Tagged, Unrun, Nested bool
	// Partial reports that the type has an ok but neither data nor error:
	// a status of its own ({ok, version}) unless the program's envelope,
	// spelled with the same ok, is in view. Written then means written
	// directly as the output, neither in a list nor as another envelope's
	// data; so it does for a type with no ok (OKKey ""), which two of
	// data, error, warnings and meta make an envelope.
	Partial bool
}

// envelopeFact marks a struct type as a response envelope.
type envelopeFact struct{ Envelope }

func (*envelopeFact) AFact() {}

func (f *envelopeFact) String() string {
	s := "envelope(" + f.Source
	if f.OKField != "" {
		s += " ok=" + f.OKField
	}
	if len(f.Factories) > 0 {
		s += " factory=" + strings.Join(f.Factories, ",")
	}
	if f.OKKey == "status" {
		s += " status"
	}
	if f.Partial {
		s += " partial"
	}
	if f.Source == "json" && !f.Written {
		s += " unwritten"
	}
	return s + ")"
}

// packageFact says a package declares contract types, so that a dependent
// package can tell cheaply whether any are in view.
type packageFact struct {
	Enums, Envelopes bool
}

func (*packageFact) AFact() {}

func (f *packageFact) String() string {
	return fmt.Sprintf("contract(enums=%t envelopes=%t)", f.Enums, f.Envelopes)
}

// Contract answers questions about the contract's types for one package.
//
// It is a snapshot taken during the pass: it holds what the facts say of
// every enum and envelope type in view, never the pass.
type Contract struct {
	pkg       *types.Package
	enums     map[*types.TypeName]*Enum
	envelopes map[*types.TypeName]*Envelope
	builders  map[*types.TypeName]builders // of the package's own envelope types
	out       *outputs
	module    string // the module path of the package being checked, "" if unknown
	// decoded holds the types this package's non-test code decodes JSON
	// into: models of another service's reply, never this program's envelope.
	decoded map[*types.TypeName]bool
	// EnumsInView and EnvelopesInView report whether this package or any of
	// its dependencies declares an enum or envelope; a check that cannot
	// apply returns at once when they are false.
	EnumsInView, EnvelopesInView bool
	// home reports that this package declares an envelope type, so its
	// factory lives here; factories are its functions marked
	// //exitlint:factory.
	home      bool
	factories []string
	// whole holds the ok keys of the whole envelopes (an ok and data or
	// error) in view: a type, or a literal this package writes. A partial
	// envelope is one only when the program's whole envelope has its ok.
	whole map[string]bool
	// literals are the map and anonymous struct literals the package
	// writes as its envelope.
	literals map[*ast.CompositeLit]*Literal
	run      *runSet
}

// Enum returns the enum t is (or the named type t is), or nil.
func (c *Contract) Enum(t types.Type) *Enum {
	tn := typeName(t)
	if tn == nil {
		return nil
	}
	return c.enums[tn]
}

// IsMember reports whether obj is a member constant of an exit-code enum.
func (c *Contract) IsMember(obj types.Object) bool {
	k, ok := obj.(*types.Const)
	if !ok {
		return false
	}
	f := c.Enum(k.Type())
	if f == nil || typeName(k.Type()).Pkg() != k.Pkg() {
		return false
	}
	i := sort.SearchStrings(f.Members, k.Name())
	return i < len(f.Members) && f.Members[i] == k.Name()
}

// Envelope returns the envelope's type name and what the contract knows of
// it if t is an envelope type (a pointer to one is not), or nil.
func (c *Contract) Envelope(t types.Type) (*types.TypeName, *Envelope) {
	tn := typeName(t)
	if tn == nil || c.decoded[tn] {
		return nil, nil
	}
	f := c.envelopes[tn]
	switch {
	case f == nil:
		return nil, nil
	case f.Source == "json" && c.out.replies[tn]:
		return nil, nil // the answer to one request read in a loop, built here
	case f.Source == "json" && (f.Partial || f.OKKey == "status") && f.Nested:
		return nil, nil // an item's status, held in a list or another value
	case f.Source == "json" && f.OKKey == "":
		// No ok to say what it is: only a value written as the output
		// itself is the envelope; one held in another value, or put as
		// an envelope's data, is a payload, one never written here or
		// where it is declared is nothing, and a library's ({data, meta,
		// links} documents a package writes for its callers) is no
		// envelope of this program.
		if f.Nested || c.out.wrappedTypes[tn] || !f.Written && !c.out.direct[tn] || !c.inModule(tn) {
			return nil, nil
		}
	case f.Partial:
		if !c.whole[f.OKKey] || !(f.Written || c.out.direct[tn] && !c.out.wrappedTypes[tn]) {
			return nil, nil
		}
	case f.Source == "json" && !f.Written && !c.out.written[tn] && !c.ownTagged(tn, f):
		return nil, nil
	}
	return tn, f
}

// Envelopes returns the envelope types in view that are envelopes where
// this package is (Envelope), in a stable order: by package path, then by
// position.
func (c *Contract) Envelopes() []*types.TypeName {
	var out []*types.TypeName
	for tn := range c.envelopes {
		if env, _ := c.Envelope(tn.Type()); env != nil {
			out = append(out, env)
		}
	}
	slices.SortFunc(out, func(a, b *types.TypeName) int {
		if a.Pkg() != b.Pkg() {
			return strings.Compare(a.Pkg().Path(), b.Pkg().Path())
		}
		return int(a.Pos() - b.Pos())
	})
	return out
}

// ownTagged reports whether an envelope-shaped type that no package in view
// writes is an envelope all the same: its ok is json-tagged (it is meant to
// be JSON), it is declared in the module being checked (no other service's
// reply, which would be decoded; no library's type), and no HTTP handler of
// its package writes it. Programs declare their output types in one package
// and write them in another.
func (c *Contract) ownTagged(tn *types.TypeName, f *Envelope) bool {
	if !f.Tagged || f.Unrun || f.Nested || c.module == "" {
		return false
	}
	return c.inModule(tn)
}

// inModule reports whether tn is declared in the module being checked.
func (c *Contract) inModule(tn *types.TypeName) bool {
	if tn.Pkg() == c.pkg {
		return true
	}
	return analyzerutil.InModule(tn.Pkg().Path(), c.module)
}

// LiteralEnvelope returns what the contract says of a map literal or a
// literal of an anonymous struct type when the package writes it as its
// response envelope, or nil (see doc.go for the evidence).
func (c *Contract) LiteralEnvelope(lit *ast.CompositeLit) *Literal { return c.literals[lit] }

// WritesLiterals reports whether the package writes any map or anonymous
// struct literal as its envelope.
func (c *Contract) WritesLiterals() bool { return len(c.literals) > 0 }

// OutsideRun reports whether code at pos is no part of a run of the
// program: a function nothing calls, or a handler of a peer's request (an
// HTTP handler, an MCP tool's) and what only handlers call. What it builds
// is no envelope of the program's run, and no exit code exists there.
func (c *Contract) OutsideRun(pos token.Pos) bool { return c.run.outside(pos) }

// InFactory reports whether code in fn (nil outside any function) of the
// current package may build envelopes of type env: the factory lives in the
// package that declares the envelope, narrowed to the functions marked
// //exitlint:factory when there are any.
//
// When none is marked, the factory is inferred from the package's code (see
// Builders): the one function that builds the envelope, or of several the
// one that derives ok from an exit code. When that leaves no single
// function, every function of the package may build it, and the handbuilt
// check asks, once, for a marked factory.
func (c *Contract) InFactory(env *types.TypeName, f *Envelope, fn *types.Func) bool {
	if env.Pkg() != c.pkg {
		return false
	}
	factories := f.Factories
	if len(factories) == 0 {
		inferred, ok := c.Inferred(env)
		if !ok {
			return true
		}
		factories = []string{inferred}
	}
	if fn == nil {
		return false
	}
	name := funcKey(fn)
	i := sort.SearchStrings(factories, name)
	return i < len(factories) && factories[i] == name
}

// Builders returns the functions of the package that build values of the
// envelope type env (composite literals and new), sorted by name, and
// whether the package marks a factory for it.
func (c *Contract) Builders(env *types.TypeName) (names []string, marked bool) {
	// Not len(Factories): the run gives an envelope that marks none its
	// inferred factory there.
	return c.builders[env].names(), env.Pkg() == c.pkg && len(c.factories) > 0
}

// Ambiguous returns the envelope types the package declares whose factory
// is neither marked nor inferred: several functions build them and not
// exactly one derives ok from an exit code.
func (c *Contract) Ambiguous() []*types.TypeName {
	var out []*types.TypeName
	for tn, b := range c.builders {
		if _, ok := c.Inferred(tn); !ok && len(b) > 1 && len(c.envelopes[tn].Factories) == 0 {
			if env, _ := c.Envelope(tn.Type()); env != nil {
				out = append(out, tn)
			}
		}
	}
	slices.SortFunc(out, func(a, b *types.TypeName) int { return int(a.Pos() - b.Pos()) })
	return out
}

// Inferred returns the factory of a local envelope type that marks none:
// its one builder, or the one builder that derives ok from an exit code.
// An envelope with no ok has no builder that sets it: only the one that
// reads an exit code is its factory (the one builder may be a failure
// writer that exits, which no success should be built with).
func (c *Contract) Inferred(env *types.TypeName) (string, bool) {
	b := c.builders[env]
	switch {
	case len(b) == 1 && (c.envelopes[env] == nil || c.envelopes[env].OKKey != ""):
		return b[0].name, true
	case len(b.deriving()) == 1:
		return b.deriving()[0].name, true
	}
	return "", false
}

// InHome reports whether code in fn (nil outside any function) of the
// current package is where the program builds envelopes: the package
// declares an envelope type, and fn is one of its factories if any function
// is marked //exitlint:factory. It answers for envelopes that have no type of
// their own: map literals and anonymous structs.
func (c *Contract) InHome(fn *types.Func) bool {
	if !c.home {
		return false
	}
	if len(c.factories) == 0 {
		return true
	}
	if fn == nil {
		return false
	}
	name := funcKey(fn)
	i := sort.SearchStrings(c.factories, name)
	return i < len(c.factories) && c.factories[i] == name
}

// funcKey names a function as factories are listed: "Name", or
// "Recv.Name" for a method.
func funcKey(fn *types.Func) string {
	name, _ := analyzerutil.FuncName(fn)
	return name
}

// typeName returns the declaring type name of a named type, a generic
// type's instance, or an alias of one; nil for anything else.
func typeName(t types.Type) *types.TypeName {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	enums := config.Enum.Of(pass)
	rs := findRun(pass)
	out := findOutputs(pass, rs)
	c := &Contract{pkg: pass.Pkg, decoded: out.read, out: out, run: rs, module: modulePath(pass), enums: map[*types.TypeName]*Enum{}, envelopes: map[*types.TypeName]*Envelope{}}
	pkgFact := &packageFact{}
	factories := factoryNames(pass)
	var nested map[*types.TypeName]bool // nestedTypes, once an envelope asks: most packages declare none
	status := statusTypes(pass.TypesInfo, nonTestFiles(pass), pass.Pkg)

	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if !ok || tn.IsAlias() {
					continue
				}
				docs := ts.Doc
				if docs == nil && len(gd.Specs) == 1 {
					docs = gd.Doc
				}
				if src := enumSource(tn, docs, enums); src != "" {
					names, values := members(pass, tn)
					f := &enumFact{Enum{Members: names, Values: values, Source: src}}
					c.enums[tn] = &f.Enum
					pass.ExportObjectFact(tn, f)
					pkgFact.Enums = true
				}
				if env := envelope(tn, docs, c.decoded[tn] || out.replies[tn], status[tn]); env != nil {
					env.Factories = factories
					env.Written = out.written[tn]
					if env.Partial || env.Source == "json" && env.OKKey == "" {
						env.Written = out.direct[tn] && !out.wrappedTypes[tn]
					}
					env.Unrun = out.unrun[tn] && !out.written[tn]
					env.Tagged = okTagged(tn, env.OKField)
					if nested == nil {
						nested = nestedTypes(pass)
					}
					env.Nested = nested[tn]
					if env.Source != "json" || env.Written && !env.Partial {
						c.home = true
					}
					c.envelopes[tn] = env
					pkgFact.Envelopes = true
				}
			}
		}
	}
	if pkgFact.Enums || pkgFact.Envelopes {
		pass.ExportPackageFact(pkgFact)
	}
	c.EnumsInView, c.EnvelopesInView = pkgFact.Enums, pkgFact.Envelopes
	c.factories = factories
	for _, pf := range pass.AllPackageFacts() {
		if f, ok := pf.Fact.(*packageFact); ok && pf.Package != pass.Pkg {
			c.EnumsInView = c.EnumsInView || f.Enums
			c.EnvelopesInView = c.EnvelopesInView || f.Envelopes
			c.importTypes(pass, pf.Package, f)
		}
	}
	// The envelope facts are exported once their factory is known: marked,
	// or inferred from the builders, which need the enums in view.
	c.builders = findBuilders(pass, c)
	for tn, env := range c.envelopes {
		if tn.Pkg() != pass.Pkg {
			continue
		}
		if inferred, ok := c.Inferred(tn); ok && len(env.Factories) == 0 {
			env.Factories = []string{inferred}
		}
		pass.ExportObjectFact(tn, &envelopeFact{*env})
	}
	c.whole = c.wholeTypes()
	c.literals = out.envelopes(c.whole)
	return c, nil
}

// wholeTypes returns the ok keys of the whole envelope types in view: an
// ok and data or error, and an envelope where this package is (Envelope).
func (c *Contract) wholeTypes() map[string]bool {
	whole := map[string]bool{}
	for tn, f := range c.envelopes {
		if !f.Partial && f.OKKey != "" {
			if env, _ := c.Envelope(tn.Type()); env != nil {
				whole[f.OKKey] = true
			}
		}
	}
	return whole
}

// importTypes reads the enum and envelope facts of the types of pkg, a
// dependency that declares some.
func (c *Contract) importTypes(pass *analysis.Pass, pkg *types.Package, f *packageFact) {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if f.Enums {
			if ef := new(enumFact); pass.ImportObjectFact(tn, ef) {
				c.enums[tn] = &ef.Enum
			}
		}
		if f.Envelopes {
			if vf := new(envelopeFact); pass.ImportObjectFact(tn, vf) {
				c.envelopes[tn] = &vf.Envelope
			}
		}
	}
}

// enumSource says why tn is an exit-code enum, or "" if it is not one.
func enumSource(tn *types.TypeName, docs *ast.CommentGroup, named []string) string {
	basic, ok := tn.Type().Underlying().(*types.Basic)
	if !ok || basic.Info()&types.IsInteger == 0 {
		return ""
	}
	path := tn.Pkg().Path() + "." + tn.Name()
	switch {
	case path == analyzerutil.ExitcodePath+".Code":
		return "exitlint"
	case analyzerutil.HasDirective(docs, "enum"):
		return "directive"
	}
	if slices.Contains(named, path) {
		return "flag"
	}
	return ""
}

// members lists the package-level constants of type tn.
func members(pass *analysis.Pass, tn *types.TypeName) (names []string, values []int64) {
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() { // sorted
		if k, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(k.Type(), tn.Type()) {
			v, _ := constant.Int64Val(constant.ToInt(k.Val()))
			names = append(names, name)
			values = append(values, v)
		}
	}
	return names, values
}

// Runtime returns exitlint's exitcode.Code and its enum, when the package
// or a dependency refers to the runtime.
func (c *Contract) Runtime() (*types.TypeName, *Enum) {
	for tn, f := range c.enums {
		if f.Source == "exitlint" {
			return tn, f
		}
	}
	return nil, nil
}

// EnumOf returns the enum type name and enum of t, or nil.
func (c *Contract) EnumOf(t types.Type) (*types.TypeName, *Enum) {
	tn := typeName(t)
	if tn == nil || c.enums[tn] == nil {
		return nil, nil
	}
	return tn, c.enums[tn]
}

// envelope decides whether tn is an envelope type: exitlint's, one marked
// by directive, or a struct with the envelope's JSON names. Its ok is the
// field under "ok", "success", or "status" when status is one of the types
// whose status says ok (statusOK); an "ok" or "success" must be a boolean.
// A struct with an ok but neither data nor
// error is a partial envelope: one only beside a whole one (Envelope). A
// struct with no ok but two of data, error, warnings and meta is an
// envelope without its ok, as a literal of that shape is (noOKShape): one
// only where it is written as the output itself (Envelope).
func envelope(tn *types.TypeName, docs *ast.CommentGroup, decoded, statusOK bool) *Envelope {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	fields, names := jsonNames(st, 0)
	okKey := ""
	for _, k := range okKeys {
		if fields[k] != "" && (k != "status" || statusOK) && (k == "status" || boolField(tn, fields[k])) {
			okKey = k
			break
		}
	}
	switch {
	case tn.Pkg().Path() == analyzerutil.EnvelopePath && tn.Name() == "Envelope":
		return &Envelope{Source: "exitlint", OKKey: "ok"}
	case analyzerutil.HasDirective(docs, "envelope"):
		return &Envelope{Source: "directive", OKField: fields[okKey], OKKey: okKey}
	case decoded:
		return nil
	case okKey == "":
		if !noOKShape(names) {
			return nil
		}
		return &Envelope{Source: "json"} // no ok: an envelope only where it is written as the output
	}
	return &Envelope{Source: "json", OKField: fields[okKey], OKKey: okKey, Partial: !payloadKeys(names)}
}

// boolField reports whether the field name of tn (promoted or not) is a
// boolean, or a pointer to one: an "ok" or "success" that counts
// (Success int64 beside an Error count in a run's statistics) is no ok.
func boolField(tn *types.TypeName, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(tn.Type(), false, tn.Pkg(), name)
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	t := v.Type()
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// nestedTypes finds the named struct types the package holds inside other
// values: as the element of a slice, array or map, or as a struct field,
// directly or through a pointer.
func nestedTypes(pass *analysis.Pass) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	elem := func(t types.Type) {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		if tn := typeName(t); tn != nil && tn.Pkg() == pass.Pkg {
			out[tn] = true
		}
	}
	seen := map[types.Type]bool{}
	visit := func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch u := types.Unalias(t).(type) {
		case *types.Slice:
			elem(u.Elem())
		case *types.Array:
			elem(u.Elem())
		case *types.Map:
			elem(u.Elem())
		case *types.Struct:
			for i := range u.NumFields() {
				if !u.Field(i).Anonymous() {
					elem(u.Field(i).Type())
				}
			}
		}
	}
	for _, tv := range pass.TypesInfo.Types {
		visit(tv.Type)
	}
	for _, obj := range pass.TypesInfo.Defs {
		if obj != nil {
			visit(obj.Type())
			if tn, ok := obj.(*types.TypeName); ok {
				visit(tn.Type().Underlying())
			}
		}
	}
	return out
}

// okTagged reports whether the struct's ok field has its JSON name from a
// json tag.
func okTagged(tn *types.TypeName, okField string) bool {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if st.Field(i).Name() == okField {
			name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
			return name != ""
		}
	}
	return false
}

func modulePath(pass *analysis.Pass) string { return analyzerutil.ModulePath(pass) }

// okFields maps each of okKeys to the Go name of the first field a struct
// encodes under it.
type okFields map[string]string

// ok returns the Go name of the field under "ok", else "success".
func (f okFields) ok() string {
	if f["ok"] != "" {
		return f["ok"]
	}
	return f["success"]
}

// jsonNames returns the lower-cased JSON key of each field encoding/json
// would encode or match (exported, not "-"; anonymous struct fields without
// a name are flattened), and the Go names of the fields under okKeys.
func jsonNames(st *types.Struct, depth int) (fields okFields, names map[string]bool) {
	fields = okFields{}
	names = jsonFields(st, depth, fields)
	return fields, names
}

// jsonFields adds to fields the Go name of the first field under each of
// okKeys, and returns the struct's JSON keys.
func jsonFields(st *types.Struct, depth int, fields okFields) map[string]bool {
	names := map[string]bool{}
	for _, f := range encodedFields(st, depth) {
		names[f.Key] = true
		if slices.Contains(okKeys, f.Key) && fields[f.Key] == "" {
			fields[f.Key] = f.Var.Name()
		}
	}
	return names
}

// Field is a struct field encoding/json encodes or matches: its key,
// lower-cased, and the field with its json tag (in the struct that
// declares it, an embedded one's included).
type Field struct {
	Key string
	Var *types.Var
	Tag string
}

// Options reports whether the field's json tag has the option opt
// ("omitempty", "omitzero").
func (f Field) Options(opt string) bool {
	_, opts, _ := strings.Cut(f.Tag, ",")
	for _, o := range strings.Split(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// Fields returns the fields encoding/json encodes for st, in order:
// exported and not tagged "-", with the fields of anonymous struct fields
// without a name in their place.
func Fields(st *types.Struct) []Field { return encodedFields(st, 0) }

func encodedFields(st *types.Struct, depth int) []Field {
	var out []Field
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" && tag == "-" {
			continue
		}
		if f.Anonymous() && name == "" && depth < 3 {
			t := f.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if inner, ok := t.Underlying().(*types.Struct); ok {
				out = append(out, encodedFields(inner, depth+1)...)
				continue
			}
		}
		if !f.Exported() {
			continue
		}
		if name == "" {
			name = f.Name()
		}
		out = append(out, Field{Key: strings.ToLower(name), Var: f, Tag: tag})
	}
	return out
}

// factoryNames lists the functions of the package marked //exitlint:factory,
// methods as "Recv.Name".
func factoryNames(pass *analysis.Pass) []string {
	var out []string
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || !analyzerutil.HasDirective(fd.Doc, "factory") {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				out = append(out, funcKey(fn))
			}
		}
	}
	sort.Strings(out)
	return out
}
