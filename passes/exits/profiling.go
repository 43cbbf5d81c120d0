package exits

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// profiling reports whether cur lies in the body of an `if err != nil`
// whose err is the error of a profiler's call (runtime/pprof's
// StartCPUProfile, WriteHeapProfile, a Profile's WriteTo, runtime/trace's
// Start), or of creating the file the function then hands to one
// (os.Create, os.OpenFile, os.CreateTemp): a profile is written for the
// developer who asked for it with a flag or a variable of their own, and
// no agent reads the code of its failure.
func (x *Exemptions) profiling(cur inspector.Cursor) bool {
	return x.errorOf(cur, func(call *ast.CallExpr, body *ast.BlockStmt) bool {
		if profilerCall(x.info, call) {
			return true
		}
		fn := typeutil.StaticCallee(x.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "os" {
			return false
		}
		switch fn.Name() {
		case "Create", "OpenFile", "CreateTemp":
		default:
			return false
		}
		file := x.assignedFirst(call)
		return file != nil && handsToProfiler(x.info, body, file)
	})
}

// profilerCall reports whether call starts or writes a profile or a
// trace.
func profilerCall(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "runtime/pprof.StartCPUProfile", "runtime/pprof.WriteHeapProfile", "runtime/pprof.WriteTo", "runtime/trace.Start":
		return true
	}
	return false
}

// assignedFirst returns the variable the statement holding call assigns
// call's first result to (f in `f, err := os.Create(p)`), or nil.
func (x *Exemptions) assignedFirst(call *ast.CallExpr) *types.Var {
	cur, ok := x.inspector().Root().FindNode(call)
	if !ok {
		return nil
	}
	var lhs ast.Expr
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 && len(p.Lhs) > 0 {
			lhs = p.Lhs[0]
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 && len(p.Names) > 0 {
			lhs = p.Names[0]
		}
	}
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := x.info.ObjectOf(id).(*types.Var)
	return v
}

// handsToProfiler reports whether body gives file to a profiler's call
// (pprof.StartCPUProfile(f), a Profile's WriteTo(f, 0)).
func handsToProfiler(info *types.Info, body *ast.BlockStmt, file *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || !profilerCall(info, call) {
			return !found
		}
		for _, a := range call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && info.Uses[id] == file {
				found = true
			}
		}
		return !found
	})
	return found
}
