// Package ssavalue follows values through a function's SSA form: to the
// values a variable may hold, the stores that reach a load, the elements of
// a variadic slice, the function a call calls. The passes' SSA views (side
// effects, exit codes, ARG_ERROR carriers) ask it where a value comes from,
// so that each of them follows values the same way.
//
// It builds no SSA: the check that needs SSA builds it, and hands the
// package to a Tracer.
package ssavalue

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// MaxSourceDepth is how many steps (a phi's edge, a captured variable's
// store, a parameter's argument) Sources takes from a value before it
// gives up: values in real code are made a few steps from where they are
// used, and a deeper chain is more likely a cycle through other variables
// than a value that can be told.
const MaxSourceDepth = 8

// maxConversions is how many conversions Unconvert looks through.
const maxConversions = 4

// Tracer follows values across the functions of one package: the
// parameters of its unexported functions are followed to every call's
// argument when the package's own calls are all the calls there are.
type Tracer struct {
	pkg  *ssa.Package
	info *types.Info
	// calls and escaped index, on first need, the static calls of the
	// package's functions and the functions used as values.
	calls   map[*ssa.Function][]ssa.CallInstruction
	escaped map[*ssa.Function]bool
}

// NewTracer returns a Tracer over pkg, whose functions info defines.
func NewTracer(pkg *ssa.Package, info *types.Info) *Tracer {
	return &Tracer{pkg: pkg, info: info}
}

// All reports whether every value v may hold (Sources) satisfies pred.
func (t *Tracer) All(v ssa.Value, pred func(ssa.Value) bool) bool {
	srcs, ok := t.Sources(v)
	if !ok || len(srcs) == 0 {
		return false
	}
	for _, src := range srcs {
		if !pred(src) {
			return false
		}
	}
	return true
}

// Sources returns the values v may hold, where they are made: through
// phis, the variables a function literal captures (what is stored into
// them), and the parameters of the package's unexported functions that
// only its own calls call (what every call gives). ok is false when some
// value cannot be told: a parameter of an exported function or of a
// function used as a value, a variable whose address is taken.
func (t *Tracer) Sources(v ssa.Value) ([]ssa.Value, bool) {
	return t.sources(v, map[ssa.Value]bool{}, 0)
}

func (t *Tracer) sources(v ssa.Value, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	if seen[v] {
		return nil, true // a cycle adds nothing
	}
	seen[v] = true
	if depth > MaxSourceDepth {
		return nil, false
	}
	var from []ssa.Value
	switch x := v.(type) {
	case *ssa.Phi:
		from = x.Edges
	case *ssa.Parameter:
		calls, ok := t.callers(x.Parent())
		if !ok {
			return nil, false
		}
		i := slices.Index(x.Parent().Params, x)
		for _, call := range calls {
			from = append(from, call.Common().Args[i])
		}
	case *ssa.UnOp:
		switch x.X.(type) {
		case *ssa.FreeVar, *ssa.Alloc:
			if x.Op == token.MUL {
				var ok bool
				if from, ok = CapturedStores(x.X); !ok {
					return nil, false
				}
			}
		}
	}
	if from == nil {
		return []ssa.Value{v}, true
	}
	var out []ssa.Value
	for _, f := range from {
		srcs, ok := t.sources(f, seen, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, srcs...)
	}
	return out, true
}

// callers returns the calls of fn when they are all there is: fn is an
// unexported function of the package (no method, no generic), and every
// use of it in the package calls it.
func (t *Tracer) callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Exported() || obj.Pkg() != t.pkg.Pkg || fn.Parent() != nil || obj.Signature().Recv() != nil || fn.TypeParams().Len() > 0 {
		return nil, false
	}
	if t.calls == nil {
		t.indexCalls()
	}
	if t.escaped[fn] {
		return nil, false
	}
	return t.calls[fn], len(t.calls[fn]) > 0
}

// indexCalls finds, in every function of the package (test files and
// package initializers included), the static calls of its functions, and
// the functions used otherwise: as a value, whose callers are unknown.
func (t *Tracer) indexCalls() {
	t.calls = map[*ssa.Function][]ssa.CallInstruction{}
	t.escaped = map[*ssa.Function]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		var ops []*ssa.Value
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				call, isCall := instr.(ssa.CallInstruction)
				for _, op := range ops {
					g, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if isCall && op == &call.Common().Value {
						t.calls[g] = append(t.calls[g], call)
					} else {
						t.escaped[g] = true
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	if init := t.pkg.Func("init"); init != nil {
		visit(init)
	}
	for _, obj := range t.info.Defs {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == t.pkg.Pkg {
			if f := t.pkg.Prog.FuncValue(fn); f != nil {
				visit(f)
			}
		}
	}
}

// CapturedStores returns the values stored into a variable a function
// literal captures, when addr is the literal's free variable for it or the
// variable itself: every store, in the enclosing function and in the
// literals that capture it. ok is false for any other address, or a
// variable whose address goes anywhere else.
func CapturedStores(addr ssa.Value) ([]ssa.Value, bool) {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		addr = binding(fv)
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok || !alloc.Heap || !WholeValue(alloc) {
		return nil, false
	}
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			out = append(out, r.Val)
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b != ssa.Value(alloc) || i >= len(fn.FreeVars) {
					continue
				}
				for _, fref := range *fn.FreeVars[i].Referrers() {
					switch fr := fref.(type) {
					case *ssa.Store:
						out = append(out, fr.Val)
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						return nil, false // captured again, or its address taken
					}
				}
			}
		}
	}
	return out, true
}

// binding returns the value the enclosing function binds to a function
// literal's free variable, or nil.
func binding(fv *ssa.FreeVar) ssa.Value {
	lit := fv.Parent()
	i := slices.Index(lit.FreeVars, fv)
	if lit.Parent() == nil || i < 0 {
		return nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(lit) && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// WholeValue reports whether the variable is only ever stored and loaded
// whole: no field or element address is taken, so the stores that reach a
// load say what it reads.
func WholeValue(alloc *ssa.Alloc) bool {
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Val == ssa.Value(alloc) {
				return false // its address is stored somewhere
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			// A closure that captures the variable (a deferred function
			// that sets a named result) may store into it: its stores
			// reach every load after the closure runs, which
			// ReachingStores adds.
		default:
			return false
		}
	}
	return true
}

// ReachingStores returns the stores into alloc that reach the load: walking
// back from the load, the last store on each path, and every store a
// closure capturing the variable makes. A path that reaches the function's
// entry with no store reads the zero value, which is left out.
func ReachingStores(load *ssa.UnOp, alloc *ssa.Alloc) []*ssa.Store {
	var out []*ssa.Store
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, before int)
	walk = func(b *ssa.BasicBlock, before int) {
		for i := before - 1; i >= 0; i-- {
			if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == ssa.Value(alloc) {
				out = append(out, st)
				return
			}
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				walk(p, len(p.Instrs))
			}
		}
	}
	walk(load.Block(), Index(load))
	for _, ref := range *alloc.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn := mc.Fn.(*ssa.Function)
		for i, b := range mc.Bindings {
			if b != ssa.Value(alloc) || i >= len(fn.FreeVars) {
				continue
			}
			for _, fref := range *fn.FreeVars[i].Referrers() {
				if st, ok := fref.(*ssa.Store); ok && st.Addr == ssa.Value(fn.FreeVars[i]) {
					out = append(out, st)
				}
			}
		}
	}
	return out
}

// SliceElems returns the values stored into the array behind a variadic
// argument slice, in the order of their indexes (fmt.Errorf's verbs name
// arguments by position), or v itself when it is no such slice. An element
// never stored is nil.
func SliceElems(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return []ssa.Value{v}
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	n := 0
	if arr, ok := alloc.Type().Underlying().(*types.Pointer); ok {
		if a, ok := arr.Elem().Underlying().(*types.Array); ok {
			n = int(a.Len())
		}
	}
	out := make([]ssa.Value, n)
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			continue
		}
		i, exact := constant.Int64Val(constant.ToInt(k.Value))
		if !exact || i < 0 || int(i) >= n {
			continue
		}
		for _, ref2 := range *ia.Referrers() {
			if st, ok := ref2.(*ssa.Store); ok && st.Addr == ia {
				out[i] = st.Val
			}
		}
	}
	return out
}

// Unconvert strips conversions (to another integer type, to a named type)
// from v.
func Unconvert(v ssa.Value) ssa.Value {
	for range maxConversions {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// StaticFunc returns the declared function a call calls statically, or
// nil (a call through an interface, a function value or a literal).
func StaticFunc(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return nil
	}
	if callee := c.StaticCallee(); callee != nil {
		fn, _ := callee.Object().(*types.Func)
		return fn
	}
	return nil
}

// LiteralCallee returns the function literal a call calls, if it calls one
// statically (check := func() error {…}; check(), or on the spot).
func LiteralCallee(c *ssa.CallCommon) *ssa.Function {
	if c.IsInvoke() {
		return nil
	}
	if callee := c.StaticCallee(); callee != nil && callee.Parent() != nil {
		return callee
	}
	return nil
}

// ErrorResult returns the value of a call's error result: the call itself
// when it has only that, the extraction of its last result otherwise; nil
// when the call returns no error, or its error is never read.
func ErrorResult(call *ssa.Call) ssa.Value {
	res := call.Common().Signature().Results()
	if res.Len() == 0 || !analyzerutil.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	if res.Len() == 1 {
		return call
	}
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && x.Index == res.Len()-1 {
			return x
		}
	}
	return nil
}

// Index returns the position of an instruction in its block.
func Index(in ssa.Instruction) int {
	return slices.Index(in.Block().Instrs, in)
}
