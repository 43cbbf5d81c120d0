package argerror

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/exits"
)

// SSA answers, for the SSA form of the package's functions, where ARG_ERROR
// is emitted: returned as an error that carries it (the same carriers and
// facts as the syntax side, Carries), returned as the exit code, exited
// with, or stored in the exit status (the exits pass's SSACodes for the
// code 3).
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
// the exit code. how says which; from holds the calls the emitted value
// comes from.
func (v *SSA) Return(ret *ssa.Return) (how string, from map[ssa.Value]bool, ok bool) {
	for _, r := range ret.Results {
		from := map[ssa.Value]bool{}
		if via := v.carries(r, from, 0); via != "" {
			return "returned (" + via + ")", from, true
		}
	}
	if via, from, ok := v.codes.Return(ret); ok {
		return "returned as the exit code (" + via + ")", from, true
	}
	return "", nil, false
}

// Exit reports whether a call ends the process with ARG_ERROR (see
// exits.SSACodes.Exit).
func (v *SSA) Exit(c *ssa.CallCommon) (how string, from map[ssa.Value]bool, ok bool) {
	from = map[ssa.Value]bool{}
	how, ok = v.codes.Exit(c, from)
	return how, from, ok
}

// Status reports whether a store puts ARG_ERROR into an exit-status
// variable.
func (v *SSA) Status(st *ssa.Store) (how string, from map[ssa.Value]bool, ok bool) {
	from = map[ssa.Value]bool{}
	status, ok := v.codes.Status(st, from)
	if !ok {
		return "", nil, false
	}
	return "stored in the exit status " + status.Name(), from, true
}

// carries reports how val may carry ARG_ERROR ("" if not), recording in
// from the calls it comes from.
func (v *SSA) carries(val ssa.Value, from map[ssa.Value]bool, depth int) string {
	if depth > maxCarryDepth {
		return ""
	}
	switch x := val.(type) {
	case *ssa.Const:
		if v.a.IsArgConst(x.Type(), x.Value) {
			return "ArgError"
		}
	case *ssa.MakeInterface:
		return v.carries(x.X, from, depth+1)
	case *ssa.ChangeType:
		return v.carries(x.X, from, depth+1)
	case *ssa.Convert:
		return v.carries(x.X, from, depth+1)
	case *ssa.ChangeInterface:
		return v.carries(x.X, from, depth+1)
	case *ssa.TypeAssert:
		return v.carries(x.X, from, depth+1)
	case *ssa.Phi:
		if from[x] {
			return ""
		}
		from[x] = true
		for _, e := range x.Edges {
			if via := v.carries(e, from, depth+1); via != "" {
				return via
			}
		}
	case *ssa.Extract:
		return v.extractCarries(x, from, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || !ssavalue.WholeValue(alloc) {
			return v.carries(x.X, from, depth+1)
		}
		// A load of a local variable, the result slot of a function with
		// defers included: what the stores that reach this load put there,
		// not every value the variable ever holds.
		for _, st := range ssavalue.ReachingStores(x, alloc) {
			if via := v.carries(st, from, depth+1); via != "" {
				return via
			}
		}
	case *ssa.Global:
		// A package-level sentinel: var errNoArgs = exitcode.New(…).
		if g, ok := x.Object().(*types.Var); ok {
			return v.a.Sentinel(g)
		}
	case *ssa.Alloc:
		return v.allocCarries(x, from, depth)
	case *ssa.Slice:
		// A slice of errors (errors.Join(errs...)): what its elements carry.
		return v.anyCarries(ssavalue.SliceElems(x), from, depth)
	case *ssa.Call:
		return v.callCarries(x, from, depth)
	}
	return ""
}

// extractCarries reports how one result of a call may carry ARG_ERROR: a
// function literal's, or a function's whose fact says so.
func (v *SSA) extractCarries(x *ssa.Extract, from map[ssa.Value]bool, depth int) string {
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return ""
	}
	if lit := ssavalue.LiteralCallee(call.Common()); lit != nil {
		if v.literalCarries(lit, x.Index, from, depth) {
			from[call] = true
			return "func literal"
		}
		return ""
	}
	if fn := ssavalue.StaticFunc(call.Common()); fn != nil {
		if f := v.a.Func(fn); f != nil && f.Has(x.Index) {
			from[call] = true
			return analyzerutil.CallName(fn)
		}
	}
	return ""
}

// allocCarries reports how a composite literal or a spilled local may carry
// ARG_ERROR: what is stored into it, whole or into a field.
func (v *SSA) allocCarries(x *ssa.Alloc, from map[ssa.Value]bool, depth int) string {
	for _, ref := range *x.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == x {
				if via := v.carries(r.Val, from, depth+1); via != "" {
					return via
				}
			}
		case *ssa.FieldAddr:
			for _, ref2 := range *r.Referrers() {
				if st, ok := ref2.(*ssa.Store); ok && st.Addr == r {
					if via := v.carries(st.Val, from, depth+1); via != "" {
						return via
					}
				}
			}
		}
	}
	return ""
}

// anyCarries reports how one of vals (nil elements left out) may carry
// ARG_ERROR.
func (v *SSA) anyCarries(vals []ssa.Value, from map[ssa.Value]bool, depth int) string {
	for _, el := range vals {
		if el != nil {
			if via := v.carries(el, from, depth+1); via != "" {
				return via
			}
		}
	}
	return ""
}

// callCarries reports how a call's single result may carry ARG_ERROR:
// append's elements, a function literal's result, a carrier of CarrierOf's
// table given ARG_ERROR, or a function whose fact says so.
func (v *SSA) callCarries(x *ssa.Call, from map[ssa.Value]bool, depth int) string {
	if b, ok := x.Common().Value.(*ssa.Builtin); ok {
		if b.Name() != "append" {
			return ""
		}
		// append(errs, e) or append(errs, more...): the slice and the
		// elements appended.
		for _, a := range x.Common().Args {
			if via := v.anyCarries(ssavalue.SliceElems(a), from, depth); via != "" {
				return via
			}
		}
		return ""
	}
	if lit := ssavalue.LiteralCallee(x.Common()); lit != nil {
		if v.literalCarries(lit, 0, from, depth) {
			from[x] = true
			return "func literal"
		}
		return ""
	}
	fn := ssavalue.StaticFunc(x.Common())
	if fn == nil {
		return ""
	}
	args := x.Common().Args
	switch CarrierOf(fn) {
	case CarrierExitCoder:
		if i := ExitCoderArg(fn); i < len(args) {
			if k, ok := ssavalue.Unconvert(args[i]).(*ssa.Const); ok && IsArgCode(k.Value) {
				from[x] = true
				return analyzerutil.CallName(fn)
			}
		}
		return ""
	case CarrierCode:
		if len(args) > 0 && v.carries(args[0], from, depth+1) != "" {
			from[x] = true
			return "exitcode.New"
		}
		return ""
	case CarrierRecv:
		if len(args) > 0 {
			return v.carries(args[0], from, depth+1)
		}
		return ""
	case CarrierArgs:
		for _, a := range args {
			for _, el := range ssavalue.SliceElems(a) {
				if via := v.carries(el, from, depth+1); via != "" {
					return via
				}
			}
		}
		return ""
	case CarrierWrap:
		if len(args) < 2 {
			return ""
		}
		var format constant.Value
		if k, ok := args[0].(*ssa.Const); ok {
			format = k.Value
		}
		wrapped, known := analyzerutil.WrappedArgs(format)
		for i, el := range ssavalue.SliceElems(args[1]) {
			if known && !slices.Contains(wrapped, i) {
				continue
			}
			if via := v.carries(el, from, depth+1); via != "" {
				return via
			}
		}
		return ""
	}
	if f := v.a.Func(fn); f != nil && f.Has(0) && fn.Signature().Results().Len() == 1 {
		from[x] = true
		return analyzerutil.CallName(fn)
	}
	return ""
}

// literalCarries reports whether result i of a function literal may carry
// ARG_ERROR: what its return statements return there.
func (v *SSA) literalCarries(lit *ssa.Function, i int, from map[ssa.Value]bool, depth int) bool {
	if from[lit] || depth > maxCarryDepth {
		return false
	}
	from[lit] = true
	for _, b := range lit.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			if v.carries(ret.Results[i], map[ssa.Value]bool{lit: true}, depth+1) != "" {
				return true
			}
		}
	}
	return false
}
