package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// maxCallbackDepth is how many callbacks deep afterSignal follows a
// function literal to the receive its callee makes before calling it: a
// shutdown handler that takes the cleanup to run (onShutdown(func() { …;
// os.Exit(1) })) is one level, and deeper chains are not worth the walk.
const maxCallbackDepth = 2

// terminationSignals are the signals a supervisor, a timeout or the caller
// sends to stop a process (kill, a container's shutdown, a closed
// terminal). os.Interrupt alone is the user's Ctrl-C at a terminal.
var terminationSignals = []string{"SIGTERM", "SIGHUP", "SIGQUIT"}

// signalSources are the package's values that a termination signal
// reaches: the channels signal.Notify relays one to, the contexts
// signal.NotifyContext cancels on one, and the functions of the package
// that return such a channel (registerShutdownCh).
type signalSources struct {
	chans map[*types.Var]bool
	ctxs  map[*types.Var]bool
	funcs map[*types.Func]bool
}

// afterSignal reports whether the exit call at cur runs only once the
// process has received a termination signal: a receive from a channel
// signal.Notify relays SIGTERM, SIGHUP or SIGQUIT to (or from the Done of a
// context signal.NotifyContext cancels on one) comes before it in its
// function, as an earlier statement of an enclosing block, the case of an
// enclosing select, or the range of an enclosing loop; or its function is
// a literal that a function of the package calls only after such a
// receive (the cleanup given to a shutdown handler). The caller or a
// supervisor is stopping the process; no code of the table describes
// that, and GENERAL_ERROR is the last resort.
func (x *Exemptions) afterSignal(cur inspector.Cursor) bool {
	if !analyzerutil.Imports(x.pkg, "os/signal") {
		return false
	}
	if x.signals == nil {
		x.signals = x.findSignalSources()
	}
	if len(x.signals.chans) == 0 && len(x.signals.ctxs) == 0 {
		return false
	}
	return x.signalled(cur, 0)
}

// signalled is afterSignal at depth callbacks deep.
func (x *Exemptions) signalled(cur inspector.Cursor, depth int) bool {
	for c := cur; c.Node() != nil; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			return false
		case *ast.FuncLit:
			return depth < maxCallbackDepth && x.calledAfterSignal(c, depth+1)
		case *ast.RangeStmt:
			if c.Child(n.Body).Contains(cur) && x.signalChan(n.X) {
				return true
			}
		}
		// An earlier statement of the same list has run when this one
		// runs; in a select's case, the case's receive is one of them.
		for p, ok := c.PrevSibling(); ok; p, ok = p.PrevSibling() {
			if s, isStmt := p.Node().(ast.Stmt); isStmt && x.receivesSignal(s) {
				return true
			}
		}
	}
	return false
}

// receivesSignal reports whether the statement s is a receive from a
// termination-signal source: `<-ch`, `sig := <-ch`, `<-ctx.Done()`.
func (x *Exemptions) receivesSignal(s ast.Stmt) bool {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 {
			return false
		}
		e = s.Rhs[0]
	default:
		return false
	}
	recv, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && recv.Op == token.ARROW && x.signalChan(recv.X)
}

// signalChan reports whether e is a channel a termination signal arrives
// on: a variable signal.Notify relays one to, a call of a function of the
// package that returns one, or the Done of a context NotifyContext made.
func (x *Exemptions) signalChan(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := x.info.Uses[e].(*types.Var)
		return v != nil && x.signals.chans[v]
	case *ast.CallExpr:
		if fn := typeutil.StaticCallee(x.info, e); fn != nil && x.signals.funcs[fn] {
			return true
		}
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Done" || len(e.Args) != 0 {
			return false
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			return false
		}
		v, _ := x.info.Uses[id].(*types.Var)
		return v != nil && x.signals.ctxs[v]
	}
	return false
}

// calledAfterSignal reports whether the function literal at lit is given
// to a function of the package that calls it only after a termination
// signal arrived, and uses it for nothing else.
func (x *Exemptions) calledAfterSignal(lit inspector.Cursor, depth int) bool {
	kind, idx := lit.ParentEdge()
	if kind != edge.CallExpr_Args {
		return false
	}
	fn := typeutil.StaticCallee(x.info, lit.Parent().Node().(*ast.CallExpr))
	if fn == nil || fn.Pkg() != x.pkg || fn.Signature().Variadic() {
		return false
	}
	decl := x.funcDecl(fn)
	if decl == nil || decl.Body == nil {
		return false
	}
	param := paramVar(x.info, decl, idx)
	body, ok := lit.Inspector().Root().FindNode(decl.Body)
	if param == nil || !ok {
		return false
	}
	calls := 0
	for id := range body.Preorder((*ast.Ident)(nil)) {
		if x.info.Uses[id.Node().(*ast.Ident)] != param {
			continue
		}
		call := id.Parent()
		if id.ParentEdgeKind() != edge.CallExpr_Fun || !x.signalled(call, depth) {
			return false
		}
		calls++
	}
	return calls > 0
}

// paramVar returns the variable of decl's parameter at index i, or nil.
func paramVar(info *types.Info, decl *ast.FuncDecl, i int) *types.Var {
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if i == 0 {
				v, _ := info.Defs[name].(*types.Var)
				return v
			}
			i--
		}
		if len(field.Names) == 0 {
			i--
		}
	}
	return nil
}

// findSignalSources finds the package's termination-signal sources.
func (x *Exemptions) findSignalSources() *signalSources {
	src := &signalSources{chans: map[*types.Var]bool{}, ctxs: map[*types.Var]bool{}, funcs: map[*types.Func]bool{}}
	for _, f := range x.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if x.isSignalFunc(n, "Notify") && len(n.Args) > 0 && terminates(x.info, n) {
					if v := analyzerutil.IdentVar(x.info, n.Args[0]); v != nil {
						src.chans[v] = true
					}
				}
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) > 0 {
					if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && x.isSignalFunc(call, "NotifyContext") && terminates(x.info, call) {
						if v := analyzerutil.IdentVar(x.info, n.Lhs[0]); v != nil {
							src.ctxs[v] = true
						}
					}
				}
			}
			return true
		})
	}
	x.signalFuncs(src)
	return src
}

// signalFuncs adds the functions of the package that return a signal
// channel, and the variables their results are assigned to.
func (x *Exemptions) signalFuncs(src *signalSources) {
	for _, f := range x.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := x.info.Defs[fd.Name].(*types.Func)
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if _, lit := n.(*ast.FuncLit); lit {
					return false
				}
				if ret, ok := n.(*ast.ReturnStmt); ok && fn != nil && len(ret.Results) == 1 {
					if v := analyzerutil.IdentVar(x.info, ret.Results[0]); v != nil && src.chans[v] {
						src.funcs[fn] = true
					}
				}
				return true
			})
		}
	}
	if len(src.funcs) == 0 {
		return
	}
	for _, f := range x.files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
				return true
			}
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				if fn := typeutil.StaticCallee(x.info, call); fn != nil && src.funcs[fn] {
					if v := analyzerutil.IdentVar(x.info, as.Lhs[0]); v != nil {
						src.chans[v] = true
					}
				}
			}
			return true
		})
	}
}

// isSignalFunc reports whether call calls os/signal's function name.
func (x *Exemptions) isSignalFunc(call *ast.CallExpr, name string) bool {
	fn := typeutil.StaticCallee(x.info, call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os/signal" && fn.Name() == name
}

// terminates reports whether a signal.Notify or signal.NotifyContext call
// relays a termination signal: one of terminationSignals, or every signal
// (no signal named). Signals passed as a slice are not known.
func terminates(info *types.Info, call *ast.CallExpr) bool {
	if call.Ellipsis.IsValid() {
		return false
	}
	sigs := call.Args[1:]
	if len(sigs) == 0 {
		return true
	}
	for _, s := range sigs {
		id := analyzerutil.NameIdent(s)
		if id == nil {
			continue
		}
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			continue
		}
		switch obj.Pkg().Path() {
		case "syscall", "golang.org/x/sys/unix":
			if slices.Contains(terminationSignals, obj.Name()) {
				return true
			}
		}
	}
	return false
}
