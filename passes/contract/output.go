package contract

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// What the program writes as its JSON output, and what it reads. An
// envelope is a value the program itself writes: a struct or map with the
// envelope's keys reaching a JSON encoder, directly or through a helper
// whose parameter reaches one, in code of the program's run (reach.go: no
// HTTP or MCP handler, whose reply goes to a peer; no code nothing calls).
// A type the program decodes into, directly or through such a helper, is a
// reply model of another service, never the program's envelope. A value
// the program puts as the data of an envelope is that envelope's payload.

// jsonFact marks a function that hands one of its parameters to a JSON
// encoder as the program's output (Writes), to a JSON decoder to fill
// (Reads), or puts it as the data of an envelope (Wraps): printJSON(v any),
// decode(r io.Reader, out any), success(data any).
type jsonFact struct {
	Writes []int // indexes of the parameters it writes
	Reads  []int // indexes of the parameters it decodes into
	Wraps  []int // indexes of the parameters it puts as an envelope's data
}

func (*jsonFact) AFact() {}

func (f *jsonFact) String() string {
	list := func(xs []int) string {
		var s []string
		for _, x := range xs {
			s = append(s, strconv.Itoa(x))
		}
		return strings.Join(s, ",")
	}
	s := "json(writes " + list(f.Writes) + " reads " + list(f.Reads)
	if len(f.Wraps) > 0 {
		s += " wraps " + list(f.Wraps)
	}
	return s + ")"
}

// envelopeNewData is the index of the data among the parameters of the
// runtime's factory, envelope.New.
const envelopeNewData = 2

// runtimeFactory reports whether fn is the runtime's factory.
func runtimeFactory(fn *types.Func) bool {
	return fn.Pkg() != nil && fn.Pkg().Path() == analyzerutil.EnvelopePath && fn.Name() == "New" && fn.Signature().Recv() == nil
}

var jsonFuncs = analyzerutil.NewFuncs([]string{
	"encoding/json.Marshal", "encoding/json.MarshalIndent", "(*encoding/json.Encoder).Encode",
	"encoding/json.Unmarshal", "(*encoding/json.Decoder).Decode",
})

// jsonArgs returns the arguments of a call that it writes as JSON output,
// that it decodes JSON into, and that it puts as an envelope's data, by the
// encoders', decoders' and the runtime factory's names and the facts. An
// encoder on a response writer writes a peer's reply, not output.
func (o *outputs) jsonArgs(call *ast.CallExpr, callee *types.Func) (writes, reads, wraps []ast.Expr) {
	if name, ok := jsonFuncs.Name(callee); ok {
		switch name {
		case "encoding/json.Unmarshal":
			if len(call.Args) == 2 {
				return nil, call.Args[1:2], nil
			}
		case "(*encoding/json.Decoder).Decode":
			if len(call.Args) == 1 {
				return nil, call.Args[:1], nil
			}
		case "(*encoding/json.Encoder).Encode":
			if len(call.Args) == 1 && !o.encodesToPeer(call) {
				return call.Args[:1], nil, nil
			}
		case "encoding/json.Marshal", "encoding/json.MarshalIndent":
			if len(call.Args) >= 1 {
				return call.Args[:1], nil, nil
			}
		}
		return nil, nil, nil
	}
	if runtimeFactory(callee) && len(call.Args) > envelopeNewData {
		return nil, nil, call.Args[envelopeNewData : envelopeNewData+1]
	}
	f := o.facts.Of(callee)
	if f == nil {
		return nil, nil, nil
	}
	pick := func(idx []int) []ast.Expr {
		var out []ast.Expr
		for _, i := range idx {
			if i < len(call.Args) {
				out = append(out, call.Args[i])
			}
		}
		return out
	}
	return pick(f.Writes), pick(f.Reads), pick(f.Wraps)
}

// encodesToPeer reports whether an Encode call's encoder was made on a
// response writer: json.NewEncoder(w).Encode(v), or an encoder variable
// assigned so.
func (o *outputs) encodesToPeer(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	made := []ast.Expr{sel.X}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		if v, ok := o.info.Uses[id].(*types.Var); ok && !v.IsField() {
			if body := o.bodyOf(v.Pos()); body != nil {
				made, _ = analyzerutil.AssignedValues(o.info, v, body)
			}
		}
	}
	for _, e := range made {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			continue
		}
		if fn, ok := o.info.Uses[analyzerutil.NameIdent(c.Fun)].(*types.Func); ok && fn.FullName() == "encoding/json.NewEncoder" && responseWriter(o.info.TypeOf(c.Args[0])) {
			return true
		}
	}
	return false
}

// dataSlots returns the values body puts as the data of an envelope: the
// "data" of a map literal with an ok key, and the field under "data" of a
// literal of a struct type with one; without an ok, of one with two of
// data, error, warnings and meta (the envelope's shape without its ok).
func (o *outputs) dataSlots(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok && peerHandler(o.info, fl.Type) {
			return false
		}
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		t := analyzerutil.LiteralType(o.info, lit)
		if t == nil {
			return true
		}
		if st, ok := t.Underlying().(*types.Struct); ok {
			if v := structData(st, lit); v != nil {
				out = append(out, v)
			}
			return true
		}
		keys, values, isMap, ok := literalKeys(o.info, lit)
		if ok && isMap && keys["data"] && (keys["ok"] || keys["success"] || keys["status"] || noOKShape(keys)) {
			out = append(out, values["data"])
		}
		return true
	})
	return out
}

// structData returns the value a literal of a struct type with an ok key,
// or with the envelope's shape without one, gives its field under "data",
// or nil.
func structData(st *types.Struct, lit *ast.CompositeLit) ast.Expr {
	fields, names := jsonNames(st, 0)
	if !names["data"] || fields.ok() == "" && fields["status"] == "" && !noOKShape(names) {
		return nil
	}
	dataField := ""
	for i := range st.NumFields() {
		f := st.Field(i)
		name, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		if name == "" {
			name = f.Name()
		}
		if f.Exported() && strings.EqualFold(name, "data") {
			dataField = f.Name()
			break
		}
	}
	v, _ := analyzerutil.FieldValue(st, lit, dataField)
	return v
}

// outputs is what a package writes and reads as JSON.
type outputs struct {
	info  *types.Info
	facts *summary.Table[jsonFact, *jsonFact]
	run   *runSet
	// written and read are the named types whose values (or pointers to
	// them, or lists of them) the package writes as output or decodes
	// into; direct are those it writes as T or *T, the output itself.
	written, read, direct map[*types.TypeName]bool
	// unrun are the named types the package writes outside the run: in an
	// HTTP or MCP handler, or in code nothing calls.
	unrun map[*types.TypeName]bool
	// lits are the composite literals the package writes as output: the
	// argument itself, a local variable's value, what a function of the
	// package returns when its result is the argument, or what the package
	// passes a local closure that writes its parameter.
	lits map[*ast.CompositeLit]bool
	// wrapped and wrappedTypes are the literals and named types the package
	// puts as the data of an envelope: payloads, whatever else writes them.
	wrapped      map[*ast.CompositeLit]bool
	wrappedTypes map[*types.TypeName]bool
	// replies and replyLits are the named types and the literals the
	// package builds as the answer to one request read in a loop
	// (replies.go): no envelope of the run.
	replies   map[*types.TypeName]bool
	replyLits map[*ast.CompositeLit]bool
	// bodies are the package's function bodies in source order, to find
	// the one a position is in.
	bodies []*ast.BlockStmt
}

func findOutputs(pass *analysis.Pass, rs *runSet) *outputs {
	o := &outputs{
		info:         pass.TypesInfo,
		facts:        summary.NewTable[jsonFact](pass),
		run:          rs,
		written:      map[*types.TypeName]bool{},
		read:         map[*types.TypeName]bool{},
		direct:       map[*types.TypeName]bool{},
		unrun:        map[*types.TypeName]bool{},
		lits:         map[*ast.CompositeLit]bool{},
		wrapped:      map[*ast.CompositeLit]bool{},
		wrappedTypes: map[*types.TypeName]bool{},
		replies:      map[*types.TypeName]bool{},
		replyLits:    map[*ast.CompositeLit]bool{},
	}
	if !analyzerutil.Imports(pass.Pkg, "encoding/json") && !o.facts.Any(func(*jsonFact) bool { return true }) {
		return o
	}
	funcs := summary.Funcs(pass)
	for _, fn := range funcs {
		o.bodies = append(o.bodies, fn.Decl.Body)
	}
	slices.SortFunc(o.bodies, func(a, b *ast.BlockStmt) int { return int(a.Pos() - b.Pos()) })
	summary.Solve(o.facts, funcs, func(fn summary.Func, cur *jsonFact) (*jsonFact, bool) {
		if peerHandler(pass.TypesInfo, fn.Decl.Type) {
			return cur, false
		}
		next := &jsonFact{}
		add := func(list *[]int, args []ast.Expr) {
			for _, a := range args {
				if i := paramIndex(pass.TypesInfo, fn.Obj, fn.Decl.Body, a); i >= 0 && !slices.Contains(*list, i) {
					*list = append(*list, i)
				}
			}
		}
		o.eachJSONCall(fn.Decl.Body, func(writes, reads, wraps []ast.Expr) {
			add(&next.Writes, writes)
			add(&next.Reads, reads)
			add(&next.Wraps, wraps)
		})
		add(&next.Wraps, o.dataSlots(fn.Decl.Body))
		if len(next.Writes)+len(next.Reads)+len(next.Wraps) == 0 {
			return cur, false
		}
		slices.Sort(next.Writes)
		slices.Sort(next.Reads)
		slices.Sort(next.Wraps)
		if cur != nil && slices.Equal(cur.Writes, next.Writes) && slices.Equal(cur.Reads, next.Reads) && slices.Equal(cur.Wraps, next.Wraps) {
			return cur, false
		}
		return next, true
	})
	o.facts.Export(pass)
	for _, body := range handlers(pass) {
		summary.Calls(o.info, body, nil, func(call *ast.CallExpr, callee *types.Func) {
			writes, _, _ := o.jsonArgs(call, callee)
			for _, a := range writes {
				o.mark(o.unrun, a)
			}
		})
	}
	returned := returnedLits(pass, funcs)
	bodies := o.codeBodies(pass, funcs)
	o.findReplies(pass, bodies)
	for _, body := range bodies {
		run := !o.run.outside(body.Pos())
		o.eachJSONCall(body, func(writes, reads, wraps []ast.Expr) {
			for _, a := range reads {
				o.mark(o.read, a) // what a type is, wherever it is decoded
			}
			if !run {
				for _, a := range writes {
					o.mark(o.unrun, a)
				}
				return
			}
			for _, a := range writes {
				o.mark(o.written, a)
				o.markDirect(a)
				for _, lit := range o.litsOf(a, body, returned) {
					o.lits[lit] = true
				}
			}
			o.markWrapped(wraps, body, returned)
		})
		if run {
			o.markWrapped(o.dataSlots(body), body, returned)
		}
	}
	return o
}

// markWrapped records the values put as an envelope's data: payloads.
func (o *outputs) markWrapped(data []ast.Expr, body *ast.BlockStmt, returned map[*types.Func][]*ast.CompositeLit) {
	for _, a := range data {
		o.mark(o.wrappedTypes, a)
		for _, lit := range o.litsOf(a, body, returned) {
			o.wrapped[lit] = true
		}
	}
}

// bodyOf returns the body of the package's function that pos is in, or
// nil.
func (o *outputs) bodyOf(pos token.Pos) *ast.BlockStmt {
	i, _ := slices.BinarySearchFunc(o.bodies, pos, func(b *ast.BlockStmt, p token.Pos) int { return int(b.Pos() - p) })
	if i > 0 && (i == len(o.bodies) || o.bodies[i].Pos() > pos) {
		i--
	}
	if i < len(o.bodies) && o.bodies[i].Pos() <= pos && pos < o.bodies[i].End() {
		return o.bodies[i]
	}
	return nil
}

// envelopes decides which written literals are the program's envelope:
// one with an ok key and data or error (a whole one), or with two of the
// envelope's other keys; one with an ok but neither data nor error only
// beside a whole envelope with the same ok key (whole: the types in view;
// the package's whole literals are added here), and not when the package
// also puts it as an envelope's data: it is then that envelope's payload,
// written plain in another mode.
func (o *outputs) envelopes(whole map[string]bool) map[*ast.CompositeLit]*Literal {
	out := map[*ast.CompositeLit]*Literal{}
	type partial struct {
		lit    *ast.CompositeLit
		keys   map[string]bool
		values map[string]ast.Expr
		isMap  bool
	}
	var partials []partial
	for lit := range o.lits {
		keys, values, isMap, ok := literalKeys(o.info, lit)
		if !ok || o.run.outside(lit.Pos()) || o.replyLits[lit] {
			continue
		}
		body := o.bodyOf(lit.Pos())
		okKey := literalOKKey(o.info, body, keys, values, func(string) bool { return true })
		switch {
		case okKey != "" && payloadKeys(keys):
			whole[okKey] = true
			out[lit] = newLiteral(keys, values, okKey, isMap)
		case okKey != "":
			partials = append(partials, partial{lit, keys, values, isMap})
		case noOKShape(keys):
			out[lit] = newLiteral(keys, values, "", isMap)
		}
	}
	for _, p := range partials {
		if o.wrapped[p.lit] {
			continue
		}
		// Of several ok keys, the one the program's envelope spells.
		okKey := literalOKKey(o.info, o.bodyOf(p.lit.Pos()), p.keys, p.values, func(k string) bool { return whole[k] })
		if okKey != "" {
			out[p.lit] = newLiteral(p.keys, p.values, okKey, p.isMap)
		}
	}
	return out
}

// newLiteral describes an envelope literal whose ok is under okKey.
func newLiteral(keys map[string]bool, values map[string]ast.Expr, okKey string, isMap bool) *Literal {
	if okKey != "status" {
		delete(keys, "status") // a status of something else
	}
	return &Literal{Keys: presentKeys(keys), OKKey: okKey, OK: values[okKey], Map: isMap}
}

// handlers returns the bodies of the package's handlers of a peer's
// request, declared or literal.
func handlers(pass *analysis.Pass) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil && peerHandler(pass.TypesInfo, n.Type) {
					out = append(out, n.Body)
				}
			case *ast.FuncLit:
				if peerHandler(pass.TypesInfo, n.Type) {
					out = append(out, n.Body)
				}
			}
			return true
		})
	}
	return out
}

// codeBodies returns the code that may write the program's output or
// decode a reply: the bodies of the package's functions and of the
// function literals in its package-level variables (a command table's
// handlers), leaving out test files and handlers of a peer's request.
// Which of them a run reaches is the caller's question.
func (o *outputs) codeBodies(pass *analysis.Pass, funcs []summary.Func) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, fn := range funcs {
		if !peerHandler(pass.TypesInfo, fn.Decl.Type) && !analyzerutil.InTestFile(pass.Fset, fn.Decl.Pos()) {
			out = append(out, fn.Decl.Body)
		}
	}
	for gd := range analyzerutil.VarDecls(pass) {
		ast.Inspect(gd, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				if !peerHandler(pass.TypesInfo, lit.Type) {
					out = append(out, lit.Body)
				}
				return false
			}
			return true
		})
	}
	return out
}

// eachJSONCall calls f with what each JSON call of body writes, reads and
// wraps, leaving out function literals that answer a peer.
func (o *outputs) eachJSONCall(body *ast.BlockStmt, f func(writes, reads, wraps []ast.Expr)) {
	summary.Calls(o.info, body, func(lit *ast.FuncLit) bool { return !peerHandler(o.info, lit.Type) }, func(call *ast.CallExpr, callee *types.Func) {
		if w, r, d := o.jsonArgs(call, callee); w != nil || r != nil || d != nil {
			f(w, r, d)
		}
	})
}

// unwrap strips what does not change which value is written: parentheses,
// &, conversions.
func unwrap(info *types.Info, e ast.Expr) ast.Expr {
	for i := 0; i < 4; i++ {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return e
			}
			e = x.X
		case *ast.CallExpr:
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
				e = x.Args[0]
				continue
			}
			return e
		default:
			return e
		}
	}
	return e
}

// paramIndex returns the index of the parameter of fn that e is, or -1.
// A parameter of a function literal that fn binds to a local variable
// and calls is followed to what fn passes it: emit := func(v any) {
// json.Marshal(v) }; emit(data).
func paramIndex(info *types.Info, fn *types.Func, body *ast.BlockStmt, e ast.Expr) int {
	return paramIndexDepth(info, fn, body, e, 0)
}

func paramIndexDepth(info *types.Info, fn *types.Func, body *ast.BlockStmt, e ast.Expr, depth int) int {
	id, ok := unwrap(info, e).(*ast.Ident)
	if !ok || depth > 2 {
		return -1
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return -1
	}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if v == params.At(i) {
			return i
		}
	}
	for _, arg := range closureArgs(info, body, v) {
		if i := paramIndexDepth(info, fn, body, arg, depth+1); i >= 0 {
			return i
		}
	}
	return -1
}

// closureArgs returns what body passes for v when v is a parameter of a
// function literal bound to a local variable of body and called there.
func closureArgs(info *types.Info, body *ast.BlockStmt, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		lit, ok := as.Rhs[0].(*ast.FuncLit)
		if !ok {
			return true
		}
		index := -1
		for _, p := range lit.Type.Params.List {
			for _, name := range p.Names {
				index++
				if info.Defs[name] != v {
					continue
				}
				bound, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
				if bound == nil {
					return true
				}
				fv := info.ObjectOf(bound)
				ast.Inspect(body, func(m ast.Node) bool {
					if call, ok := m.(*ast.CallExpr); ok {
						if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[id] == fv && index < len(call.Args) {
							out = append(out, call.Args[index])
						}
					}
					return true
				})
			}
		}
		return true
	})
	return out
}

// mark records the named type of a written or decoded value: T, *T, or
// the element of a slice or map of them.
func (o *outputs) mark(set map[*types.TypeName]bool, e ast.Expr) {
	t := o.info.TypeOf(unwrap(o.info, e))
	for i := 0; i < 4 && t != nil; i++ {
		if tn := typeName(t); tn != nil {
			if _, ok := tn.Type().Underlying().(*types.Struct); ok {
				set[tn] = true
				return
			}
		}
		switch u := types.Unalias(t).(type) {
		case *types.Pointer:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Map:
			t = u.Elem()
		default:
			return
		}
	}
}

// markDirect records the named struct type of a value written as the
// output itself: T or *T, not a list of them.
func (o *outputs) markDirect(e ast.Expr) {
	t := o.info.TypeOf(unwrap(o.info, e))
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if tn := typeName(t); tn != nil {
		if _, ok := tn.Type().Underlying().(*types.Struct); ok {
			o.direct[tn] = true
		}
	}
}

// litsOf returns the composite literals a written argument is: the
// literal itself, the literals assigned to a local variable, those a
// function of the package returns when the argument is its call, and what
// body passes a local closure when the argument is the closure's
// parameter (writeFinal := func(v any) {…}; writeFinal(map[string]any{…})).
func (o *outputs) litsOf(e ast.Expr, body *ast.BlockStmt, returned map[*types.Func][]*ast.CompositeLit) []*ast.CompositeLit {
	return o.litsOfDepth(e, body, returned, 0)
}

func (o *outputs) litsOfDepth(e ast.Expr, body *ast.BlockStmt, returned map[*types.Func][]*ast.CompositeLit, depth int) []*ast.CompositeLit {
	if depth > 3 {
		return nil
	}
	switch x := unwrap(o.info, e).(type) {
	case *ast.CompositeLit:
		return []*ast.CompositeLit{x}
	case *ast.Ident:
		if v, ok := o.info.Uses[x].(*types.Var); ok && !v.IsField() && body.Pos() <= v.Pos() && v.Pos() < body.End() {
			var out []*ast.CompositeLit
			values, _ := analyzerutil.AssignedValues(o.info, v, body)
			values = append(values, closureArgs(o.info, body, v)...)
			for _, val := range values {
				out = append(out, o.litsOfDepth(val, body, returned, depth+1)...)
			}
			return out
		}
	case *ast.CallExpr:
		if fn, ok := o.info.Uses[analyzerutil.NameIdent(x.Fun)].(*types.Func); ok {
			return returned[fn.Origin()]
		}
	}
	return nil
}

// assignedLits returns the composite literals assigned to the local
// variable v in body (through & and conversions).
func assignedLits(info *types.Info, v *types.Var, body *ast.BlockStmt) []*ast.CompositeLit {
	var out []*ast.CompositeLit
	values, _ := analyzerutil.AssignedValues(info, v, body)
	for _, e := range values {
		if lit, ok := unwrap(info, e).(*ast.CompositeLit); ok {
			out = append(out, lit)
		}
	}
	return out
}

// returnedLits maps each function of the package with one result to the
// composite literals it returns, directly or through a local variable.
func returnedLits(pass *analysis.Pass, funcs []summary.Func) map[*types.Func][]*ast.CompositeLit {
	out := map[*types.Func][]*ast.CompositeLit{}
	for _, fn := range funcs {
		if fn.Obj.Signature().Results().Len() != 1 {
			continue
		}
		body := fn.Decl.Body
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if len(n.Results) != 1 {
					return true
				}
				switch x := unwrap(pass.TypesInfo, n.Results[0]).(type) {
				case *ast.CompositeLit:
					out[fn.Obj] = append(out[fn.Obj], x)
				case *ast.Ident:
					if v, ok := pass.TypesInfo.Uses[x].(*types.Var); ok && body.Pos() <= v.Pos() && v.Pos() < body.End() {
						out[fn.Obj] = append(out[fn.Obj], assignedLits(pass.TypesInfo, v, body)...)
					}
				}
			}
			return true
		})
	}
	return out
}
