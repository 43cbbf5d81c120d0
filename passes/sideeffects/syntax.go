package sideeffects

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"golang.org/x/tools/go/types/typeutil"
)

// syntaxCall answers a rule's questions from a call's syntax; body is the
// function it lies in (nil when unknown), for its local variables, and sig
// that function's signature (nil when unknown), for its parameters.
type syntaxCall struct {
	info *types.Info
	call *ast.CallExpr
	body *ast.BlockStmt
	sig  *types.Signature
	// homes knows the functions that return a path in one of the program's
	// homes (nil: none is known).
	homes *homes
}

// arg returns argument i, or the receiver for Recv, or nil.
func (c syntaxCall) arg(i int) ast.Expr {
	if i == Recv {
		if sel, ok := ast.Unparen(c.call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := c.info.Selections[sel]; ok && s.Kind() == types.MethodVal {
				return sel.X
			}
		}
		return nil
	}
	if i < 0 || i >= len(c.call.Args) {
		return nil
	}
	return c.call.Args[i]
}

// param returns the index of the parameter of the enclosing function that
// argument i is, unchanged in the body: the request a helper sends as given
// (or through WithContext), the file it writes to, the path it writes at.
func (c syntaxCall) param(i int) (int, bool) { return c.paramOf(c.arg(i)) }

// paramOf is param for an expression.
func (c syntaxCall) paramOf(e ast.Expr) (int, bool) {
	if e == nil || c.sig == nil {
		return 0, false
	}
	for {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			break
		}
		fn, _ := typeutil.Callee(c.info, call).(*types.Func)
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !IsRequestCopy(fn) || !isSel {
			return 0, false
		}
		e = sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok {
		return 0, false
	}
	for p := range c.sig.Params().Len() {
		if c.sig.Params().At(p) == v {
			if values, complete := analyzerutil.AssignedValues(c.info, v, c.body); !complete || len(values) > 0 {
				return 0, false
			}
			return p, true
		}
	}
	return 0, false
}

func (c syntaxCall) InTempDir(i int) bool {
	e := c.arg(i)
	return e != nil && c.temp(e, 0)
}

// tempFile follows a file expression: a call of os.CreateTemp, of os.Create
// or os.OpenFile at a temporary path, or a local variable of body every
// value of which is one.
func (c syntaxCall) tempFile(e ast.Expr, depth int) bool {
	return c.follow(e, depth, func(fn *types.Func, call *ast.CallExpr, depth int) bool {
		switch PathFuncOf(fn) {
		case TempFile:
			return true
		case OpenPath:
			return len(call.Args) > 0 && c.temp(call.Args[0], depth+1)
		}
		return false
	})
}

func (c syntaxCall) OwnPid(i int) bool {
	call, ok := ast.Unparen(c.arg(i)).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	return IsOwnPid(fn)
}

// temp follows a path expression: a call of os.MkdirTemp, a join whose
// first element is temporary, or a local variable of body every value of
// which is.
func (c syntaxCall) temp(e ast.Expr, depth int) bool {
	return c.follow(e, depth, func(fn *types.Func, call *ast.CallExpr, depth int) bool {
		switch PathFuncOf(fn) {
		case TempDir:
			return true
		case Join:
			return len(call.Args) > 0 && c.temp(call.Args[0], depth+1)
		}
		return false
	})
}

// follow reports whether e is a call of a function for which made says
// yes, or a local variable of body every value of which is, a few
// variables deep.
func (c syntaxCall) follow(e ast.Expr, depth int, made func(fn *types.Func, call *ast.CallExpr, depth int) bool) bool {
	if depth > maxFollowDepth {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(c.info, x).(*types.Func)
		return ok && made(fn, x, depth)
	case *ast.Ident:
		values := c.assigned(x)
		if len(values) == 0 {
			return false
		}
		for _, v := range values {
			if !c.follow(v, depth+1, made) {
				return false
			}
		}
		return true
	}
	return false
}

// assigned returns what body assigns to the local variable id names, or
// nil when it is no local variable of body or some value cannot be told.
func (c syntaxCall) assigned(id *ast.Ident) []ast.Expr {
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || c.body == nil || v.Pos() < c.body.Pos() || v.Pos() >= c.body.End() {
		return nil
	}
	values, complete := analyzerutil.AssignedValues(c.info, v, c.body)
	if !complete {
		return nil
	}
	return values
}

func (c syntaxCall) RequestMethod(i int) (string, bool) {
	e := c.arg(i)
	if e == nil {
		return "", false
	}
	return c.method(e, 0)
}

// method follows a request expression to the call that built it: the
// call itself, or every value assigned to a local variable of body.
func (c syntaxCall) method(e ast.Expr, depth int) (string, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(c.info, x).(*types.Func)
		if !ok {
			return "", false
		}
		if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel && IsRequestCopy(fn) && depth <= maxFollowDepth {
			return c.method(sel.X, depth+1)
		}
		i, ok := RequestMethodArg(fn)
		if !ok || i >= len(x.Args) {
			return "", false
		}
		v := c.info.Types[x.Args[i]].Value
		if v == nil || v.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(v), true
	case *ast.Ident:
		values := c.assigned(x)
		if depth > maxFollowDepth || len(values) == 0 {
			return "", false
		}
		method := ""
		for i, v := range values {
			m, ok := c.method(v, depth+1)
			if !ok || (i > 0 && m != method) {
				return "", false
			}
			method = m
		}
		return method, true
	}
	return "", false
}

func (c syntaxCall) Const(i int) constant.Value {
	e := c.arg(i)
	if e == nil {
		return nil
	}
	return c.info.Types[e].Value
}

func (c syntaxCall) FileArg(i int) bool {
	arg := c.arg(i)
	if arg == nil {
		return false
	}
	arg = ast.Unparen(arg)
	return IsFile(c.info.Types[arg].Type) && !analyzerutil.IsStdio(c.info.Uses[analyzerutil.NameIdent(arg)]) && !c.tempFile(arg, 0)
}

// cond returns the condition a call narrowed by rule puts on the callers
// of the function it lies in, when the argument the rule reads is one of
// the function's parameters: the request it sends, the file it writes to,
// the path it writes at (or the directory of that path, or a join that
// starts with it), or the path at which it opened the file it writes to.
// Keep says at which of the program's homes the caller's argument makes
// the call housekeeping.
func (c syntaxCall) cond(rule Rule) *Cond {
	switch rule.Kind {
	case RuleNotReading:
		if p, ok := c.param(rule.Arg); ok {
			return &Cond{Kind: rule.Kind, Param: p}
		}
	case RuleNotTemp:
		if p, fixed, ok := c.pathParam(rule.Arg); ok {
			keep := rule.Keep
			if rule.Makes != MakesOther {
				keep = rule.Makes.keep(false)
			}
			return &Cond{Kind: RuleNotTemp, Param: p, Keep: fixedKeep(keep, fixed)}
		}
	case RuleWriteFlags:
		if p, fixed, ok := c.pathParam(0); ok && rule.Makes != MakesOther {
			return &Cond{Kind: RuleNotTemp, Param: p, Keep: fixedKeep(rule.Makes.keep(exclusive(c.Const(rule.Arg))), fixed)}
		}
	case RuleToFile:
		if p, ok := c.param(rule.Arg); ok {
			keep := rule.Keep
			if rule.Makes != MakesOther {
				keep = rule.Makes.keep(true) // the caller's file tells whether it was created anew
			}
			return &Cond{Kind: RuleToFile, Param: p, Keep: keep}
		}
		if p, fixed, excl, ok := c.fileParam(rule.Arg); ok {
			return &Cond{Kind: RuleNotTemp, Param: p, Keep: fixedKeep(rule.Makes.keep(excl), fixed)}
		}
	}
	return nil
}

// fixedKeep narrows where a helper's write is housekeeping when the helper
// joins elements that are not constants to the path its caller gives: a
// name it chooses under the caller's config directory is no longer a path
// the program fixes, and only the cache directory stays disposable.
func fixedKeep(keep Home, fixed bool) Home {
	if !fixed && keep == ConfigHome {
		return CacheHome
	}
	return keep
}
