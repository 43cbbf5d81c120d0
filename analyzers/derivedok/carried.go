package derivedok

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
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

// neverZero reports whether e is never 0: a constant other than 0, or a
// local variable of body whose address is not taken and whose every
// assignment is such a constant or is followed by `if v == 0 { v = … }`
// that replaces a 0 with one.
func (ch *checker) neverZero(e ast.Expr, body *ast.BlockStmt) bool {
	if n, ok := ch.intConst(e); ok {
		return n != 0
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || body == nil {
		return false
	}
	v, ok := ch.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
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
		if c, ok := ch.intConst(val); !(ok && c != 0) && !ch.guardedFromZero(next[st], v) {
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
