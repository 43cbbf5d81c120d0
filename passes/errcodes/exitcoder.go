package errcodes

import (
	"go/ast"
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// An error whose type has the method ExitCode() int returning one of its
// integer fields (the convention of urfave/cli's ExitCoder, which mains and
// frameworks read to pick the exit status) ends such a process with what
// that field holds, whatever the program's enum. The field carries a fact,
// so that a literal of the type in another package (ExitError{Err: err,
// Code: exitUsage}) is read the same way; a constructor that stores one of
// its parameters in the field (Exit(msg, code), as urfave/cli's cli.Exit)
// is known by the exits pass's code fact (CodeParams.Fields).
//
// exitcode.FromError, and so the command runner, does not read ExitCode():
// the codes facts leave the rule out (Codes.WithExitFields applies it, given
// the exits pass's result by a pass that requires it: errcodes does not, so
// that it runs wherever it did).

// exitFieldFact marks an integer field that an error type's ExitCode
// method returns.
type exitFieldFact struct{}

func (*exitFieldFact) AFact() {}

func (*exitFieldFact) String() string { return "exitCodeField" }

// exitFields is what the package knows of the exit-code fields: its own,
// and those of other packages it refers to, by object and by the exits
// pass's field key.
type exitFields struct {
	fields map[*types.Var]bool
	keys   map[string]bool
}

// findExitFields finds the package's exit-code fields, exports their
// facts, and imports those of the fields of other packages the package
// refers to.
func findExitFields(pass *analysis.Pass) *exitFields {
	x := &exitFields{fields: map[*types.Var]bool{}, keys: map[string]bool{}}
	for _, v := range analyzerutil.RefsOf(pass).Fields {
		if pass.ImportObjectFact(v, new(exitFieldFact)) {
			x.add(v)
		}
	}
	std := analyzerutil.InStd(pass)
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if v := exitCodeField(pass.TypesInfo, fd, fn); v != nil && !x.fields[v] {
			x.add(v)
			if !std && v.Pkg() == pass.Pkg {
				pass.ExportObjectFact(v, &exitFieldFact{})
			}
		}
	}
	return x
}

func (x *exitFields) add(v *types.Var) {
	x.fields[v] = true
	if k := exits.FieldKey(v); k != "" {
		x.keys[k] = true
	}
}

// param returns the parameter a constructor stores in an exit-code field,
// by the exits pass's code facts (CodeParams.Fields).
func (x *exitFields) param(ex *exits.Exits, fn *types.Func) (int, bool) {
	if len(x.keys) == 0 {
		return 0, false
	}
	if cp := ex.Code(fn); cp != nil {
		for _, fp := range cp.Fields {
			if x.keys[fp.Field] {
				return fp.Param, true
			}
		}
	}
	return 0, false
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

// codeValues yields the values a struct literal gives its exit-code
// fields, keyed or in order.
func (x *exitFields) codeValues(info *types.Info, lit *ast.CompositeLit, yield func(ast.Expr)) {
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

// literalCodes returns the codes a struct literal carries through its
// exit-code fields: the constants it gives them, via the type's name.
func (x *exitFields) literalCodes(info *types.Info, lit *ast.CompositeLit) Set {
	out := Set{}
	x.codeValues(info, lit, func(v ast.Expr) {
		if code, ok := intConst(info.Types[v].Value); ok {
			out.add(code, TypeName(info.TypeOf(lit)))
		}
	})
	return out
}

// callCodes returns the code a call of a constructor that stores its
// parameter in an exit-code field carries: the constant given there.
func (x *exitFields) callCodes(info *types.Info, ex *exits.Exits, fn *types.Func, args []ast.Expr) Set {
	if p, ok := x.param(ex, fn); ok && p < len(args) {
		if code, ok := intConst(info.Types[args[p]].Value); ok {
			return Set{code: analyzerutil.CallName(fn)}
		}
	}
	return nil
}

// intConst returns the value of an integer constant of any integer type.
func intConst(v constant.Value) (int64, bool) {
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// IsExitField reports whether v is an integer field an error type's
// ExitCode method returns, of this package or another it refers to, when
// the rules have the ExitCode() field rule.
func (r *Rules) IsExitField(v *types.Var) bool { return r.fields != nil && r.fields.fields[v] }

// HasExitFields reports whether the rules have the ExitCode() field rule
// and the package knows of an exit-code field.
func (r *Rules) HasExitFields() bool { return r.fields != nil && len(r.fields.fields) > 0 }

// ExitFieldParam returns the parameter a constructor stores in an
// exit-code field (Exit(msg, code)), when the rules have the field rule.
func (r *Rules) ExitFieldParam(fn *types.Func) (int, bool) {
	if r.fields == nil {
		return 0, false
	}
	return r.fields.param(r.ex, fn)
}

// ExitFieldCodes returns the codes e sets in an exit-code field as
// constants, when the rules have the field rule: a struct literal's values
// for its exit-code fields, or the argument a constructor stores in one.
// Nothing else counts.
func (r *Rules) ExitFieldCodes(e ast.Expr) Set {
	if r.fields == nil {
		return nil
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return r.fields.literalCodes(r.info, x)
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(r.info, x).(*types.Func); ok {
			return r.fields.callCodes(r.info, r.ex, fn, x.Args)
		}
	}
	return nil
}

// TypeName names a named type, or a pointer to one, by its package's name:
// "clierr.ExitError".
func TypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Name() + "." + n.Obj().Name()
	}
	return types.TypeString(t, nil)
}
