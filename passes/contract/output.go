package contract

import (
	"go/ast"
	"go/token"
	"go/types"
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
// whose parameter reaches one, outside an HTTP handler (a fake or real
// server's reply is no command output). A type the program decodes into,
// directly or through such a helper, is a reply model of another service,
// never the program's envelope.

// jsonFact marks a function that hands one of its parameters to a JSON
// encoder as the program's output (Writes), or to a JSON decoder to fill
// (Reads): printJSON(v any), decode(r io.Reader, out any).
type jsonFact struct {
	Writes []int // indexes of the parameters it writes
	Reads  []int // indexes of the parameters it decodes into
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
	return "json(writes " + list(f.Writes) + " reads " + list(f.Reads) + ")"
}

var jsonFuncs = analyzerutil.NewFuncs([]string{
	"encoding/json.Marshal", "encoding/json.MarshalIndent", "(*encoding/json.Encoder).Encode",
	"encoding/json.Unmarshal", "(*encoding/json.Decoder).Decode",
})

// jsonArgs returns the arguments of a call that it writes as JSON output
// and that it decodes JSON into, by the encoders' and decoders' names and
// the facts.
func (o *outputs) jsonArgs(call *ast.CallExpr, callee *types.Func) (writes, reads []ast.Expr) {
	if name, ok := jsonFuncs.Name(callee); ok {
		switch name {
		case "encoding/json.Unmarshal":
			if len(call.Args) == 2 {
				return nil, call.Args[1:2]
			}
		case "(*encoding/json.Decoder).Decode":
			if len(call.Args) == 1 {
				return nil, call.Args[:1]
			}
		case "encoding/json.Marshal", "encoding/json.MarshalIndent", "(*encoding/json.Encoder).Encode":
			if len(call.Args) >= 1 {
				return call.Args[:1], nil
			}
		}
		return nil, nil
	}
	f := o.facts.Of(callee)
	if f == nil {
		return nil, nil
	}
	for _, i := range f.Writes {
		if i < len(call.Args) {
			writes = append(writes, call.Args[i])
		}
	}
	for _, i := range f.Reads {
		if i < len(call.Args) {
			reads = append(reads, call.Args[i])
		}
	}
	return writes, reads
}

// outputs is what a package writes and reads as JSON.
type outputs struct {
	info  *types.Info
	facts *summary.Table[jsonFact, *jsonFact]
	// written and read are the named types whose values (or pointers to
	// them) the package writes as output or decodes into.
	written, read map[*types.TypeName]bool
	// served are the named types an HTTP handler of the package writes.
	served map[*types.TypeName]bool
	// lits are the composite literals the package writes as output: the
	// argument itself, a local variable's value, or what a function of the
	// package returns when its result is the argument.
	lits map[*ast.CompositeLit]bool
}

func findOutputs(pass *analysis.Pass) *outputs {
	o := &outputs{
		info:    pass.TypesInfo,
		facts:   summary.NewTable[jsonFact](pass),
		written: map[*types.TypeName]bool{},
		read:    map[*types.TypeName]bool{},
		served:  map[*types.TypeName]bool{},
		lits:    map[*ast.CompositeLit]bool{},
	}
	if !analyzerutil.Imports(pass.Pkg, "encoding/json") && !o.facts.Any(func(*jsonFact) bool { return true }) {
		return o
	}
	funcs := summary.Funcs(pass)
	summary.Solve(o.facts, funcs, func(fn summary.Func, cur *jsonFact) (*jsonFact, bool) {
		if serves(pass.TypesInfo, fn.Decl.Type) {
			return cur, false
		}
		next := &jsonFact{}
		o.eachJSONCall(fn.Decl.Body, func(writes, reads []ast.Expr) {
			for _, a := range writes {
				if i := paramIndex(pass.TypesInfo, fn.Obj, fn.Decl.Body, a); i >= 0 && !slices.Contains(next.Writes, i) {
					next.Writes = append(next.Writes, i)
				}
			}
			for _, a := range reads {
				if i := paramIndex(pass.TypesInfo, fn.Obj, fn.Decl.Body, a); i >= 0 && !slices.Contains(next.Reads, i) {
					next.Reads = append(next.Reads, i)
				}
			}
		})
		if len(next.Writes)+len(next.Reads) == 0 {
			return cur, false
		}
		slices.Sort(next.Writes)
		slices.Sort(next.Reads)
		if cur != nil && slices.Equal(cur.Writes, next.Writes) && slices.Equal(cur.Reads, next.Reads) {
			return cur, false
		}
		return next, true
	})
	o.facts.Export(pass)
	for _, body := range handlers(pass) {
		summary.Calls(o.info, body, nil, func(call *ast.CallExpr, callee *types.Func) {
			writes, _ := o.jsonArgs(call, callee)
			for _, a := range writes {
				o.mark(o.served, a)
			}
		})
	}
	returned := returnedLits(pass, funcs)
	for _, body := range bodies(pass, funcs) {
		o.eachJSONCall(body, func(writes, reads []ast.Expr) {
			for _, a := range writes {
				o.mark(o.written, a)
				for _, lit := range o.litsOf(a, body, returned) {
					o.lits[lit] = true
				}
			}
			for _, a := range reads {
				o.mark(o.read, a)
			}
		})
	}
	return o
}

// handlers returns the bodies of the package's HTTP handlers, declared or
// literal.
func handlers(pass *analysis.Pass) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body != nil && serves(pass.TypesInfo, n.Type) {
					out = append(out, n.Body)
				}
			case *ast.FuncLit:
				if serves(pass.TypesInfo, n.Type) {
					out = append(out, n.Body)
				}
			}
			return true
		})
	}
	return out
}

// bodies returns the code that may write the program's output: the bodies
// of the package's functions and of the function literals in its
// package-level variables (a command table's handlers), leaving out test
// files and HTTP handlers.
func bodies(pass *analysis.Pass, funcs []summary.Func) []*ast.BlockStmt {
	var out []*ast.BlockStmt
	for _, fn := range funcs {
		if !serves(pass.TypesInfo, fn.Decl.Type) && !analyzerutil.InTestFile(pass.Fset, fn.Decl.Pos()) {
			out = append(out, fn.Decl.Body)
		}
	}
	for gd := range analyzerutil.VarDecls(pass) {
		ast.Inspect(gd, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				if !serves(pass.TypesInfo, lit.Type) {
					out = append(out, lit.Body)
				}
				return false
			}
			return true
		})
	}
	return out
}

// eachJSONCall calls f with what each JSON call of body writes and reads,
// leaving out function literals that serve HTTP.
func (o *outputs) eachJSONCall(body *ast.BlockStmt, f func(writes, reads []ast.Expr)) {
	summary.Calls(o.info, body, func(lit *ast.FuncLit) bool { return !serves(o.info, lit.Type) }, func(call *ast.CallExpr, callee *types.Func) {
		if w, r := o.jsonArgs(call, callee); w != nil || r != nil {
			f(w, r)
		}
	})
}

// serves reports whether a function with this signature is an HTTP
// handler: it has a parameter of type http.ResponseWriter. What it encodes
// is a server's reply.
func serves(info *types.Info, ft *ast.FuncType) bool {
	for _, field := range ft.Params.List {
		if n, ok := types.Unalias(info.TypeOf(field.Type)).(*types.Named); ok {
			if obj := n.Obj(); obj.Pkg() != nil && obj.Pkg().Path() == "net/http" && obj.Name() == "ResponseWriter" {
				return true
			}
		}
	}
	return false
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

// litsOf returns the composite literals a written argument is: the
// literal itself, the literals assigned to a local variable, or those a
// function of the package returns when the argument is its call.
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
