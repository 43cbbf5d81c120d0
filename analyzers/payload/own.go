package payload

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
)

// The program's own envelopes: their error object is the type of the
// envelope's error field (or the map under "error" of a map envelope), and
// its code is the member under "code". Its error.code is held to the same
// rule as the runtime's. The rules that depend on the exit code apply
// where the envelope itself carries the code as a constant
// ({"ok": false, "exit_code": 13, "error": {…}}).

// exitCodeKeys are the keys under which an envelope may carry its exit
// code.
var exitCodeKeys = []string{"exit_code", "exitcode"}

// errorObjects returns the error object types of the envelope types in
// view, each with the Go name of its string field under "code".
func (ch *checker) errorObjects() map[*types.TypeName]string {
	out := map[*types.TypeName]string{}
	for _, env := range ch.c.Envelopes() {
		st, ok := env.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for _, f := range contract.Fields(st) {
			if f.Key != "error" {
				continue
			}
			tn := namedStruct(f.Var.Type())
			if tn == nil || isRuntimeError(tn.Type()) {
				break
			}
			for _, g := range contract.Fields(tn.Type().Underlying().(*types.Struct)) {
				if b, ok := g.Var.Type().Underlying().(*types.Basic); ok && g.Key == "code" && b.Info()&types.IsString != 0 {
					out[tn] = g.Var.Name()
					break
				}
			}
			break
		}
	}
	return out
}

// namedStruct returns the named struct type t is, through a pointer.
func namedStruct(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Origin().Obj()
}

// ownError checks a composite literal of the program's own: an error
// object whose code is computed from a message, and an envelope that
// carries its exit code beside its error object.
func (ch *checker) ownError(cur inspector.Cursor, lit *ast.CompositeLit, errTypes map[*types.TypeName]string) {
	info := ch.pass.TypesInfo
	body, _ := analyzerutil.EnclosingFunc(info, cur)
	if tn := namedStruct(info.TypeOf(lit)); tn != nil {
		if field, ok := errTypes[tn]; ok {
			if v, ok := analyzerutil.FieldValue(tn.Type().Underlying().(*types.Struct), lit, field); ok {
				ch.computedCode(v, body)
			}
			return
		}
	}
	keys := ch.literalKeys(lit)
	if keys == nil || !ch.isEnvelope(lit) {
		return
	}
	errObj, _ := ast.Unparen(keys["error"]).(*ast.CompositeLit)
	if u, ok := ast.Unparen(keys["error"]).(*ast.UnaryExpr); ok {
		errObj, _ = ast.Unparen(u.X).(*ast.CompositeLit)
	}
	if errObj == nil {
		return
	}
	inner := ch.literalKeys(errObj)
	if inner == nil {
		return
	}
	if tn := namedStruct(info.TypeOf(errObj)); tn == nil || errTypes[tn] == "" {
		if c, ok := inner["code"]; ok {
			ch.computedCode(c, body) // a map or anonymous error object
		}
	}
	for _, k := range exitCodeKeys {
		if code, ok := constInt(info, keys[k]); ok {
			ch.ownCodeRules(code, errObj, inner, body)
			return
		}
	}
}

// isEnvelope reports whether a literal is an envelope the program writes:
// a map or anonymous struct the contract says it writes, or a literal of
// an envelope type.
func (ch *checker) isEnvelope(lit *ast.CompositeLit) bool {
	if ch.c.LiteralEnvelope(lit) != nil {
		return true
	}
	t := ch.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return false
	}
	env, _ := ch.c.Envelope(t)
	return env != nil
}

// ownCodeRules applies the rules of an exit code to an error object whose
// envelope carries the code.
func (ch *checker) ownCodeRules(code int64, errObj *ast.CompositeLit, inner map[string]ast.Expr, body *ast.BlockStmt) {
	info := ch.pass.TypesInfo
	redirect, hasRedirect := inner["redirect"]
	hasRedirect = hasRedirect && !analyzerutil.IsNil(info, redirect)
	v := &errValue{at: errObj, code: code, codeKnown: true, body: body, errCode: nil}
	if hasRedirect {
		v.redirects = []ast.Node{redirect}
	}
	if ra, ok := inner["retry_after"]; ok && !analyzerutil.IsNil(info, ra) {
		v.retryAfter = []ast.Node{ra}
	}
	if r, ok := inner["retryable"]; ok {
		v.retryable = []retryableAt{{r, info.Types[r].Value}}
	}
	if code == int64(exitcode.Redirected) || hasRedirect {
		ch.checkValue(v)
	} else {
		ch.retryRules(v, exitcode.Code(code))
	}
	if c, ok := inner["code"]; ok && code == int64(exitcode.AuthRequired) {
		if tv := info.Types[c]; tv.Value != nil && tv.Value.Kind() == constant.String {
			ch.tokenCode(c, body)
		}
	}
}

// literalKeys returns the JSON keys a map literal with constant string
// keys, or a struct literal, gives values; nil for any other literal.
func (ch *checker) literalKeys(lit *ast.CompositeLit) map[string]ast.Expr {
	info := ch.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return nil
	}
	out := map[string]ast.Expr{}
	switch u := t.Underlying().(type) {
	case *types.Map:
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if tv := info.Types[kv.Key]; tv.Value != nil && tv.Value.Kind() == constant.String {
					out[constant.StringVal(tv.Value)] = kv.Value
				}
			}
		}
	case *types.Struct:
		keyOf := map[string]string{}
		for _, f := range contract.Fields(u) {
			keyOf[f.Var.Name()] = f.Key
		}
		for i, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && keyOf[id.Name] != "" {
					out[keyOf[id.Name]] = kv.Value
				}
			} else if i < u.NumFields() && keyOf[u.Field(i).Name()] != "" {
				out[keyOf[u.Field(i).Name()]] = elt
			}
		}
	default:
		return nil
	}
	return out
}

// assignedCode checks an assignment to the code of an error object, the
// runtime's (xe.Code = …) or the program's own.
func (ch *checker) assignedCode(cur inspector.Cursor, as *ast.AssignStmt, errTypes map[*types.TypeName]string) {
	info := ch.pass.TypesInfo
	for s, value := range analyzerutil.FieldStores(info, as) {
		tn := namedStruct(s.Recv())
		if tn == nil {
			continue
		}
		name := s.Obj().Name()
		if isRuntimeError(tn.Type()) && name == "Code" || errTypes[tn] == name && name != "" {
			body, _ := analyzerutil.EnclosingFunc(info, cur)
			ch.computedCode(value, body)
		}
	}
}
