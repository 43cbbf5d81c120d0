package contract

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// The JSON keys that make a value the response envelope. An agent reads the
// envelope's ok first: programs spell it "ok", "success", or a "status"
// whose values are statusWords.

// okKeys are the keys an envelope's ok may have, in the order one is taken
// when a value carries several.
var okKeys = []string{"ok", "success", "status"}

// statusWords are the values of a "status" key that say whether the run
// succeeded: {"status": "ok" | "success" | "error", "data": …}. Any other
// status ("running", "merged") describes something else.
var statusWords = []string{"ok", "success", "error"}

// envelopeKeys are the keys a message names, in this order.
var envelopeKeys = []string{"ok", "success", "status", "data", "error", "warnings", "meta"}

// payloadKeys reports whether keys carry the envelope's payload: data or
// error. An ok without them is an envelope only beside a whole one.
func payloadKeys(keys map[string]bool) bool { return keys["data"] || keys["error"] }

// noOKShape reports whether a written value without an ok key is an
// envelope all the same: it has two of the envelope's other keys.
func noOKShape(keys map[string]bool) bool {
	n := 0
	for _, k := range []string{"data", "error", "warnings", "meta"} {
		if keys[k] {
			n++
		}
	}
	return n >= 2
}

// Literal is what the contract says of a map literal or a literal of an
// anonymous struct type that the program writes as its response envelope.
type Literal struct {
	Keys  []string // the envelope's keys it has, in envelopeKeys order
	OKKey string   // the key of its ok ("ok", "success", "status"), "" if none
	OK    ast.Expr // the value it gives OKKey, nil if none
	Map   bool     // a map literal, not an anonymous struct
}

// Missing returns the envelope's keys the literal lacks, in the contract's
// order: "ok" when it has no ok under any spelling, then those of data,
// error, warnings and meta it does not have. The contract's envelope
// always carries all five.
func (l *Literal) Missing() []string {
	var out []string
	if l.OKKey == "" {
		out = append(out, "ok")
	}
	for _, k := range []string{"data", "error", "warnings", "meta"} {
		if !slices.Contains(l.Keys, k) {
			out = append(out, k)
		}
	}
	return out
}

// literalKeys returns the JSON keys of a map literal with string keys (the
// constant ones) or of a literal of an anonymous struct type, with the
// value the literal gives each, or false for any other literal.
func literalKeys(info *types.Info, lit *ast.CompositeLit) (keys map[string]bool, values map[string]ast.Expr, isMap bool, ok bool) {
	t := info.TypeOf(lit)
	if t == nil {
		return nil, nil, false, false
	}
	keys, values = map[string]bool{}, map[string]ast.Expr{}
	switch u := t.Underlying().(type) {
	case *types.Map:
		if b, ok := u.Key().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
			return nil, nil, false, false
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if tv, ok := info.Types[kv.Key]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				k := constant.StringVal(tv.Value)
				keys[k] = true
				values[k] = kv.Value
			}
		}
		return keys, values, true, true
	case *types.Struct:
		if _, named := types.Unalias(t).(*types.Named); named {
			return nil, nil, false, false
		}
		fields, names := jsonNames(u, 0)
		for i, elt := range lit.Elts {
			var field string
			var value ast.Expr
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					field, value = id.Name, kv.Value
				}
			} else if i < u.NumFields() {
				field, value = u.Field(i).Name(), elt
			}
			for _, k := range okKeys {
				if field != "" && fields[k] == field {
					values[k] = value
				}
			}
		}
		return names, values, false, true
	}
	return nil, nil, false, false
}

// literalOKKey returns the key a literal carries its ok in, of those want
// accepts: "ok", else "success", else a "status" whose value is one of
// statusWords.
func literalOKKey(info *types.Info, body *ast.BlockStmt, keys map[string]bool, values map[string]ast.Expr, want func(string) bool) string {
	for _, k := range okKeys {
		if !keys[k] || !want(k) {
			continue
		}
		if k != "status" || statusSaysOK(info, body, values[k], 0) {
			return k
		}
	}
	return ""
}

// statusSaysOK reports whether a status value is one of statusWords: a
// constant, or a local variable of body every assignment of which is one.
func statusSaysOK(info *types.Info, body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if e == nil || depth > 2 {
		return false
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return tv.Value.Kind() == constant.String && slices.Contains(statusWords, constant.StringVal(tv.Value))
	}
	values := localValues(info, body, e)
	return len(values) > 0 && !slices.ContainsFunc(values, func(v ast.Expr) bool { return !statusSaysOK(info, body, v, depth+1) })
}

// localValues returns what body assigns to the local variable e names; nil
// when e names none, or when some assignment gives it no expression of its
// own.
func localValues(info *types.Info, body *ast.BlockStmt, e ast.Expr) []ast.Expr {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || body == nil {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil
	}
	if values, complete := analyzerutil.AssignedValues(info, v, body); complete {
		return values
	}
	return nil
}

// presentKeys lists the envelope's keys in keys, in envelopeKeys order.
func presentKeys(keys map[string]bool) []string {
	var out []string
	for _, k := range envelopeKeys {
		if keys[k] {
			out = append(out, k)
		}
	}
	return out
}

// statusTypes finds the struct types the package declares whose "status"
// field the package's code sets only to statusWords (at least once), in
// composite literals and assignments: their status is an ok, as
// {Status: "success", Data: …} and {Status: "error", Error: …} say.
func statusTypes(info *types.Info, files []*ast.File, pkg *types.Package) map[*types.TypeName]bool {
	says, other := map[*types.TypeName]bool{}, map[*types.TypeName]bool{}
	if !declaresStatus(info) {
		return says // no type of the package has a status field to read
	}
	record := func(tn *types.TypeName, e ast.Expr) {
		if tv, ok := info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && slices.Contains(statusWords, constant.StringVal(tv.Value)) {
			says[tn] = true
		} else {
			other[tn] = true
		}
	}
	statusField := func(t types.Type) (*types.TypeName, string) {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		tn := typeName(t)
		if tn == nil || tn.Pkg() != pkg {
			return nil, ""
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil, ""
		}
		fields, _ := jsonNames(st, 0)
		return tn, fields["status"]
	}
	for _, file := range files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				tn, field := statusField(info.TypeOf(n))
				if field == "" {
					return true
				}
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
							record(tn, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if n.Tok != token.ASSIGN {
					return true
				}
				for s, value := range analyzerutil.FieldStores(info, n) {
					if tn, field := statusField(s.Recv()); field != "" && s.Obj().Name() == field {
						record(tn, value)
					}
				}
			}
			return true
		})
	}
	for tn := range other {
		delete(says, tn)
	}
	return says
}

// declaresStatus reports whether a struct type the package declares (at
// its top level or in a function) has a JSON field named status, the only
// types statusTypes can find.
func declaresStatus(info *types.Info) bool {
	for _, obj := range info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			if fields, _ := jsonNames(st, 0); fields["status"] != "" {
				return true
			}
		}
	}
	return false
}
