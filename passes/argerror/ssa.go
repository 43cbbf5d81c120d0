package argerror

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/errcodes"
	"github.com/exitlint/exitlint/passes/exits"
)

// SSA answers, for the SSA form of the package's functions, where ARG_ERROR
// is emitted: returned as an error that carries it (errcodes' table of
// carriers, CarrierOf, its exit-code fields and this pass's facts, as the
// syntax side, Carries, reads them), returned as the exit code, exited
// with, or stored in the exit status (the exits pass's SSACodes for the
// code 3).
//
// Each answer follows the emitted value back along every path and records
// in a ssavalue.Trace each origin of its ARG_ERROR: the call whose result
// carries it (a function with a fact, a function literal, a constructor
// given the code), or where a constant or sentinel is chosen.
type SSA struct {
	a     *ArgErrors
	codes *exits.SSACodes
}

// SSA returns the SSA view of the package's ARG_ERROR emissions; ex is the
// exits pass's result for the package.
func (a *ArgErrors) SSA(ex *exits.Exits) *SSA {
	v := &SSA{a: a}
	v.codes = ex.SSA(ArgCode, v.carries)
	return v
}

// Return reports whether a return statement emits ARG_ERROR: it returns an
// error that carries it, or returns 3 from a function whose result becomes
// the exit code. how says which; tr records the origins.
func (v *SSA) Return(ret *ssa.Return, tr *ssavalue.Trace) (how string, ok bool) {
	at := ssavalue.At(ret)
	if via, ok := ssavalue.First(len(ret.Results), func(i int) (string, bool) {
		via := v.carries(ret.Results[i], tr, at, 0)
		return via, via != ""
	}); ok {
		return "returned (" + via + ")", true
	}
	tr.Again()
	if via, ok := v.codes.Return(ret, tr); ok {
		return "returned as the exit code (" + via + ")", true
	}
	return "", false
}

// Exit reports whether a call ends the process with ARG_ERROR (see
// exits.SSACodes.Exit).
func (v *SSA) Exit(call ssa.CallInstruction, tr *ssavalue.Trace) (how string, ok bool) {
	return v.codes.Exit(call, tr)
}

// Status reports whether a store puts ARG_ERROR into an exit-status
// variable.
func (v *SSA) Status(st *ssa.Store, tr *ssavalue.Trace) (how string, ok bool) {
	status, ok := v.codes.Status(st, tr)
	if !ok {
		return "", false
	}
	return "stored in the exit status " + status.Name(), true
}

// carries reports how val, used at at, may carry ARG_ERROR ("" if not),
// following every path and recording each origin in tr; how is the first
// origin's.
func (v *SSA) carries(val ssa.Value, tr *ssavalue.Trace, at ssavalue.Point, depth int) string {
	if depth > errcodes.MaxDepth {
		return ""
	}
	switch x := val.(type) {
	case *ssa.Const:
		if v.a.IsArgConst(x.Type(), x.Value) && tr.Record(at, "ArgError") {
			return "ArgError"
		}
	case *ssa.MakeInterface:
		return v.carries(x.X, tr, at, depth+1)
	case *ssa.ChangeType:
		return v.carries(x.X, tr, at, depth+1)
	case *ssa.Convert:
		return v.carries(x.X, tr, at, depth+1)
	case *ssa.ChangeInterface:
		return v.carries(x.X, tr, at, depth+1)
	case *ssa.TypeAssert:
		return v.carries(x.X, tr, at, depth+1)
	case *ssa.Phi:
		if !tr.Visit(x) {
			return ""
		}
		return v.first(len(x.Edges), func(i int) string {
			return v.carries(x.Edges[i], tr, ssavalue.End(x.Block().Preds[i]), depth+1)
		})
	case *ssa.Extract:
		return v.extractCarries(x, tr, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || !ssavalue.WholeValue(alloc) {
			return v.carries(x.X, tr, at, depth+1)
		}
		// A load of a local variable, the result slot of a function with
		// defers included: what the stores that reach this load put there,
		// not every value the variable ever holds.
		stores := ssavalue.ReachingStores(x, alloc)
		return v.first(len(stores), func(i int) string {
			return v.carries(stores[i].Val, tr, ssavalue.At(stores[i]), depth+1)
		})
	case *ssa.Global:
		// A package-level sentinel: var errNoArgs = exitcode.New(…).
		if g, ok := x.Object().(*types.Var); ok {
			if via := v.a.Sentinel(g); via != "" && tr.Record(at, via) {
				return via
			}
		}
	case *ssa.Alloc:
		return v.allocCarries(x, tr, depth)
	case *ssa.Slice:
		// A slice of errors (errors.Join(errs...)): what its elements carry.
		return v.anyCarries(ssavalue.SliceElems(x), tr, at, depth)
	case *ssa.Call:
		return v.callCarries(x, tr, at, depth)
	}
	return ""
}

// first is ssavalue.First for carries' answers.
func (v *SSA) first(n int, try func(i int) string) string {
	via, _ := ssavalue.First(n, func(i int) (string, bool) {
		via := try(i)
		return via, via != ""
	})
	return via
}

// call records a call whose result carries ARG_ERROR as an origin, and
// returns via if it counts.
func (v *SSA) call(call *ssa.Call, tr *ssavalue.Trace, via string) string {
	if tr.RecordCall(call, via) {
		return via
	}
	return ""
}

// extractCarries reports how one result of a call may carry ARG_ERROR: a
// function literal's, or a function's whose fact says so.
func (v *SSA) extractCarries(x *ssa.Extract, tr *ssavalue.Trace, depth int) string {
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return ""
	}
	if lit := ssavalue.LiteralCallee(call.Common()); lit != nil {
		if v.literalCarries(lit, x.Index, depth) {
			return v.call(call, tr, "func literal")
		}
		return ""
	}
	if fn := ssavalue.StaticFunc(call.Common()); fn != nil {
		if f := v.a.Func(fn); f != nil && f.Has(x.Index) && v.guardHolds(f, call.Common().Args) {
			return v.call(call, tr, analyzerutil.CallName(fn))
		}
	}
	return ""
}

// allocCarries reports how a composite literal or a spilled local may carry
// ARG_ERROR: what is stored into it, whole or into a field, and 3 stored
// into the exit-code field of an error (ExitError{Code: 3}).
func (v *SSA) allocCarries(x *ssa.Alloc, tr *ssavalue.Trace, depth int) string {
	var stores []*ssa.Store
	var fields []*ssa.FieldAddr // the field each store is into, or nil
	for _, ref := range *x.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == x {
				stores, fields = append(stores, r), append(fields, nil)
			}
		case *ssa.FieldAddr:
			for _, ref2 := range *r.Referrers() {
				if st, ok := ref2.(*ssa.Store); ok && st.Addr == r {
					stores, fields = append(stores, st), append(fields, r)
				}
			}
		}
	}
	return v.first(len(stores), func(i int) string {
		if fields[i] != nil && v.isExitField(fields[i]) {
			if k, ok := ssavalue.Unconvert(stores[i].Val).(*ssa.Const); ok && IsArgCode(k.Value) {
				if via := errcodes.TypeName(x.Type()); tr.Record(ssavalue.At(stores[i]), via) {
					return via
				}
			}
			return ""
		}
		return v.carries(stores[i].Val, tr, ssavalue.At(stores[i]), depth+1)
	})
}

// isExitField reports whether a field address is of an error's exit-code
// field.
func (v *SSA) isExitField(fa *ssa.FieldAddr) bool {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	s, ok := ptr.Elem().Underlying().(*types.Struct)
	return ok && fa.Field < s.NumFields() && v.a.rules.IsExitField(s.Field(fa.Field))
}

// anyCarries reports how one of vals (nil elements left out), used at at,
// may carry ARG_ERROR.
func (v *SSA) anyCarries(vals []ssa.Value, tr *ssavalue.Trace, at ssavalue.Point, depth int) string {
	return v.first(len(vals), func(i int) string {
		if vals[i] == nil {
			return ""
		}
		return v.carries(vals[i], tr, at, depth+1)
	})
}

// callCarries reports how a call's single result may carry ARG_ERROR:
// append's elements, a function literal's result, a carrier of errcodes'
// table (CarrierOf) given ARG_ERROR, or a function whose fact says so.
func (v *SSA) callCarries(x *ssa.Call, tr *ssavalue.Trace, at ssavalue.Point, depth int) string {
	if b, ok := x.Common().Value.(*ssa.Builtin); ok {
		if b.Name() != "append" {
			return ""
		}
		// append(errs, e) or append(errs, more...): the slice and the
		// elements appended.
		args := x.Common().Args
		return v.first(len(args), func(i int) string {
			return v.anyCarries(ssavalue.SliceElems(args[i]), tr, at, depth)
		})
	}
	if lit := ssavalue.LiteralCallee(x.Common()); lit != nil {
		if v.literalCarries(lit, 0, depth) {
			return v.call(x, tr, "func literal")
		}
		return ""
	}
	fn := ssavalue.StaticFunc(x.Common())
	if fn == nil {
		return ""
	}
	args := x.Common().Args
	here := ssavalue.At(x)
	if p, ok := v.a.rules.ExitFieldParam(fn); ok && p < len(args) {
		if k, ok := ssavalue.Unconvert(args[p]).(*ssa.Const); ok && IsArgCode(k.Value) {
			return v.call(x, tr, analyzerutil.CallName(fn))
		}
		return ""
	}
	switch errcodes.CarrierOf(fn) {
	case errcodes.CarrierExitCoder:
		if i := errcodes.ExitCoderArg(fn); i < len(args) {
			if k, ok := ssavalue.Unconvert(args[i]).(*ssa.Const); ok && IsArgCode(k.Value) {
				return v.call(x, tr, analyzerutil.CallName(fn))
			}
		}
		return ""
	case errcodes.CarrierCode:
		if len(args) > 0 && v.carries(args[0], tr, here, depth+1) != "" {
			tr.Through(x)
			return "exitcode.New"
		}
		return ""
	case errcodes.CarrierRecv:
		if len(args) > 0 {
			return v.carries(args[0], tr, here, depth+1)
		}
		return ""
	case errcodes.CarrierArgs:
		return v.first(len(args), func(i int) string {
			return v.anyCarries(ssavalue.SliceElems(args[i]), tr, here, depth)
		})
	case errcodes.CarrierWrap:
		if len(args) < 2 {
			return ""
		}
		var format constant.Value
		if k, ok := args[0].(*ssa.Const); ok {
			format = k.Value
		}
		wrapped, known := analyzerutil.WrappedArgs(format)
		elems := ssavalue.SliceElems(args[1])
		return v.first(len(elems), func(i int) string {
			if elems[i] == nil || (known && !slices.Contains(wrapped, i)) {
				return ""
			}
			return v.carries(elems[i], tr, here, depth+1)
		})
	}
	if f := v.a.Func(fn); f != nil && f.Has(0) && fn.Signature().Results().Len() == 1 && v.guardHolds(f, args) {
		return v.call(x, tr, analyzerutil.CallName(fn))
	}
	return ""
}

// literalCarries reports whether result i of a function literal may carry
// ARG_ERROR: what its return statements return there. The literal's call
// is the origin, so the literal's own paths are followed apart.
func (v *SSA) literalCarries(lit *ssa.Function, i int, depth int) bool {
	if depth > errcodes.MaxDepth {
		return false
	}
	for _, b := range lit.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			if v.carries(ret.Results[i], ssavalue.NewTrace(), ssavalue.At(ret), depth+1) != "" {
				return true
			}
		}
	}
	return false
}

// maxTypeDepth is how many steps (a phi's edge, an interface conversion,
// an error fmt.Errorf wraps) mayBe follows an error back to the calls that
// made it.
const maxTypeDepth = 6

// guardHolds reports whether a call of a function that returns ARG_ERROR
// only for an error of one type (its Guard) is given an error that may be
// of that type.
func (v *SSA) guardHolds(f *Returns, args []ssa.Value) bool {
	if f.Guard == nil || f.Guard.Param >= len(args) {
		return true
	}
	return v.mayBe(args[f.Guard.Param], f.Guard.Type, map[ssa.Value]bool{}, 0)
}

// mayBe reports whether the error value val may be, or wrap, an error of
// type t: nil is not, an error of another concrete type is not, and the
// result of a call is one of the types the callee may return (its
// errTypesFact; none for the standard library, whose functions return
// none of the program's types, except what fmt.Errorf wraps and
// errors.Join joins). What cannot be told (a parameter, an interface's
// method) may be.
func (v *SSA) mayBe(val ssa.Value, t string, seen map[ssa.Value]bool, depth int) bool {
	if seen[val] {
		return false
	}
	if depth > maxTypeDepth {
		return true
	}
	seen[val] = true
	switch x := val.(type) {
	case *ssa.Const:
		return false
	case *ssa.MakeInterface:
		if name := errTypeName(x.X.Type()); name != "" {
			return name == t
		}
		return v.mayBe(x.X, t, seen, depth+1)
	case *ssa.ChangeInterface:
		return v.mayBe(x.X, t, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if v.mayBe(e, t, seen, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return v.callMayBe(call, t, seen, depth)
		}
	case *ssa.Call:
		return v.callMayBe(x, t, seen, depth)
	}
	return true
}

// callMayBe reports whether the error a call returns may be of type t.
func (v *SSA) callMayBe(call *ssa.Call, t string, seen map[ssa.Value]bool, depth int) bool {
	c := call.Common()
	fn := ssavalue.StaticFunc(c)
	if fn == nil || fn.Pkg() == nil || isInterfaceMethod(fn) {
		return true
	}
	switch errcodes.CarrierOf(fn) {
	case errcodes.CarrierArgs:
		for _, a := range c.Args {
			for _, el := range ssavalue.SliceElems(a) {
				if el != nil && v.mayBe(el, t, seen, depth+1) {
					return true
				}
			}
		}
		return false
	case errcodes.CarrierWrap:
		if len(c.Args) < 2 {
			return false
		}
		var format constant.Value
		if k, ok := c.Args[0].(*ssa.Const); ok {
			format = k.Value
		}
		wrapped, known := analyzerutil.WrappedArgs(format)
		for i, el := range ssavalue.SliceElems(c.Args[1]) {
			if el != nil && (!known || slices.Contains(wrapped, i)) && v.mayBe(el, t, seen, depth+1) {
				return true
			}
		}
		return false
	}
	if analyzerutil.StdPackage(fn.Pkg().Path()) {
		return false
	}
	return v.a.errTypes.Of(fn).has(t)
}
