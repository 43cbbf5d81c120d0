package derivedok

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// maxGuardGap is how far after a non-constant assignment of the exit code
// the `if code == 0 { code = … }` that keeps it from 0 may be: the next
// statement, so that nothing in between can use the 0.
const maxGuardGap = 1

// agreesInLiteral reports whether the constant ok value okVal of the
// composite literal lit agrees by construction with the exit code the same
// literal carries (an integer field or key named exit_code, exitCode or
// exit_status): ok false beside a code that is never 0, ok true beside a
// constant 0. The literal's ok is then the code's ok spelled as its value,
// and the two cannot disagree.
func (ch *checker) agreesInLiteral(lit *ast.CompositeLit, okVal ast.Expr, body *ast.BlockStmt) bool {
	ok, known := ch.constOK(okVal)
	if !known {
		return false
	}
	code := ch.carriedCode(lit)
	if code == nil {
		return false
	}
	if ok {
		n, isConst := ch.intConst(code)
		return isConst && n == 0
	}
	return ch.neverZero(code, body)
}

// constOK returns the truth a constant ok value says: a boolean, or a
// status string ("ok" and "success" true, "error" false).
func (ch *checker) constOK(e ast.Expr) (ok, known bool) {
	tv, found := ch.pass.TypesInfo.Types[e]
	if !found || tv.Value == nil {
		return false, false
	}
	switch tv.Value.Kind() {
	case constant.Bool:
		return constant.BoolVal(tv.Value), true
	case constant.String:
		switch constant.StringVal(tv.Value) {
		case "ok", "success":
			return true, true
		case "error":
			return false, true
		}
	}
	return false, false
}

// carriedCode returns the value lit gives its exit-code field or key, nil
// when it has none.
func (ch *checker) carriedCode(lit *ast.CompositeLit) ast.Expr {
	t := ch.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return nil
	}
	st, _ := t.Underlying().(*types.Struct)
	for i, elt := range lit.Elts {
		var names []string
		val := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			val = kv.Value
			switch k := ast.Unparen(kv.Key).(type) {
			case *ast.Ident:
				names = append(names, k.Name)
				if st != nil {
					names = append(names, jsonName(st, k.Name))
				}
			case *ast.BasicLit:
				if s, err := strconv.Unquote(k.Value); err == nil && k.Kind == token.STRING {
					names = append(names, s)
				}
			}
		} else if st != nil && i < st.NumFields() {
			names = append(names, st.Field(i).Name(), jsonName(st, st.Field(i).Name()))
		}
		if codeKey(names) && analyzerutil.IsInteger(ch.pass.TypesInfo.TypeOf(val)) {
			return val
		}
	}
	return nil
}

// jsonName returns the JSON name of st's field name, "" when its tag gives
// none.
func jsonName(st *types.Struct, name string) string {
	for i := range st.NumFields() {
		if st.Field(i).Name() == name {
			n, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
			return n
		}
	}
	return ""
}

// codeKey reports whether one of names says the exit code: exit_code,
// exitCode, ExitCode, exit-status.
func codeKey(names []string) bool {
	for _, n := range names {
		switch strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(n)) {
		case "exitcode", "exitstatus":
			return true
		}
	}
	return false
}

// intConst returns the value of an integer constant expression.
func (ch *checker) intConst(e ast.Expr) (int64, bool) {
	tv, ok := ch.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// neverZero reports whether e is never 0: a constant other than 0, a call
// of a function of the package that never returns 0 (neverZeroCall), or a
// local variable of body whose address is not taken and whose every
// assignment is one of those or is followed by `if v == 0 { v = … }`
// that replaces a 0 with one.
func (ch *checker) neverZero(e ast.Expr, body *ast.BlockStmt) bool {
	return ch.neverZeroAt(e, body, nil, token.NoPos, 0)
}

// neverZeroAt is neverZero at the position at of body, whose signature is
// sig: there a parameter is never 0 as well when a statement of the body's
// own list before at sets it to such a value (the parameter's value
// passed in is then gone), and every other assignment keeps it so.
func (ch *checker) neverZeroAt(e ast.Expr, body *ast.BlockStmt, sig *types.Signature, at token.Pos, depth int) bool {
	if n, ok := ch.intConst(e); ok {
		return n != 0
	}
	if ch.neverZeroCall(e, depth) {
		return true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || body == nil {
		return false
	}
	v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return false
	}
	local := body.Pos() <= v.Pos() && v.Pos() < body.End()
	if !local && !(isParam(sig, v) && ch.resetBefore(body, v, at, depth)) {
		return false
	}
	// Every statement that sets v, and where the statement lists hold them
	// (for the guard that may follow).
	next := map[ast.Stmt][]ast.Stmt{}
	var sets []ast.Stmt
	all := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			recordRests(next, n.List)
		case *ast.CaseClause:
			recordRests(next, n.Body)
		case *ast.CommClause:
			recordRests(next, n.Body)
		case *ast.AssignStmt, *ast.DeclStmt:
			if _, isAssign, _ := ch.assignmentOf(n.(ast.Stmt), v); isAssign {
				sets = append(sets, n.(ast.Stmt))
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && ch.pass.TypesInfo.Uses[x] == v {
				all = false // its address escapes: anything may set it
			}
		case *ast.IncDecStmt:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && ch.pass.TypesInfo.Uses[x] == v {
				all = false
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok && ch.pass.TypesInfo.Uses[id] == v {
					all = false // set by the loop, to anything
				}
			}
		}
		return all
	})
	if !all || len(sets) == 0 {
		return false
	}
	for _, st := range sets {
		val, _, simple := ch.assignmentOf(st, v)
		if !simple {
			return false
		}
		if !ch.nonZeroValue(val, depth) && !ch.guardedFromZero(next[st], v) {
			return false
		}
	}
	return true
}

// recordRests records, for each statement of a list, the statements that
// follow it.
func recordRests(next map[ast.Stmt][]ast.Stmt, list []ast.Stmt) {
	for i, s := range list {
		next[s] = list[i+1:]
	}
}

// assignmentOf reports whether the statement s assigns v (isAssign), and
// whether it does so simply, one value to v by = or := or a var
// declaration (val is then that value).
func (ch *checker) assignmentOf(s ast.Stmt, v *types.Var) (val ast.Expr, isAssign, simple bool) {
	info := ch.pass.TypesInfo
	switch s := s.(type) {
	case *ast.AssignStmt:
		for i, lhs := range s.Lhs {
			id, ok := ast.Unparen(lhs).(*ast.Ident)
			if !ok || (info.Defs[id] != v && info.Uses[id] != v) {
				continue
			}
			if len(s.Lhs) != len(s.Rhs) || (s.Tok != token.ASSIGN && s.Tok != token.DEFINE) {
				return nil, true, false
			}
			return s.Rhs[i], true, true
		}
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok {
			return nil, false, false
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, id := range vs.Names {
				if info.Defs[id] != v {
					continue
				}
				if len(vs.Values) != len(vs.Names) {
					return nil, true, false
				}
				return vs.Values[i], true, true
			}
		}
	}
	return nil, false, false
}

// guardedFromZero reports whether one of the first maxGuardGap statements
// of rest is `if v == 0 { …; v = c }` (no else) with c a constant other
// than 0, as the body's last assignment of v.
func (ch *checker) guardedFromZero(rest []ast.Stmt, v *types.Var) bool {
	for _, s := range rest[:min(len(rest), maxGuardGap)] {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || ifs.Init != nil || ifs.Else != nil || !ch.zeroTest(ifs.Cond, v) {
			continue
		}
		for i := len(ifs.Body.List) - 1; i >= 0; i-- {
			if val, isAssign, simple := ch.assignmentOf(ifs.Body.List[i], v); isAssign {
				c, ok := ch.intConst(val)
				return simple && ok && c != 0
			}
		}
	}
	return false
}

// zeroTest reports whether cond is `v == 0` (either way round).
func (ch *checker) zeroTest(cond ast.Expr, v *types.Var) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.EQL {
		return false
	}
	for _, pair := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		id, ok := ast.Unparen(pair[0]).(*ast.Ident)
		if n, isConst := ch.intConst(pair[1]); ok && isConst && n == 0 && ch.pass.TypesInfo.Uses[id] == v {
			return true
		}
	}
	return false
}

// nonZeroValue reports whether val, assigned to a variable, is never 0: a
// constant other than 0 or a call neverZeroCall accepts.
func (ch *checker) nonZeroValue(val ast.Expr, depth int) bool {
	if c, ok := ch.intConst(val); ok {
		return c != 0
	}
	return ch.neverZeroCall(val, depth)
}

// isParam reports whether v is a parameter of sig.
func isParam(sig *types.Signature, v *types.Var) bool {
	if sig == nil {
		return false
	}
	for p := range sig.Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

// resetBefore reports whether a statement of body's own list that ends
// before at assigns the parameter v a value never 0: the statements of that
// list run once each, in order (the caller has ruled out goto), so from
// there on v holds no value passed in.
func (ch *checker) resetBefore(body *ast.BlockStmt, v *types.Var, at token.Pos, depth int) bool {
	for _, st := range body.List {
		if st.End() > at {
			break
		}
		if val, _, simple := ch.assignmentOf(st, v); simple && ch.nonZeroValue(val, depth) {
			return true
		}
	}
	return false
}

// maxCallDepth bounds how deep neverZeroCall follows calls.
const maxCallDepth = 3

// neverZeroCall reports whether e calls a function declared in the package
// whose one integer result is never 0: each of its returns gives a
// constant other than 0, a value neverZero accepts, or a parameter that a
// statement of the body's own list before it, `if p == 0 { …; return c }`
// with c a constant other than 0, has kept from 0, and that the body never
// assigns (`if code == ExitOK { return ExitError }; return code`).
func (ch *checker) neverZeroCall(e ast.Expr, depth int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || depth >= maxCallDepth {
		return false
	}
	fn, ok := typeFunc(ch.pass.TypesInfo, call)
	if !ok || fn.Pkg() != ch.pass.Pkg {
		return false
	}
	decl := ch.funcDecl(fn)
	sig := fn.Signature()
	if decl == nil || sig.Results().Len() != 1 || !ch.isCodeType(sig.Results().At(0).Type()) || hasGoto(decl.Body) {
		return false
	}
	all, found := true, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			found = true
			if len(n.Results) != 1 || !ch.returnsNonZero(n.Results[0], decl.Body, sig, n.Pos(), depth+1) {
				all = false
			}
		}
		return all
	})
	return all && found
}

// returnsNonZero reports whether r, returned at the position at of body
// (whose signature is sig), is never 0.
func (ch *checker) returnsNonZero(r ast.Expr, body *ast.BlockStmt, sig *types.Signature, at token.Pos, depth int) bool {
	if ch.neverZeroAt(r, body, sig, at, depth) {
		return true
	}
	id, ok := ast.Unparen(r).(*ast.Ident)
	if !ok {
		return false
	}
	p, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !isParam(sig, p) {
		return false
	}
	if ch.changes(body, p) {
		return false
	}
	for _, st := range body.List {
		if st.End() > at {
			break
		}
		if ch.returnGuard(st, p) {
			return true
		}
	}
	return false
}

// returnGuard reports whether s is `if p == 0 { …; return c }` (no init,
// no else) with c a constant other than 0.
func (ch *checker) returnGuard(s ast.Stmt, p *types.Var) bool {
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || !ch.zeroTest(ifs.Cond, p) || len(ifs.Body.List) == 0 {
		return false
	}
	ret, ok := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return false
	}
	c, isConst := ch.intConst(ret.Results[0])
	return isConst && c != 0
}

// changes reports whether body may change v: assigns it, increments it,
// ranges into it or takes its address.
func (ch *checker) changes(body *ast.BlockStmt, v *types.Var) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && ch.pass.TypesInfo.Uses[id] == v
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			found = found || slices.ContainsFunc(n.Lhs, is)
		case *ast.IncDecStmt:
			found = found || is(n.X)
		case *ast.RangeStmt:
			found = found || (n.Key != nil && is(n.Key)) || (n.Value != nil && is(n.Value))
		case *ast.UnaryExpr:
			found = found || (n.Op == token.AND && is(n.X))
		}
		return !found
	})
	return found
}
