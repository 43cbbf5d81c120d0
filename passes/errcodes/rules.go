package errcodes

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
)

// MaxDepth is how many steps (a conversion, a local variable's value, a
// wrapping call, a function literal's result) a value is followed to tell
// which codes it carries, over syntax here and over SSA in the argerror
// pass's view. A value is made a few steps from where it is returned; an
// SSA value takes a step more for each conversion the syntax leaves
// implicit, which the bound allows.
const MaxDepth = 8

// Source is what the rules read of the package's and its dependencies'
// functions and package-level variables: the codes each result of a
// function may carry, and the codes a variable's value carries. The codes
// facts are one source (Codes); the argerror pass's facts, ARG_ERROR with
// the condition a function returns it under, are another.
type Source interface {
	Func(fn *types.Func) map[int]Set
	Sentinel(v *types.Var) Set
}

// Rules tell which exit codes a value may carry (the package
// documentation lists them), over the syntax and types of one package,
// reading functions and sentinels from a Source. The rules are written
// once, here; the passes differ in the Source they read and in whether the
// ExitCode() field rule applies.
type Rules struct {
	info *types.Info
	pkg  *types.Package
	c    *contract.Contract
	src  Source
	// fields, when not nil, are the exit-code fields of error types whose
	// values carry codes too (exitcoder.go); nil leaves the rule out. ex
	// says which constructors store a parameter in one.
	fields *exitFields
	ex     *exits.Exits
}

// IsCode reports whether a constant of type t with value v is an exit code
// of an exit-code enum, and which.
func (r *Rules) IsCode(t types.Type, v constant.Value) (int64, bool) {
	if v == nil || v.Kind() != constant.Int || t == nil || r.c.Enum(t) == nil {
		return 0, false
	}
	return constant.Int64Val(v)
}

// Of returns the codes e may carry; body is the enclosing function's body,
// for local variables (nil at package level). The set is not to be changed.
func (r *Rules) Of(e ast.Expr, body *ast.BlockStmt) Set { return r.of(e, body, 0) }

// OfResult returns the codes result i of a call with several results may
// carry (return f(), where f returns (T, error)).
func (r *Rules) OfResult(call ast.Expr, i int, body *ast.BlockStmt) Set {
	return r.tupleCodes(call, i, body, 0)
}

// OfVar returns the codes the values body assigns to the local variable v
// may carry (a named result, returned bare).
func (r *Rules) OfVar(v *types.Var, body *ast.BlockStmt) Set { return r.localCodes(v, body, 0) }

// Return returns the codes each result of a return statement may carry,
// by the result's index, in a function of signature sig whose body is
// body: what a function's fact is made of. A return of a function literal
// inside body is the literal's, which the caller leaves out. The sets are
// not to be changed.
func (r *Rules) Return(sig *types.Signature, body *ast.BlockStmt, ret *ast.ReturnStmt) map[int]Set {
	out := map[int]Set{}
	switch {
	case len(ret.Results) == sig.Results().Len():
		for i, e := range ret.Results {
			if s := r.of(e, body, 0); len(s) > 0 {
				out[i] = s
			}
		}
	case len(ret.Results) == 1:
		// return f(): f's results are this function's.
		if call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr); ok {
			if callee, ok := typeutil.Callee(r.info, call).(*types.Func); ok {
				for i, s := range r.src.Func(callee) {
					if len(s) > 0 {
						out[i] = Set{}
						out[i].union(s, LocalName(callee))
					}
				}
			}
		}
	case len(ret.Results) == 0:
		// A bare return of named results.
		for i := 0; i < sig.Results().Len(); i++ {
			if v := sig.Results().At(i); v.Name() != "" {
				if s := r.localCodes(v, body, 0); len(s) > 0 {
					out[i] = s
				}
			}
		}
	}
	return out
}

// of returns the codes e may carry (see the package documentation). body
// is the enclosing function's body, for local variables.
func (r *Rules) of(e ast.Expr, body *ast.BlockStmt, depth int) Set {
	if depth > MaxDepth || e == nil {
		return nil
	}
	info := r.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok {
		if code, ok := r.IsCode(tv.Type, tv.Value); ok {
			return Set{code: types.ExprString(e)}
		}
	}
	switch x := e.(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return r.of(x.X, body, depth+1)
		}
	case *ast.StarExpr:
		return r.of(x.X, body, depth+1)
	case *ast.CompositeLit:
		out := Set{}
		if r.fields != nil {
			out.union(r.fields.literalCodes(info, x), "")
		}
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			out.union(r.of(elt, body, depth+1), "")
		}
		return out
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok {
			return nil
		}
		if body != nil && !v.IsField() && v.Parent() != nil && v.Parent() != r.pkg.Scope() {
			return r.localCodes(v, body, depth+1)
		}
		return r.src.Sentinel(v)
	case *ast.SelectorExpr:
		if v, ok := info.Uses[x.Sel].(*types.Var); ok && !v.IsField() {
			return r.src.Sentinel(v)
		}
	case *ast.CallExpr:
		return r.callCodes(x, body, depth)
	}
	return nil
}

// callCodes returns the codes a call's single result may carry.
func (r *Rules) callCodes(x *ast.CallExpr, body *ast.BlockStmt, depth int) Set {
	info := r.info
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		return r.of(x.Args[0], body, depth+1) // a conversion
	}
	if b, ok := typeutil.Callee(info, x).(*types.Builtin); ok {
		if b.Name() != "append" {
			return nil
		}
		// append(errs, e): what the appended elements carry (the slice
		// appended to is followed where it is assigned).
		out := Set{}
		for i, arg := range x.Args {
			if _, isIdent := ast.Unparen(arg).(*ast.Ident); i == 0 && isIdent {
				continue
			}
			out.union(r.of(arg, body, depth+1), "")
		}
		return out
	}
	if lit := r.literal(x.Fun, body); lit != nil {
		return r.literalCodes(lit, 0, depth+1)
	}
	callee, ok := typeutil.Callee(info, x).(*types.Func)
	if !ok {
		return nil
	}
	out := Set{}
	if r.fields != nil {
		out.union(r.fields.callCodes(info, r.ex, callee, x.Args), "")
	}
	switch CarrierOf(callee) {
	case CarrierExitCoder:
		if i := ExitCoderArg(callee); i < len(x.Args) {
			if n, ok := intConst(info.Types[x.Args[i]].Value); ok {
				out.add(n, LocalName(callee))
			}
		}
	case CarrierCode:
		if len(x.Args) > 0 {
			out.union(r.of(x.Args[0], body, depth+1), "exitcode.New")
		}
	case CarrierRecv:
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
			out.union(r.of(sel.X, body, depth+1), "")
		}
	case CarrierArgs:
		for _, arg := range x.Args {
			out.union(r.of(arg, body, depth+1), "")
		}
	case CarrierWrap:
		if len(x.Args) == 0 {
			break
		}
		wrapped, known := analyzerutil.WrappedArgs(info.Types[x.Args[0]].Value)
		for i, arg := range x.Args[1:] {
			if !known || slices.Contains(wrapped, i) {
				out.union(r.of(arg, body, depth+1), "")
			}
		}
	default:
		if callee.Signature().Results().Len() == 1 {
			out.union(r.src.Func(callee)[0], LocalName(callee))
		}
	}
	return out
}

// localCodes returns what the values assigned to the local variable v in
// body carry.
func (r *Rules) localCodes(v *types.Var, body *ast.BlockStmt, depth int) Set {
	info := r.info
	out := Set{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
					continue
				}
				if len(n.Lhs) == len(n.Rhs) {
					out.union(r.of(n.Rhs[i], body, depth), "")
				} else if len(n.Rhs) == 1 {
					out.union(r.tupleCodes(n.Rhs[0], i, body, depth), "")
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if info.Defs[id] == v && i < len(n.Values) && len(n.Names) == len(n.Values) {
					out.union(r.of(n.Values[i], body, depth), "")
				}
			}
		}
		return true
	})
	return out
}

// tupleCodes returns what result i of a call with several results carries.
func (r *Rules) tupleCodes(e ast.Expr, i int, body *ast.BlockStmt, depth int) Set {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if lit := r.literal(call.Fun, body); lit != nil {
		return r.literalCodes(lit, i, depth+1)
	}
	if callee, ok := typeutil.Callee(r.info, call).(*types.Func); ok {
		out := Set{}
		out.union(r.src.Func(callee)[i], LocalName(callee))
		return out
	}
	return nil
}

// LocalName names a function as a fact's via shows it: "Validate",
// "Error.With".
func LocalName(fn *types.Func) string {
	name, _ := analyzerutil.FuncName(fn)
	return name
}

// literal returns the function literal a call's function expression is:
// the literal itself, or a local variable of body assigned only that
// literal (check := func() error {…}; check()).
func (r *Rules) literal(fun ast.Expr, body *ast.BlockStmt) *ast.FuncLit {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return f
	case *ast.Ident:
		v, ok := r.info.Uses[f].(*types.Var)
		if !ok || body == nil || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		values, complete := analyzerutil.AssignedValues(r.info, v, body)
		if !complete || len(values) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
		return lit
	}
	return nil
}

// literalCodes returns what result i of a function literal may carry: what
// its own return statements return there.
func (r *Rules) literalCodes(lit *ast.FuncLit, i, depth int) Set {
	out := Set{}
	if depth > MaxDepth {
		return out
	}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if i < len(n.Results) && len(n.Results) == lit.Type.Results.NumFields() {
				out.union(r.of(n.Results[i], lit.Body, depth+1), "func literal")
			}
		}
		return true
	})
	return out
}
