package exits

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// SiteAt reports whether the constant at cur, a code of the package that
// becomes the exit code however it travels (returned, stored in an error's
// code field, given to a helper's code parameter), is the last branch of
// a classification: one rule for every spelling of a branch (classifies).
// codes gives, for a return statement, the constants it returns that
// become exit codes.
func (x *Exemptions) SiteAt(cur inspector.Cursor, codes func(*ast.ReturnStmt) []int) bool {
	return x.classification(x.classifies(codes), cur)
}

// classifies returns whether a branch says what went wrong, however the
// code travels from it: it exits or returns with a specific or computed
// code (specificExit, specificReturn), holds a code site of the package
// with a specific value (&ExitError{Code: exitConfig},
// newExitError(err, codeNotFound)), or passes on a code computed from what
// went wrong (passesComputed). For an exit, codes is nil: what its
// function returns is no exit code.
func (x *Exemptions) classifies(codes func(*ast.ReturnStmt) []int) func(ast.Node) bool {
	return func(n ast.Node) bool {
		return x.specificExit(n) || codes != nil && x.specificReturn(codes, n) || x.specificSite(n) || x.passesComputed(n)
	}
}

// specificSite reports whether n holds a specific failure code given to
// where exit codes go: a code site of the package with a specific value,
// or a constant stored into a field that holds exit codes or given to a
// code parameter of a function (&ExitError{Code: exitConfig},
// errs.New(errs.ExitCancelled, …)). The package that writes such a store
// may not see the exit its value reaches (the exit is in an importing
// main), and a classification there is one all the same.
func (x *Exemptions) specificSite(n ast.Node) bool {
	if slices.ContainsFunc(x.ex.sites, func(s CodeSite) bool {
		return s.Expr.Pos() >= n.Pos() && s.Expr.End() <= n.End() && x.specificConst(s.Expr)
	}) {
		return true
	}
	return x.codeStores(n, x.specificConst)
}

// specificConst reports whether e is a constant specific failure code.
func (x *Exemptions) specificConst(e ast.Expr) bool {
	v := x.info.Types[e].Value
	return v != nil && SpecificCode(intOf(v))
}

// codeStores reports whether n (outside function literals) gives a value
// for which is returns true to where exit codes go: a field that holds
// them (codeField), in a composite literal or an assignment, or a code
// parameter of the function it calls (computedCodeArg's parameters).
func (x *Exemptions) codeStores(n ast.Node, is func(ast.Expr) bool) bool {
	return anyOutsideLits(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.CallExpr:
			return slices.ContainsFunc(x.codeArgs(m), is)
		case *ast.KeyValueExpr:
			key, ok := m.Key.(*ast.Ident)
			return ok && x.codeField(x.info.Uses[key]) && is(m.Value)
		case *ast.AssignStmt:
			if len(m.Lhs) == len(m.Rhs) {
				for i, l := range m.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && x.codeField(x.info.Uses[sel.Sel]) && is(m.Rhs[i]) {
						return true
					}
				}
			}
		}
		return false
	})
}

// anyOutsideLits reports whether is holds for a node of n outside the
// function literals in it, whose statements are their own.
func anyOutsideLits(n ast.Node, is func(ast.Node) bool) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, lit := m.(*ast.FuncLit); lit || found {
			return false
		}
		found = is(m)
		return !found
	})
	return found
}

// codeField reports whether obj is a field that holds exit codes: an
// exit-status field of the package, or an integer field named for codes
// or statuses (codeLike).
func (x *Exemptions) codeField(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && v.IsField() && (x.ex.IsStatus(v) || codeLike(v, nil))
}

// codeArgs returns the arguments call gives to the code parameters of its
// callee: those it exits with, returns as an exit code, or stores as the
// exit status or into an error's code field.
func (x *Exemptions) codeArgs(call *ast.CallExpr) []ast.Expr {
	fn, ok := typeutil.Callee(x.info, call).(*types.Func)
	if !ok {
		return nil
	}
	cp := x.ex.Code(fn)
	if cp == nil {
		return nil
	}
	params := slices.Concat(cp.Exits, cp.Returns, cp.Sets)
	for _, f := range cp.Fields {
		params = append(params, f.Param)
	}
	var out []ast.Expr
	for _, p := range params {
		if p < len(call.Args) && !(fn.Signature().Variadic() && p >= fn.Signature().Params().Len()-1) {
			out = append(out, call.Args[p])
		}
	}
	return out
}

// passesComputed reports whether n (outside function literals) passes on
// a code computed from what went wrong, other than by an exit or a return
// of an integer: to where exit codes go (codeStores: ErrAPI(int(code),
// msg), ErrorEnvelope{ExitCode: exitCode}), or as an error that carries
// its own code, returned as the branch's test found it (return cliErr
// after err.(*ExitError)).
func (x *Exemptions) passesComputed(n ast.Node) bool {
	return x.codeStores(n, x.computedValue) || anyOutsideLits(n, func(m ast.Node) bool {
		ret, ok := m.(*ast.ReturnStmt)
		return ok && slices.ContainsFunc(ret.Results, func(r ast.Expr) bool {
			id, ok := ast.Unparen(r).(*ast.Ident)
			v, isVar := x.info.Uses[id].(*types.Var)
			return ok && isVar && carriesCode(v.Type())
		})
	})
}

// computedValue reports whether e is an integer that is no constant and
// that no constant of GENERAL_ERROR or success reaches (computedSpecific).
func (x *Exemptions) computedValue(e ast.Expr) bool {
	tv, ok := x.info.Types[e]
	return ok && tv.Value == nil && analyzerutil.IsInteger(tv.Type) && x.computedSpecific(e)
}

// carriesCode reports whether a value of type t, an error of a concrete
// type, carries an exit code of its own: an integer field that may hold
// one (codeLike), or a method without parameters whose one integer result
// is named for one (ExitCode(), Code(), ExitStatus()).
func carriesCode(t types.Type) bool {
	if types.IsInterface(t) || !implementsError(t) {
		return false
	}
	owner := t
	if p, ok := t.Underlying().(*types.Pointer); ok {
		owner = p.Elem()
	}
	if st, ok := owner.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if codeLike(f, owner) && !f.Embedded() {
				return true
			}
		}
	}
	ms := types.NewMethodSet(types.NewPointer(owner))
	for sel := range ms.Methods() {
		sig := sel.Obj().(*types.Func).Signature()
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && analyzerutil.IsInteger(sig.Results().At(0).Type()) && namedForCode(sel.Obj().Name()) {
			return true
		}
	}
	return false
}

// namedForCode reports whether a method's name says it returns a code.
func namedForCode(name string) bool {
	for _, w := range analyzerutil.Words(name) {
		switch w {
		case "code", "status", "exit":
			return true
		}
	}
	return false
}

// fromError reports whether v is a local variable whose value is computed
// from an error (msg := err.Error(), lower := strings.ToLower(err.Error())):
// matching its words tests what went wrong.
func (x *Exemptions) fromError(v *types.Var) bool {
	var rhs []ast.Expr
	switch p := x.declaringStmt(v).(type) {
	case *ast.AssignStmt:
		rhs = p.Rhs
	case *ast.ValueSpec:
		rhs = p.Values
	}
	for _, r := range rhs {
		if usesError(x.info, r) {
			return true
		}
	}
	return false
}

// usesError reports whether e uses a variable of type error.
func usesError(info *types.Info, e ast.Expr) bool {
	for v := range varsIn(info, e) {
		if analyzerutil.IsError(v.Type()) {
			return true
		}
	}
	return false
}
