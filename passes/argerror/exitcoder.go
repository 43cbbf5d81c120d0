package argerror

import (
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// An error whose type has the method ExitCode() int returning one of its
// integer fields (the convention of urfave/cli's ExitCoder, which mains and
// frameworks read to pick the exit status) ends the process with what that
// field holds: given 3, the error carries ARG_ERROR, whatever the
// program's enum. The field carries a fact, so that a literal of the type
// in another package (ExitError{Err: err, Code: exitUsage}) is read the
// same way; so does a constructor that stores one of its parameters in the
// field (Exit(msg, code), as urfave/cli's cli.Exit), naming the parameter.

// exitFieldFact marks an integer field that an error type's ExitCode
// method returns.
type exitFieldFact struct{}

func (*exitFieldFact) AFact() {}

func (*exitFieldFact) String() string { return "exitCodeField" }

// coderFact marks a function that returns an error whose exit-code field
// holds its parameter Param.
type coderFact struct{ Param int }

func (*coderFact) AFact() {}

func (f *coderFact) String() string { return "exitCoder(parameter " + strconv.Itoa(f.Param) + ")" }

// exitCoders is what the package knows of the exit-code fields and the
// constructors that fill them: its own, and those of other packages it
// refers to.
type exitCoders struct {
	fields map[*types.Var]bool
	coders map[*types.Func]int // the parameter a constructor stores
}

// findExitCoders finds the package's exit-code fields and constructors,
// exports their facts, and imports those of the fields and functions of
// other packages the package refers to.
func findExitCoders(pass *analysis.Pass) *exitCoders {
	x := &exitCoders{fields: map[*types.Var]bool{}, coders: map[*types.Func]int{}}
	for _, obj := range pass.TypesInfo.Uses {
		if obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
			continue
		}
		switch o := obj.(type) {
		case *types.Var:
			if o.IsField() && pass.ImportObjectFact(o, new(exitFieldFact)) {
				x.fields[o] = true
			}
		case *types.Func:
			if f := new(coderFact); pass.ImportObjectFact(o, f) {
				x.coders[o] = f.Param
			}
		}
	}
	std := analyzerutil.InStd(pass)
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if v := exitCodeField(pass.TypesInfo, fd, fn); v != nil && !x.fields[v] {
			x.fields[v] = true
			if !std {
				pass.ExportObjectFact(v, &exitFieldFact{})
			}
		}
	}
	if len(x.fields) == 0 {
		return x
	}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if p, ok := x.storedParam(pass.TypesInfo, fd, fn); ok {
			x.coders[fn] = p
			if !std {
				pass.ExportObjectFact(fn, &coderFact{Param: p})
			}
		}
	}
	return x
}

// exitCodeField returns the field an ExitCode() int method returns
// (return e.Code, through conversions), or nil.
func exitCodeField(info *types.Info, fd *ast.FuncDecl, fn *types.Func) *types.Var {
	sig := fn.Signature()
	if fn.Name() != "ExitCode" || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 ||
		!analyzerutil.IsInteger(sig.Results().At(0).Type()) || fd.Body == nil || len(fd.Body.List) != 1 {
		return nil
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	e := ast.Unparen(ret.Results[0])
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !info.Types[call.Fun].IsType() {
			break
		}
		e = ast.Unparen(call.Args[0])
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != sig.Recv() {
		return nil
	}
	v, ok := info.Uses[sel.Sel].(*types.Var)
	if !ok || !v.IsField() || !analyzerutil.IsInteger(v.Type()) {
		return nil
	}
	return v
}

// storedParam returns the parameter a function stores in the exit-code
// field of the error it returns: every return statement returns a literal
// of the type (or its address) whose field is that parameter, unchanged.
func (x *exitCoders) storedParam(info *types.Info, fd *ast.FuncDecl, fn *types.Func) (int, bool) {
	sig := fn.Signature()
	if fd.Body == nil || sig.Results().Len() != 1 {
		return 0, false
	}
	param, found := -1, false
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			lit := compositeLit(n.Results[0])
			if lit == nil {
				ok = false
				return false
			}
			p := -1
			x.codeValues(info, lit, func(v ast.Expr) { p = paramIndex(info, sig, v) })
			if p < 0 || (found && p != param) {
				ok = false
				return false
			}
			param, found = p, true
		}
		return true
	})
	return param, ok && found
}

// compositeLit returns the literal an expression is, or takes the address
// of.
func compositeLit(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// paramIndex returns the index of the parameter e names, or -1.
func paramIndex(info *types.Info, sig *types.Signature, e ast.Expr) int {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return -1
	}
	for i := range sig.Params().Len() {
		if info.Uses[id] == sig.Params().At(i) {
			return i
		}
	}
	return -1
}

// codeValues yields the values a struct literal gives its exit-code
// fields, keyed or in order.
func (x *exitCoders) codeValues(info *types.Info, lit *ast.CompositeLit, yield func(ast.Expr)) {
	if len(x.fields) == 0 {
		return
	}
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && x.fields[v] {
					yield(kv.Value)
				}
			}
		} else if i < st.NumFields() && x.fields[st.Field(i)] {
			yield(elt)
		}
	}
}

// literalCarries reports how a struct literal carries ARG_ERROR through
// its exit-code field: the field given the constant 3.
func (x *exitCoders) literalCarries(info *types.Info, lit *ast.CompositeLit) string {
	via := ""
	x.codeValues(info, lit, func(v ast.Expr) {
		if IsArgCode(info.Types[v].Value) {
			via = typeName(info.TypeOf(lit))
		}
	})
	return via
}

// callCarries reports how a call of a constructor that stores its
// parameter in the exit-code field carries ARG_ERROR: given the constant 3
// there.
func (x *exitCoders) callCarries(info *types.Info, fn *types.Func, args []ast.Expr) string {
	if p, ok := x.coders[fn]; ok && p < len(args) && IsArgCode(info.Types[args[p]].Value) {
		return analyzerutil.CallName(fn)
	}
	return ""
}

// typeName names a named type, or a pointer to one, by its package's name:
// "clierr.ExitError".
func typeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	return types.TypeString(t, nil)
}
