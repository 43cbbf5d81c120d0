package reach

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// A method is no root: it runs when code the program runs calls it by
// name on a concrete value (a reference like a function's), or calls a
// method of its name through an interface its value was converted to.
// The record of a declaration says which of the three it does (Refs,
// Calls, Boxes), and which interface values it hands on (Lifts):
//
//   - x.M(), x.M as a value, T.M: a reference to the method;
//   - i.M() on an interface or a type parameter: a call of the name M,
//     which runs M of every type a reached declaration boxed into an
//     interface of the module;
//   - a value of type T converted to an interface the module declares
//     (an argument, an assignment, a return, an element of a composite
//     literal, a send, an explicit conversion): a box of T's methods;
//   - a value converted to an interface declared elsewhere (error,
//     io.Writer, sort.Interface, any, an interface literal): the value
//     leaves the program's sight. Another package, fmt, encoding/json, a
//     framework calling a command's Run by reflection, may call any of its
//     methods, and the methods of what it holds (fields, elements), so the
//     declaration refers to them all;
//   - a value of a module interface converted to another interface: a
//     lift, after which what was boxed into the first may run as the
//     second's; lifted out of the module, every box of it runs.
//
// Evidence: thinktank's loggers (five Fatal and FatalContext methods that
// exit; commands log through the logger interface's other methods, and the
// wrappers forwarding to Fatal have no callers), gobuster's Logger.Fatalln,
// which nothing calls. An error type's ExitCode method stays reached: its
// values are handed on as error, an interface declared outside the
// module. The cost, as for exported functions before:
// a method of a library the module also ships that only other programs
// call (godog's TestSuite.Run, called by the test runner its CLI
// generates) is left out with its codes.
//
// What the pass cannot see is kept: an interface value handed by
// reflection, a type argument of a generic function of another package
// (whose code may convert it to any), an interface declared inside a
// function body (named by its package and name, so two of one name count
// as one).

// A Box says that a declaration converts values whose methods are
// Methods (their keys) into Iface, an interface of the module or a type
// parameter of one of its generic declarations: those methods run when a
// reached declaration calls a method of their name through an interface,
// or lifts Iface out of the module.
type Box struct {
	Iface   string   `json:"iface"`
	Methods []string `json:"methods"`
}

// A Lift says that a declaration converts a value of From, an interface
// of the module (or a type parameter), into To, another of them, or,
// when To is empty, into an interface declared outside the module.
type Lift struct {
	From string `json:"from"`
	To   string `json:"to,omitempty"`
}

// typeParamKey names a type parameter as a Box's or a Lift's interface.
func typeParamKey(tp *types.TypeParam) string {
	obj := tp.Obj()
	if obj.Pkg() == nil {
		return "typeparam:" + obj.Name()
	}
	return "typeparam:" + obj.Pkg().Path() + "." + obj.Name()
}

// dynamic collects what one declaration does with method values.
type dynamic struct {
	info   *types.Info
	module string
	msets  *typeutil.MethodSetCache
	refs   map[string]bool
	calls  map[string]bool
	boxes  map[string]map[string]bool
	lifts  map[Lift]bool
}

func newDynamic(pass *analysis.Pass, module string, msets *typeutil.MethodSetCache) *dynamic {
	return &dynamic{
		info:   pass.TypesInfo,
		module: module,
		msets:  msets,
		refs:   map[string]bool{},
		calls:  map[string]bool{},
		boxes:  map[string]map[string]bool{},
		lifts:  map[Lift]bool{},
	}
}

// fill adds what the declaration does with method values to its record.
func (d *dynamic) fill(r *Record) {
	for _, k := range slices.Sorted(maps.Keys(d.refs)) {
		if !slices.Contains(r.Refs, k) {
			r.Refs = append(r.Refs, k)
		}
	}
	r.Calls = slices.Sorted(maps.Keys(d.calls))
	for iface, methods := range d.boxes {
		r.Boxes = append(r.Boxes, Box{Iface: iface, Methods: slices.Sorted(maps.Keys(methods))})
	}
	slices.SortFunc(r.Boxes, func(a, b Box) int { return cmp.Compare(a.Iface, b.Iface) })
	for l := range d.lifts {
		r.Lifts = append(r.Lifts, l)
	}
	slices.SortFunc(r.Lifts, func(a, b Lift) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To))
	})
}

// walk visits n, a function's body (sig its signature) or a package-level
// value spec (sig nil).
func (d *dynamic) walk(n ast.Node, sig *types.Signature) {
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			inner, _ := d.info.TypeOf(m).(*types.Signature)
			d.walk(m.Body, inner)
			return false
		case *ast.SelectorExpr:
			d.selection(m)
		case *ast.Ident:
			d.instance(m)
		case *ast.CallExpr:
			d.call(m)
		case *ast.AssignStmt:
			if m.Tok == token.ASSIGN || m.Tok == token.DEFINE {
				d.assign(m.Lhs, m.Rhs)
			}
		case *ast.ValueSpec:
			if m.Type != nil {
				t := d.info.TypeOf(m.Type)
				for _, v := range m.Values {
					d.flow(t, d.info.TypeOf(v))
				}
			}
		case *ast.ReturnStmt:
			if sig != nil {
				d.many(sig.Results(), m.Results)
			}
		case *ast.CompositeLit:
			d.composite(m)
		case *ast.SendStmt:
			if ch, ok := coreType(d.info.TypeOf(m.Chan)).(*types.Chan); ok {
				d.flow(ch.Elem(), d.info.TypeOf(m.Value))
			}
		}
		return true
	})
}

// selection notes a method named on a value: a call of its name through
// an interface or a type parameter, else a reference to the method.
func (d *dynamic) selection(sel *ast.SelectorExpr) {
	s := d.info.Selections[sel]
	if s == nil || s.Kind() == types.FieldVal {
		return
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		d.calls[fn.Name()] = true
		return
	}
	d.method(fn)
}

// method refers to fn, a method of a concrete type, when the module
// declares it.
func (d *dynamic) method(fn *types.Func) {
	fn = fn.Origin()
	if fn.Pkg() != nil && analyzerutil.InModule(fn.Pkg().Path(), d.module) {
		d.refs[Key(fn)] = true
	}
}

// instance notes the type arguments of an instantiation: boxed into the
// type parameters of a generic declaration of the module, handed out of
// sight to one of another package.
func (d *dynamic) instance(id *ast.Ident) {
	inst, ok := d.info.Instances[id]
	if !ok {
		return
	}
	obj := d.info.Uses[id]
	if obj == nil || obj.Pkg() == nil || !analyzerutil.InModule(obj.Pkg().Path(), d.module) {
		for i := 0; i < inst.TypeArgs.Len(); i++ {
			d.escape(inst.TypeArgs.At(i), map[types.Type]bool{})
		}
		return
	}
	var params *types.TypeParamList
	switch obj := obj.(type) {
	case *types.Func:
		params = obj.Signature().TypeParams()
	case *types.TypeName:
		if n, ok := types.Unalias(obj.Type()).(*types.Named); ok {
			params = n.TypeParams()
		}
	}
	for i := 0; i < inst.TypeArgs.Len(); i++ {
		if params == nil || i >= params.Len() {
			d.escape(inst.TypeArgs.At(i), map[types.Type]bool{})
			continue
		}
		d.flow(params.At(i), inst.TypeArgs.At(i))
	}
}

// call notes the conversions of a call's arguments to its parameters, of
// an explicit conversion's operand, and of append's and panic's operands.
func (d *dynamic) call(call *ast.CallExpr) {
	if tv, ok := d.info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			d.flow(tv.Type, d.info.TypeOf(call.Args[0]))
		}
		return
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := d.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "append":
				if s, ok := coreType(d.info.TypeOf(call.Args[0])).(*types.Slice); ok && !call.Ellipsis.IsValid() {
					for _, a := range call.Args[1:] {
						d.flow(s.Elem(), d.info.TypeOf(a))
					}
				}
			case "panic":
				// A recovered value is anybody's: fmt prints it.
				if len(call.Args) == 1 {
					d.flow(types.NewInterfaceType(nil, nil), d.info.TypeOf(call.Args[0]))
				}
			}
			return
		}
	}
	sig, ok := coreType(d.info.TypeOf(call.Fun)).(*types.Signature)
	if !ok {
		return
	}
	param := func(i int) types.Type {
		n := sig.Params().Len()
		if sig.Variadic() && i >= n-1 {
			last := sig.Params().At(n - 1).Type()
			if call.Ellipsis.IsValid() {
				return last
			}
			if s, ok := coreType(last).(*types.Slice); ok {
				return s.Elem()
			}
			return nil
		}
		if i < n {
			return sig.Params().At(i).Type()
		}
		return nil
	}
	if len(call.Args) == 1 {
		if tup, ok := d.info.TypeOf(call.Args[0]).(*types.Tuple); ok {
			for i := 0; i < tup.Len(); i++ {
				d.flow(param(i), tup.At(i).Type())
			}
			return
		}
	}
	for i, a := range call.Args {
		d.flow(param(i), d.info.TypeOf(a))
	}
}

// assign notes the conversions of an assignment's values to its
// operands' types.
func (d *dynamic) assign(lhs, rhs []ast.Expr) {
	if len(lhs) == len(rhs) {
		for i := range lhs {
			d.flow(d.info.TypeOf(lhs[i]), d.info.TypeOf(rhs[i]))
		}
		return
	}
	if len(rhs) != 1 {
		return
	}
	if tup, ok := d.info.TypeOf(rhs[0]).(*types.Tuple); ok {
		for i := 0; i < tup.Len() && i < len(lhs); i++ {
			d.flow(d.info.TypeOf(lhs[i]), tup.At(i).Type())
		}
	}
}

// many notes the conversions of values (or one call's results) to the
// types of a tuple: a return statement's to the function's results.
func (d *dynamic) many(to *types.Tuple, values []ast.Expr) {
	if len(values) == to.Len() {
		for i, v := range values {
			d.flow(to.At(i).Type(), d.info.TypeOf(v))
		}
		return
	}
	if len(values) != 1 {
		return
	}
	if tup, ok := d.info.TypeOf(values[0]).(*types.Tuple); ok {
		for i := 0; i < tup.Len() && i < to.Len(); i++ {
			d.flow(to.At(i).Type(), tup.At(i).Type())
		}
	}
}

// composite notes the conversions of a composite literal's elements to
// its fields', elements' and keys' types.
func (d *dynamic) composite(lit *ast.CompositeLit) {
	t := coreType(d.info.TypeOf(lit))
	if p, ok := t.(*types.Pointer); ok {
		t = coreType(p.Elem())
	}
	value := func(e ast.Expr) ast.Expr {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			return kv.Value
		}
		return e
	}
	switch t := t.(type) {
	case *types.Struct:
		for i, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := d.info.Uses[id].(*types.Var); ok {
						d.flow(f.Type(), d.info.TypeOf(kv.Value))
					}
				}
				continue
			}
			if i < t.NumFields() {
				d.flow(t.Field(i).Type(), d.info.TypeOf(e))
			}
		}
	case *types.Slice:
		for _, e := range lit.Elts {
			d.flow(t.Elem(), d.info.TypeOf(value(e)))
		}
	case *types.Array:
		for _, e := range lit.Elts {
			d.flow(t.Elem(), d.info.TypeOf(value(e)))
		}
	case *types.Map:
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				d.flow(t.Key(), d.info.TypeOf(kv.Key))
			}
			d.flow(t.Elem(), d.info.TypeOf(value(e)))
		}
	}
}

// flow notes a value of type from used as one of type to: a box, a lift
// or a hand-off out of sight when to is an interface (or a type
// parameter) and from is not the same type.
func (d *dynamic) flow(to, from types.Type) {
	if to == nil || from == nil || types.Identical(to, from) || !types.IsInterface(to) {
		return
	}
	if _, ok := from.(*types.Tuple); ok {
		return
	}
	toKey := d.ifaceKey(to)
	if types.IsInterface(from) {
		if fromKey := d.ifaceKey(from); fromKey != "" && fromKey != toKey {
			d.lifts[Lift{From: fromKey, To: toKey}] = true
		}
		return
	}
	if toKey == "" {
		d.escape(from, map[types.Type]bool{})
		return
	}
	ms := d.msets.MethodSet(from)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || types.IsInterface(fn.Signature().Recv().Type()) {
			continue
		}
		fn = fn.Origin()
		if fn.Pkg() == nil || !analyzerutil.InModule(fn.Pkg().Path(), d.module) {
			continue
		}
		if d.boxes[toKey] == nil {
			d.boxes[toKey] = map[string]bool{}
		}
		d.boxes[toKey][Key(fn)] = true
	}
}

// ifaceKey names t, an interface or a type parameter, when the module
// declares it; "" for an interface declared elsewhere or written as a
// literal, whose values the pass does not follow.
func (d *dynamic) ifaceKey(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return typeParamKey(t)
	case *types.Named:
		obj := t.Origin().Obj()
		if obj.Pkg() != nil && analyzerutil.InModule(obj.Pkg().Path(), d.module) {
			return Key(obj)
		}
	}
	return ""
}

// escape refers to every method of the module that a value of type t, or
// anything it holds, may be called with once out of sight; an interface
// of the module it holds is lifted out of the module.
func (d *dynamic) escape(t types.Type, seen map[types.Type]bool) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	if types.IsInterface(t) {
		if k := d.ifaceKey(t); k != "" {
			d.lifts[Lift{From: k}] = true
		}
		return
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if _, isPtr := n.Underlying().(*types.Pointer); !isPtr {
			ms := d.msets.MethodSet(types.NewPointer(n))
			for i := 0; i < ms.Len(); i++ {
				if fn, ok := ms.At(i).Obj().(*types.Func); ok && !types.IsInterface(fn.Signature().Recv().Type()) {
					d.method(fn)
				}
			}
		}
		if n.Obj().Pkg() == nil || !analyzerutil.InModule(n.Obj().Pkg().Path(), d.module) {
			return // what another package's type holds is its own
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		d.escape(u.Elem(), seen)
	case *types.Slice:
		d.escape(u.Elem(), seen)
	case *types.Array:
		d.escape(u.Elem(), seen)
	case *types.Chan:
		d.escape(u.Elem(), seen)
	case *types.Map:
		d.escape(u.Key(), seen)
		d.escape(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			d.escape(u.Field(i).Type(), seen)
		}
	}
}

// coreType is t's underlying type, or a type parameter's core type when
// all its types share one.
func coreType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	var core types.Type
	iface, _ := tp.Constraint().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		u, ok := iface.EmbeddedType(i).(*types.Union)
		if !ok {
			continue
		}
		for j := 0; j < u.Len(); j++ {
			under := u.Term(j).Type().Underlying()
			if core != nil && !types.Identical(core, under) {
				return nil
			}
			core = under
		}
	}
	return core
}
