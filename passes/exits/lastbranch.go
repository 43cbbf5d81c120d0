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

// specificSite reports whether n holds a code site of the package whose
// value is a specific failure code.
func (x *Exemptions) specificSite(n ast.Node) bool {
	return slices.ContainsFunc(x.ex.sites, func(s CodeSite) bool {
		if s.Expr.Pos() < n.Pos() || s.Expr.End() > n.End() {
			return false
		}
		v := x.info.Types[s.Expr].Value
		return v != nil && SpecificCode(intOf(v))
	})
}

// passesComputed reports whether n (outside function literals) passes on
// a code computed from what went wrong, other than by an exit or a return
// of an integer: as the argument of a helper's code parameter
// (ErrAPI(int(code), msg)), as the value of an exit-status field
// (ErrorEnvelope{ExitCode: exitCode}), or as an error that carries its own
// code, returned as the branch's test found it (return cliErr after
// err.(*ExitError)).
func (x *Exemptions) passesComputed(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || x.computedCodeArg(m)
		case *ast.KeyValueExpr:
			if key, ok := m.Key.(*ast.Ident); ok {
				if v, ok := x.info.Uses[key].(*types.Var); ok && v.IsField() && x.ex.IsStatus(v) {
					found = found || x.computedValue(m.Value)
				}
			}
		case *ast.ReturnStmt:
			for _, r := range m.Results {
				if id, ok := ast.Unparen(r).(*ast.Ident); ok {
					if v, ok := x.info.Uses[id].(*types.Var); ok && carriesCode(v.Type()) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// computedCodeArg reports whether call gives a computed code to a code
// parameter of its callee: one the callee exits with, returns as an exit
// code, or stores as the exit status or into an error's code field.
func (x *Exemptions) computedCodeArg(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(x.info, call).(*types.Func)
	if !ok {
		return false
	}
	cp := x.ex.Code(fn)
	if cp == nil {
		return false
	}
	params := slices.Concat(cp.Exits, cp.Returns, cp.Sets)
	for _, f := range cp.Fields {
		params = append(params, f.Param)
	}
	for _, p := range params {
		if p < len(call.Args) && x.computedValue(call.Args[p]) {
			return true
		}
	}
	return false
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
	if v.Parent() == nil || v.Parent() == x.pkg.Scope() || v.IsField() {
		return false
	}
	if x.ins == nil {
		x.ins = inspector.New(x.files)
	}
	cur, ok := x.ins.Root().FindByPos(v.Pos(), v.Pos()+1)
	if !ok {
		return false
	}
	var rhs []ast.Expr
	switch p := cur.Parent().Node().(type) {
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
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && analyzerutil.IsError(v.Type()) {
				found = true
			}
		}
		return !found
	})
	return found
}
