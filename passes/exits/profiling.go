package exits

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
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
		return handsToProfiler(x.info, body, call)
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

// handsToProfiler reports whether body gives a profiler's call
// (pprof.StartCPUProfile(f), a Profile's WriteTo(f, 0)) the file that
// open, a call of body, returned: a local variable whose value is open.
func handsToProfiler(info *types.Info, body *ast.BlockStmt, open *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found || !profilerCall(info, call) {
			return !found
		}
		for _, a := range call.Args {
			values, _ := analyzerutil.LocalValues(info, a, body)
			if slices.Contains(values, ast.Expr(open)) {
				found = true
			}
		}
		return !found
	})
	return found
}
