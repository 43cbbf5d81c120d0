package exits

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// afterNoReturn reports whether cur follows, in a statement list of its
// function, a call that never returns (neverReturns), with no label
// between them that a jump could land on: the code at cur never runs, and
// the code an agent sees is the one the earlier call exits with
// (`usage(); os.Exit(2)` where usage exits 2 itself).
func (x *Exemptions) afterNoReturn(cur inspector.Cursor) bool {
	for c := cur; ; c = c.Parent() {
		switch c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.File:
			return false
		}
		if c.Parent().Node() == nil {
			return false
		}
		k, _ := c.ParentEdge()
		switch k {
		case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
		default:
			continue
		}
		if _, labeled := c.Node().(*ast.LabeledStmt); labeled {
			continue // a jump may land on it
		}
		for prev, ok := c.PrevSibling(); ok; prev, ok = prev.PrevSibling() {
			stmt := prev.Node()
			if l, ok := stmt.(*ast.LabeledStmt); ok {
				if x.stmtNeverReturns(l.Stmt) {
					return true
				}
				break // a jump may land after it
			}
			if x.stmtNeverReturns(stmt) {
				return true
			}
		}
	}
}

// stmtNeverReturns reports whether the statement is a call that never
// returns.
func (x *Exemptions) stmtNeverReturns(stmt ast.Node) bool {
	es, ok := stmt.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := ast.Unparen(es.X).(*ast.CallExpr)
	return ok && x.neverReturns(call)
}

// neverReturns reports whether a call never returns: an exit or a fatal
// (but not one that exits only when its error is not nil, cobra.CheckErr
// or kong's FatalIfErrorf), a panic, a function of the package whose every
// path ends in such a call, or a call through a function variable or
// field that holds only such functions (funcValues).
func (x *Exemptions) neverReturns(call *ast.CallExpr) bool {
	fun := ast.Unparen(call.Fun)
	if id, ok := fun.(*ast.Ident); ok {
		if b, ok := x.info.Uses[id].(*types.Builtin); ok {
			return b.Name() == "panic"
		}
	}
	if fn, ok := typeutil.Callee(x.info, call).(*types.Func); ok {
		if ex, ok := x.ex.Call(call); ok && ex.Kind != KindHelper {
			return !OnlyOnError(ex.Callee)
		}
		if x.ex.NoReturn(fn) {
			return true
		}
		if fn.Pkg() != x.pkg || fn.Signature().Recv() != nil && types.IsInterface(fn.Signature().Recv().Type()) {
			return false
		}
		decl := x.funcDecl(fn)
		return decl != nil && x.bodyNeverReturns(decl.Body)
	}
	values, ok := x.funcValues(fun)
	if !ok {
		return false
	}
	for _, v := range values {
		switch v := ast.Unparen(v).(type) {
		case *ast.FuncLit:
			if !x.bodyNeverReturns(v.Body) {
				return false
			}
		default:
			fn, ok := x.info.Uses[analyzerutil.NameIdent(v)].(*types.Func)
			if ok && x.ex.NoReturn(fn) {
				continue
			}
			if !ok || fn.Pkg() != x.pkg || fn.Signature().Recv() != nil {
				return false
			}
			if decl := x.funcDecl(fn); decl == nil || !x.bodyNeverReturns(decl.Body) {
				return false
			}
		}
	}
	return true
}

// bodyNeverReturns reports whether no path through a function body
// reaches a return, the implicit one at its end included: each ends in a
// call that never returns. A body asked about while it is being decided
// (recursion) may return.
func (x *Exemptions) bodyNeverReturns(body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	if x.noReturnBodies == nil {
		x.noReturnBodies = map[*ast.BlockStmt]bool{}
	}
	if v, ok := x.noReturnBodies[body]; ok {
		return v
	}
	x.noReturnBodies[body] = false // while undecided
	if x.recovers(body) {
		return false // a deferred recover turns a panic into a return
	}
	g := cfg.New(body, func(call *ast.CallExpr) bool { return !x.neverReturns(call) })
	never := true
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		for _, n := range b.Nodes {
			if _, ok := n.(*ast.ReturnStmt); ok {
				never = false
			}
		}
	}
	x.noReturnBodies[body] = never
	return never
}

// funcValues returns the functions a call through a function value may
// call, when every one is known: a local variable's, or an unexported
// package-level variable's of the package (or any of a main package's),
// assigned in the package only; a field of a struct type of the package
// that no other package can set (unexported, or of a main package); or the
// Usage field of a flag set of the flag or pflag package that the package
// made with NewFlagSet and only ever selects from, never hands to other
// code that might set the field (funcs of the package assigned
// everywhere the package stores the field).
func (x *Exemptions) funcValues(fun ast.Expr) ([]ast.Expr, bool) {
	switch f := fun.(type) {
	case *ast.Ident:
		v, ok := x.info.Uses[f].(*types.Var)
		if !ok || !x.ownVar(v) {
			return nil, false
		}
		return x.varValues(v)
	case *ast.SelectorExpr:
		sel, ok := x.info.Selections[f]
		if !ok || sel.Kind() != types.FieldVal {
			return nil, false
		}
		field := sel.Obj().(*types.Var)
		switch {
		case field.Pkg() == x.pkg && (!field.Exported() || x.pkg.Name() == "main"):
		case field.Name() == "Usage" && field.Pkg() != nil && (field.Pkg().Path() == "flag" || field.Pkg().Path() == "github.com/spf13/pflag"):
			if !x.ownFlagSet(f.X, field.Pkg().Path()) {
				return nil, false
			}
		default:
			return nil, false
		}
		return x.fieldValues(field)
	}
	return nil, false
}

// ownFlagSet reports whether e is a variable of the package that only
// NewFlagSet of package path assigns and that the package only selects
// from: no code the package cannot see holds the flag set.
func (x *Exemptions) ownFlagSet(e ast.Expr, path string) bool {
	v, _, ok := x.flagSetModes(e, path)
	return ok && x.onlySelected(v)
}

// exitsOnError reports whether e, the receiver of a flag set's Parse, is
// a variable of the package that only NewFlagSet(…, ExitOnError) of the
// flag or pflag package assigns: Parse never returns an error then, since
// on a bad flag the package prints it and exits 2 itself (0 after -h).
//
// The same holds for the process's flag set, CommandLine, which both
// packages make with ExitOnError (commandLine).
func (x *Exemptions) exitsOnError(e ast.Expr, path string) bool {
	if x.commandLine(e, path, true) {
		return true
	}
	_, modes, ok := x.flagSetModes(e, path)
	for _, mode := range modes {
		c, isConst := x.info.Uses[analyzerutil.NameIdent(mode)].(*types.Const)
		ok = ok && isConst && c.Pkg() != nil && c.Pkg().Path() == path && c.Name() == "ExitOnError"
	}
	return ok
}

// flagSetModes returns, when e names a variable the package owns
// (ownVar) and every value the package assigns it is a call of NewFlagSet
// of package path, the variable and the error-handling argument of each
// call.
func (x *Exemptions) flagSetModes(e ast.Expr, path string) (*types.Var, []ast.Expr, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	v, ok := x.info.Uses[id].(*types.Var)
	if !ok || !x.ownVar(v) {
		return nil, nil, false
	}
	values, ok := x.varValues(v)
	if !ok {
		return nil, nil, false
	}
	var modes []ast.Expr
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 {
			return nil, nil, false
		}
		fn := typeutil.StaticCallee(x.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path || fn.Name() != "NewFlagSet" {
			return nil, nil, false
		}
		modes = append(modes, call.Args[1])
	}
	return v, modes, true
}

// commandLine reports whether e is the CommandLine flag set of package
// path, or (when local is true) a variable of the package every value of
// which is, and the package neither assigns CommandLine nor calls its
// Init: the flag set keeps the ExitOnError the package made it with.
// Another package of the program could still re-initialize it; that is
// rare enough to leave out, as the rule's documentation says.
func (x *Exemptions) commandLine(e ast.Expr, path string, local bool) bool {
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		obj = x.info.Uses[e.Sel]
	case *ast.Ident:
		obj = x.info.Uses[e]
		if v, ok := obj.(*types.Var); ok && local && x.ownVar(v) {
			values, ok := x.varValues(v)
			if !ok || len(values) == 0 {
				return false
			}
			for _, val := range values {
				if !x.commandLine(val, path, false) {
					return false
				}
			}
			return true
		}
	}
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != path || v.Name() != "CommandLine" || v.Parent() != v.Pkg().Scope() {
		return false
	}
	return !x.reinits(v)
}

// reinits reports whether the package's files assign the package-level
// variable v or call an Init method on it.
func (x *Exemptions) reinits(v *types.Var) bool {
	isV := func(e ast.Expr) bool {
		switch e := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			return x.info.Uses[e.Sel] == v
		case *ast.Ident:
			return x.info.Uses[e] == v
		}
		return false
	}
	for cur := range x.inspector().Root().Preorder((*ast.AssignStmt)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if slices.ContainsFunc(n.Lhs, isV) {
				return true
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Init" && isV(sel.X) {
				return true
			}
		}
	}
	return false
}

// ownVar reports whether every assignment to v lies in the package: a
// local variable, or a package-level one that no importer can assign
// (unexported, or of a main package).
func (x *Exemptions) ownVar(v *types.Var) bool {
	return v.Pkg() == x.pkg && (v.Parent() != x.pkg.Scope() || !v.Exported() || x.pkg.Name() == "main")
}

// varValues returns what the package's files assign to v, when every
// assignment is known and there is one at least.
func (x *Exemptions) varValues(v *types.Var) ([]ast.Expr, bool) {
	var all []ast.Expr
	local := v.Parent() != x.pkg.Scope()
	for _, f := range x.files {
		if local && (v.Pos() < f.FileStart || v.Pos() >= f.FileEnd) {
			continue // a local variable is assigned only in its file
		}
		values, complete := analyzerutil.AssignedValues(x.info, v, f)
		if !complete {
			return nil, false
		}
		all = append(all, values...)
	}
	return all, len(all) > 0
}

// fieldValues returns what the package stores in the field: in
// assignments and composite literals, when there is one at least.
func (x *Exemptions) fieldValues(field *types.Var) ([]ast.Expr, bool) {
	var all []ast.Expr
	for _, f := range x.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for sel, val := range analyzerutil.FieldStores(x.info, n) {
					if sel.Obj() == field {
						all = append(all, val)
					}
				}
			case *ast.CompositeLit:
				st, ok := x.info.TypeOf(n).Underlying().(*types.Struct)
				if !ok {
					break
				}
				for i := range st.NumFields() {
					if st.Field(i) == field {
						if val, ok := analyzerutil.FieldValue(st, n, field.Name()); ok {
							all = append(all, val)
						}
					}
				}
			}
			return true
		})
	}
	return all, len(all) > 0
}

// onlySelected reports whether every use of v in the package selects a
// field or method from it: the value itself goes nowhere.
func (x *Exemptions) onlySelected(v *types.Var) bool {
	if x.ins == nil {
		x.ins = inspector.New(x.files)
	}
	for cur := range x.ins.Root().Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if x.info.Uses[id] != v {
			continue
		}
		k, _ := cur.ParentEdge()
		switch k {
		case edge.SelectorExpr_X:
		case edge.AssignStmt_Lhs:
		default:
			return false
		}
	}
	return true
}

// recovers reports whether the body, or a function literal in it, calls
// the built-in recover.
func (x *Exemptions) recovers(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && x.info.Uses[id] == types.Universe.Lookup("recover") {
			found = true
		}
		return !found
	})
	return found
}
